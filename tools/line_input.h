// LineInput: where a person's typed lines come from. `kibitz play` reads
// standard input through FdLineInput, which a Ctrl-C stops even while it
// waits for a line: the interrupt handler restarts blocking reads
// (SA_RESTART), so a plain std::getline on std::cin would sit at the prompt
// and the finished games could not be saved. Tests use StreamLineInput.
#pragma once

#include <atomic>
#include <exception>
#include <istream>
#include <optional>
#include <string>

#include "env/core/error.h"

namespace kibitz::tools {

// Thrown when the input ends before the person chose an action: the game
// cannot go on, and the command says so instead of inventing a move.
class InputClosed : public KibitzError {
 public:
  InputClosed() : KibitzError("input closed before the game ended") {}
};

// Thrown when Ctrl-C stops a game: during a wait for input, or (thrown by the
// play table) between two moves. Not a KibitzError: nothing was bad, and the
// command answers it with exit status 130.
class Interrupted : public std::exception {
 public:
  const char* what() const noexcept override { return "interrupted"; }
};

class LineInput {
 public:
  virtual ~LineInput() = default;
  // The next line, without its line end ("\n" or "\r\n"); nullopt at the end
  // of input. A last line without a newline is still a line.
  virtual std::optional<std::string> read_line() = 0;
};

// Lines from a stream (scripted input in tests).
class StreamLineInput final : public LineInput {
 public:
  // `in` must outlive this object.
  explicit StreamLineInput(std::istream& in) : in_(in) {}
  std::optional<std::string> read_line() override;

 private:
  std::istream& in_;
};

// Lines from a file descriptor, read unbuffered by anything else, so the
// wait for data can be a ppoll that a signal ends. Once `stop` (e.g. an
// InterruptGuard's flag) is set, read_line throws Interrupted, whether
// it was waiting or not.
class FdLineInput final : public LineInput {
 public:
  // A line longer than this is an error (KibitzError), so endless input
  // without a newline (a stray /dev/zero) cannot fill the memory.
  static constexpr std::size_t kMaxLineBytes = 1 << 20;

  // `stop` may be null (then only end of input ends a wait); it must outlive
  // this object. Nothing else may read `fd` meanwhile.
  FdLineInput(int fd, const std::atomic<bool>* stop) : fd_(fd), stop_(stop) {}
  std::optional<std::string> read_line() override;

 private:
  bool stopped() const { return stop_ != nullptr && stop_->load(); }
  // Blocks until `fd_` has data or is at its end; throws Interrupted
  // when `stop_` is set before or during the wait.
  void wait_until_readable();

  int fd_;
  const std::atomic<bool>* stop_;
  std::string buffer_;  // read but not yet returned
  bool at_end_ = false;
};

}  // namespace kibitz::tools
