#include "training/distributed/dist_config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <sstream>
#include <vector>

#include "env/core/error.h"
#include "training/train_options.h"

namespace kibitz::training::distributed {
namespace {

constexpr const char* kMasterExample = "e.g. 127.0.0.1:29500";

KibitzError master_error(std::string_view text, const std::string& what) {
  return error("--master '", text, "': ", what);
}

std::uint16_t parse_port(std::string_view text, std::string_view whole) {
  unsigned value = 0;
  const auto [end, code] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || code != std::errc() || end != text.data() + text.size() || value < 1 ||
      value > 65535) {
    throw master_error(
        whole, "the port must be a number from 1 to 65535 (" + std::string(kMasterExample) + ")");
  }
  return static_cast<std::uint16_t>(value);
}

// The flags of a fingerprint, split at each " --".
std::vector<std::string> flags_of(const std::string& line) {
  std::vector<std::string> flags;
  std::size_t start = 0;
  while (start < line.size()) {
    std::size_t next = line.find(" --", start + 1);
    if (next == std::string::npos) next = line.size();
    flags.push_back(line.substr(start, next - start));
    start = next + 1;
  }
  return flags;
}

// "--batch" of "--batch 512".
std::string flag_name(const std::string& flag) { return flag.substr(0, flag.find(' ')); }

}  // namespace

MasterAddress parse_master(std::string_view text) {
  MasterAddress address;
  std::string_view port;
  if (!text.empty() && text.front() == '[') {
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
      throw master_error(text, "expected [IPv6]:PORT, e.g. [::1]:29500");
    }
    address.host = std::string(text.substr(1, close - 1));
    port = text.substr(close + 2);
  } else {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string_view::npos) {
      throw master_error(text, std::string("expected ADDR:PORT, ") + kMasterExample);
    }
    if (text.find(':') != colon) {
      throw master_error(text, "write an IPv6 address in brackets, e.g. [::1]:29500");
    }
    address.host = std::string(text.substr(0, colon));
    port = text.substr(colon + 1);
  }
  const bool blank = std::any_of(address.host.begin(), address.host.end(), [](char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
  });
  if (address.host.empty() || blank) {
    throw master_error(text,
                       std::string("the address is empty or has spaces (") + kMasterExample + ")");
  }
  address.port = parse_port(port, text);
  return address;
}

void validate_distributed(const TrainConfig& config) {
  const int n = config.world_size;
  if (config.rank < 0 || config.rank >= n) {
    throw error("--rank ", config.rank, ": out of range for --world-size ", n, " (ranks are 0 to ",
                n - 1, ")");
  }
  if (n == 1) {
    if (!config.master.empty()) {
      throw error(
          "--master: not used with --world-size 1 (a run of one process has no "
          "rendezvous); give --world-size N for a run of N processes");
    }
    return;
  }
  if (config.master.empty()) {
    throw error("--master ADDR:PORT is required with --world-size ", n,
                ": rank 0's address and the port it listens on for the rendezvous (",
                kMasterExample, ")");
  }
  parse_master(config.master);
  if (config.algorithm == Algorithm::kPpo && config.batch < n) {
    throw error("--batch ", config.batch, ": a run of ", n, " ranks needs at least ", n,
                " (--batch is the total across the ranks, at least one decision each)");
  }
  if (config.algorithm != Algorithm::kPpo && config.exit_games < n) {
    throw error("--exit-games ", config.exit_games, ": a run of ", n, " ranks needs at least ", n,
                " (--exit-games is the total across the ranks, at least one game each)");
  }
  if (config.device != "cpu" && !build_has_nccl()) {
    throw error("--device ", config.device, " with --world-size ", n,
                ": several ranks on CUDA need LibTorch's NCCL backend, and this build has none "
                "(Debian's libtorch-dev is built without CUDA or NCCL); use --device cpu, where "
                "the ranks talk through Gloo");
  }
  if (!build_has_gloo() && config.device == "cpu") {
    throw error("--world-size ", n,
                ": this build of kibitz has no Gloo backend (it was built without gloo's headers; "
                "install libgloo-dev and rebuild)");
  }
}

void check_master_port(const TrainConfig& config) {
  if (config.world_size == 1 || config.rank != 0) return;
  const MasterAddress master = parse_master(config.master);
  // The rendezvous listens on every interface (IPv4 and IPv6) at the port,
  // so the probe binds the IPv4 wildcard, as the store will, and with
  // SO_REUSEADDR, as the store does: a port held only by connections of an
  // earlier run in TIME_WAIT is free to it.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return;  // no socket to probe with: the store's own error will tell
  const int on = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  address.sin_port = htons(master.port);
  const bool bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 &&
                     ::listen(fd, 1) == 0;
  const int cause = errno;
  ::close(fd);
  if (!bound) {
    throw error("--master ", config.master, ": rank 0 cannot listen on port ", master.port,
                " on this machine (", std::strerror(cause),
                cause == EADDRINUSE ? "; another process holds it: pick a free port" : "", ")");
  }
}

std::string run_fingerprint(const TrainConfig& config) {
  TrainConfig shared = config;
  shared.rank = 0;
  shared.out_dir.clear();
  shared.master.clear();
  shared.resume = false;
  shared.force = false;
  shared.init.clear();
  return describe_options(shared);
}

std::string fingerprint_difference(const std::string& rank0, const std::string& mine) {
  if (rank0 == mine) return "";
  const std::vector<std::string> theirs = flags_of(rank0);
  const std::vector<std::string> ours = flags_of(mine);
  for (const std::string& flag : theirs) {
    if (std::find(ours.begin(), ours.end(), flag) != ours.end()) continue;
    const std::string name = flag_name(flag);
    const auto same_name = std::find_if(ours.begin(), ours.end(),
                                        [&](const std::string& o) { return flag_name(o) == name; });
    return flag + " on rank 0, " + (same_name == ours.end() ? "no " + name : *same_name) + " here";
  }
  for (const std::string& flag : ours) {
    if (std::find(theirs.begin(), theirs.end(), flag) == theirs.end()) {
      return flag + " here, not on rank 0";
    }
  }
  return "the order of the options";
}

Share share_of(std::int64_t total, int rank, int world_size) {
  const std::int64_t n = world_size;
  const std::int64_t base = total / n;
  const std::int64_t extra = total % n;
  Share share;
  share.begin = rank * base + std::min<std::int64_t>(rank, extra);
  share.end = share.begin + base + (rank < extra ? 1 : 0);
  return share;
}

}  // namespace kibitz::training::distributed
