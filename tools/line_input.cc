#include "tools/line_input.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

namespace kibitz::tools {
namespace {

// Drops the '\r' of a "\r\n" line end (input typed on another system).
std::string without_carriage_return(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

}  // namespace

std::optional<std::string> StreamLineInput::read_line() {
  std::string line;
  if (!std::getline(in_, line)) return std::nullopt;
  return without_carriage_return(std::move(line));
}

void FdLineInput::wait_until_readable() {
  // SIGINT is blocked from the flag check until ppoll atomically unblocks it,
  // so a Ctrl-C between the two cannot be missed (it ends the ppoll at once).
  sigset_t interrupt_only;
  sigemptyset(&interrupt_only);
  sigaddset(&interrupt_only, SIGINT);
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &interrupt_only, &previous);
  int ready = 0;
  int wait_error = 0;
  if (!stopped()) {
    pollfd request{fd_, POLLIN, 0};
    ready = ::ppoll(&request, 1, nullptr, &previous);
    wait_error = ready < 0 ? errno : 0;
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (stopped()) throw Interrupted();
  if (ready < 0 && wait_error != EINTR) {
    throw error("cannot wait for standard input: ", std::strerror(wait_error));
  }
}

std::optional<std::string> FdLineInput::read_line() {
  if (stopped()) throw Interrupted();
  while (true) {
    const std::size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return without_carriage_return(std::move(line));
    }
    if (buffer_.size() > kMaxLineBytes) {
      throw error("a line of standard input is longer than ", kMaxLineBytes, " bytes");
    }
    if (at_end_) {
      if (buffer_.empty()) return std::nullopt;
      return without_carriage_return(std::exchange(buffer_, std::string()));
    }
    wait_until_readable();
    std::array<char, 4096> chunk;
    const ssize_t got = ::read(fd_, chunk.data(), chunk.size());
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw error("cannot read standard input: ", std::strerror(errno));
    }
    if (got == 0) {
      at_end_ = true;
    } else {
      buffer_.append(chunk.data(), static_cast<std::size_t>(got));
    }
  }
}

}  // namespace kibitz::tools
