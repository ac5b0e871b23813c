#include "tools/line_input.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "env/core/error.h"

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

bool wait_for_input(int fd, const std::atomic<bool>* stop) {
  const auto stopped = [stop] { return stop != nullptr && stop->load(); };
  // The stop signals are blocked from the flag check until ppoll atomically
  // unblocks them, so a Ctrl-C between the two cannot be missed (it ends
  // the ppoll at once).
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGHUP);
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &stop_signals, &previous);
  int ready = 0;
  int wait_error = 0;
  while (!stopped()) {
    pollfd request{fd, POLLIN, 0};
    ready = ::ppoll(&request, 1, nullptr, &previous);
    wait_error = ready < 0 ? errno : 0;
    if (ready > 0 || wait_error != EINTR) break;
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (stopped()) return false;
  if (ready < 0) throw error("cannot wait for input: ", std::strerror(wait_error));
  return true;
}

std::optional<std::string> FdLineInput::read_line() {
  while (true) {
    if (reader_.stopped()) throw Interrupted();
    std::optional<BoundedLineReader::Line> line = reader_.next();
    if (!line) {
      if (reader_.stopped()) throw Interrupted();
      return std::nullopt;
    }
    if (line->too_long) {
      notices_ << "skipped a line of " << line->bytes << " bytes: longer than the "
               << kMaxLineBytes << "-byte limit\n"
               << std::flush;
      continue;
    }
    return without_carriage_return(std::move(line->text));
  }
}

}  // namespace kibitz::tools
