#include "tools/launch_ports.h"

#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

// Closes a socket when it goes out of scope.
class Socket {
 public:
  explicit Socket(int family) : fd_(::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0)) {}
  ~Socket() {
    if (fd_ >= 0) ::close(fd_);
  }
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

sockaddr_in any_address(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  address.sin_port = htons(port);
  return address;
}

}  // namespace

void check_port_free(std::uint16_t port) {
  Socket probe(AF_INET);
  if (probe.fd() < 0)
    throw error("--master-port ", port, ": no socket to probe it with (", std::strerror(errno),
                ")");
  const int on = 1;
  ::setsockopt(probe.fd(), SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  const sockaddr_in address = any_address(port);
  if (::bind(probe.fd(), reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 &&
      ::listen(probe.fd(), 1) == 0) {
    return;
  }
  const int cause = errno;
  throw error("--master-port ", port, ": rank 0 could not listen on it on this machine (",
              std::strerror(cause),
              cause == EADDRINUSE ? "; another process holds it: pick another port, or leave "
                                    "--master-port out and a free one is picked"
                                  : "",
              ")");
}

std::uint16_t pick_free_port() {
  Socket probe(AF_INET);
  sockaddr_in address = any_address(0);
  socklen_t length = sizeof address;
  if (probe.fd() < 0 ||
      ::bind(probe.fd(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(probe.fd(), reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    throw error("no free port for the rendezvous (", std::strerror(errno),
                "); give one with --master-port");
  }
  return ntohs(address.sin_port);
}

void check_local_address(const std::string& host) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int code = ::getaddrinfo(host.c_str(), nullptr, &hints, &found);
  if (code != 0) {
    throw error("--master-addr '", host, "': does not resolve (", ::gai_strerror(code), ")");
  }
  bool local = false;
  for (const addrinfo* entry = found; entry != nullptr && !local; entry = entry->ai_next) {
    // Binding port 0 there succeeds only for an address of this machine.
    Socket probe(entry->ai_family);
    local = probe.fd() >= 0 && ::bind(probe.fd(), entry->ai_addr, entry->ai_addrlen) == 0;
  }
  ::freeaddrinfo(found);
  if (!local) {
    throw error("--master-addr '", host,
                "': not an address of this machine; kibitz launch starts every rank here, so "
                "rank 0 listens on one of this machine's addresses (default 127.0.0.1; "
                "docs/distributed.md runs ranks on several machines)");
  }
}

std::string master_text(const std::string& host, std::uint16_t port) {
  const bool ipv6 = host.find(':') != std::string::npos;
  return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

}  // namespace kibitz::tools
