// InterruptGuard: Ctrl-C handling shared by long commands (arena, train).
// While a guard lives, the first SIGINT sets its stop flag and prints the
// command's message to stderr, so the command can finish what is under way
// and report; a second SIGINT exits at once with kExitInterrupted. The
// previous handler is restored when the guard ends.
#pragma once

#include <atomic>
#include <csignal>

namespace kibitz::tools {

class InterruptGuard {
 public:
  // `message` must outlive the guard (a string literal); it should end in a
  // newline. Only one guard may live at a time.
  explicit InterruptGuard(const char* message);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Set by the first Ctrl-C; lock-free, as a signal handler requires.
  std::atomic<bool>& stop_flag();
  bool interrupted() const;

 private:
  struct sigaction previous_ {};
};

}  // namespace kibitz::tools
