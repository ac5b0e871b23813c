// InterruptGuard: stop requests by signal, shared by the long commands
// (arena, play, train, seat, serve).
//
// While a guard lives, SIGINT (Ctrl-C), SIGTERM and SIGHUP ask the command
// to stop. The first of them sets stop_flag() and prints the command's
// message to stderr; the command then finishes what keeps its results whole
// (arena: the games under way; train: the iteration and a checkpoint),
// reports, and exits with exit_status(): 128 + the signal's number, so 130
// for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
//
// Later signals never end the process, so no number of them can lose what
// has finished (coreutils `timeout` signals a process and its group, so a
// single request often arrives twice). They set hurry_flag() instead, which
// a command may use to cut the searches under way short (arena does), and
// print the hurry message once. Only SIGKILL (or SIGQUIT, Ctrl-\) ends the
// process at once. The previous handlers come back when the guard ends,
// unless a stop was asked for: then the process is on its way out with its
// results kept, and the signals are ignored until it exits.
#pragma once

#include <atomic>
#include <csignal>

namespace kibitz::tools {

class InterruptGuard {
 public:
  struct Options {
    // Whether SIGTERM and SIGHUP are stop requests too (otherwise they keep
    // their default action: the rank of a distributed run is ended by its
    // launcher with SIGTERM, tools/local_ranks.h).
    bool terminate_signals = true;
    // Printed once, at the second signal; null: a generic line.
    const char* hurry_message = nullptr;
  };

  // `message` (and Options::hurry_message) must outlive the guard (string
  // literals); they should end in a newline. Only one guard may live at a
  // time.
  explicit InterruptGuard(const char* message) : InterruptGuard(message, Options()) {}
  InterruptGuard(const char* message, const Options& options);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Set by the first signal; lock-free, as a signal handler requires.
  std::atomic<bool>& stop_flag();
  bool interrupted() const;
  // Set by the second signal and any later one.
  std::atomic<bool>& hurry_flag();
  // 128 + the first signal's number; kExitInterrupted (130) before any.
  int exit_status() const;

 private:
  bool terminate_signals_;
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
  struct sigaction previous_hup_ {};
};

}  // namespace kibitz::tools
