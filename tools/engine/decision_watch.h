// DecisionWatch: the stop flag of one decision (ActBudget::stop) for a
// command that takes requests from a file descriptor: `kibitz engine` and
// `kibitz seat`. While it lives, a thread sets flag() when
//  * `interrupt` is set (Ctrl-C: the command's InterruptGuard), or
//  * the descriptor's writer has gone: a pipe whose writer closed it, a
//    socket shut down, a terminal hung up (poll's POLLHUP or POLLRDHUP).
// A search reads the flag after every simulation, so the decision ends at
// once with what it has found. Lines the writer sent before closing stay
// readable: only the search is cut short. A regular file never "hangs up":
// a session read from a file searches in full.
#pragma once

#include <atomic>
#include <thread>

namespace kibitz::tools {

class DecisionWatch {
 public:
  // `interrupt` may be null; it must outlive the watch. Throws KibitzError
  // when the watch cannot be set up.
  DecisionWatch(int fd, const std::atomic<bool>* interrupt);
  // Stops watching at once.
  ~DecisionWatch();
  DecisionWatch(const DecisionWatch&) = delete;
  DecisionWatch& operator=(const DecisionWatch&) = delete;

  const std::atomic<bool>* flag() const { return &stop_; }
  // Whether the writer was found gone (as opposed to an interrupt).
  bool input_closed() const { return input_closed_.load(); }

 private:
  void watch(int fd, const std::atomic<bool>* interrupt);

  std::atomic<bool> stop_{false};
  std::atomic<bool> input_closed_{false};
  int wake_[2] = {-1, -1};  // a pipe: a byte on it ends the watch
  std::thread watcher_;
};

}  // namespace kibitz::tools
