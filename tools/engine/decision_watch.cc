#include "tools/engine/decision_watch.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

// How often the watcher looks at the flag; also the most a search outlives
// an interrupt or a hang-up by, besides its current simulation.
constexpr int kPollMs = 20;

}  // namespace

DecisionWatch::DecisionWatch(int fd, const std::atomic<bool>* interrupt) {
  if (::pipe2(wake_, O_CLOEXEC) != 0) throw error("cannot create a pipe: ", std::strerror(errno));
  watcher_ = std::thread([this, fd, interrupt] { watch(fd, interrupt); });
}

DecisionWatch::~DecisionWatch() {
  // One byte on the wake pipe ends the watcher's wait at once, so the
  // decision's answer is not held back by a poll interval.
  const char byte = 0;
  [[maybe_unused]] const ssize_t written = ::write(wake_[1], &byte, 1);
  watcher_.join();
  ::close(wake_[0]);
  ::close(wake_[1]);
}

void DecisionWatch::watch(int fd, const std::atomic<bool>* interrupt) {
  while (true) {
    if (interrupt != nullptr && interrupt->load()) {
      stop_.store(true);
      return;
    }
    // No POLLIN on `fd`: data waiting to be read is no event here, only the
    // writer's end is (the kernel reports POLLHUP and POLLERR whatever is
    // asked; POLLRDHUP is a socket's half-close).
    std::array<pollfd, 2> requests{pollfd{fd, POLLRDHUP, 0}, pollfd{wake_[0], POLLIN, 0}};
    if (::poll(requests.data(), requests.size(), kPollMs) <= 0) continue;
    if (requests[1].revents != 0) return;  // the decision is over
    if ((requests[0].revents & (POLLHUP | POLLRDHUP | POLLERR | POLLNVAL)) != 0) {
      input_closed_.store(true);
      stop_.store(true);
      return;
    }
  }
}

}  // namespace kibitz::tools
