#include "training/distributed/backend.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#ifdef KIBITZ_HAVE_GLOO
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#endif
#ifdef KIBITZ_HAVE_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include "env/core/error.h"
#include "training/distributed/dist_config.h"

namespace kibitz::training::distributed {

bool build_has_gloo() {
#ifdef KIBITZ_HAVE_GLOO
  return true;
#else
  return false;
#endif
}

bool build_has_nccl() {
#ifdef KIBITZ_HAVE_NCCL
  return true;
#else
  return false;
#endif
}

std::string local_address_towards(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  // Any port will do: a UDP connect only picks the route.
  if (const int code = ::getaddrinfo(host.c_str(), "9", &hints, &found); code != 0) {
    throw error("--master: cannot resolve '", host, "': ", ::gai_strerror(code));
  }
  std::string local;
  int cause = 0;
  for (const addrinfo* at = found; at != nullptr && local.empty(); at = at->ai_next) {
    const int fd = ::socket(at->ai_family, SOCK_DGRAM, 0);
    if (fd < 0) continue;
    sockaddr_storage mine{};
    socklen_t length = sizeof mine;
    if (::connect(fd, at->ai_addr, at->ai_addrlen) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&mine), &length) == 0) {
      char text[INET6_ADDRSTRLEN] = {};
      const void* raw =
          mine.ss_family == AF_INET
              ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(&mine)->sin_addr)
              : &reinterpret_cast<sockaddr_in6*>(&mine)->sin6_addr;
      if (::inet_ntop(mine.ss_family, raw, text, sizeof text) != nullptr) local = text;
    } else {
      cause = errno;
    }
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (local.empty()) {
    throw error("--master: no route from this machine to '", host, "'",
                cause != 0 ? std::string(" (") + std::strerror(cause) + ")" : std::string());
  }
  return local;
}

c10::intrusive_ptr<c10d::ProcessGroup> make_process_group(
    const c10::intrusive_ptr<c10d::Store>& store, int rank, int size, const std::string& device,
    const std::string& master_host, std::chrono::milliseconds timeout) {
  if (device != "cpu") {
#ifdef KIBITZ_HAVE_NCCL
    auto options = c10d::ProcessGroupNCCL::Options::create();
    options->timeout = timeout;
    return c10::make_intrusive<c10d::ProcessGroupNCCL>(store, rank, size, options);
#else
    throw error("--device ", device, ": this build has no NCCL backend");
#endif
  }
#ifdef KIBITZ_HAVE_GLOO
  auto options = c10d::ProcessGroupGloo::Options::create(timeout);
  const char* interface = std::getenv("GLOO_SOCKET_IFNAME");
  options->devices.push_back(
      interface != nullptr && *interface != '\0'
          ? c10d::ProcessGroupGloo::createDeviceForInterface(interface)
          : c10d::ProcessGroupGloo::createDeviceForHostname(local_address_towards(master_host)));
  // One collective at a time is all the trainer asks of it.
  options->threads = 1;
  return c10::make_intrusive<c10d::ProcessGroupGloo>(store, rank, size, options);
#else
  throw error("--world-size ", size,
              ": this build has no Gloo backend (install libgloo-dev and "
              "rebuild)");
#endif
}

}  // namespace kibitz::training::distributed
