// LineInput: where a person's typed lines come from. `kibitz play` reads
// standard input through FdLineInput, which a Ctrl-C stops even while it
// waits for a line: the interrupt handler restarts blocking reads
// (SA_RESTART), so a plain std::getline on std::cin would sit at the prompt
// and the finished games could not be saved. Tests use StreamLineInput.
#pragma once

#include <atomic>
#include <exception>
#include <iostream>
#include <istream>
#include <optional>
#include <string>

#include "env/core/error.h"
#include "tools/engine/bounded_line_reader.h"

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
  // Whether read_line shows the prompt itself (line editing redraws it);
  // otherwise the caller writes it before reading.
  virtual bool draws_prompt() const { return false; }
  virtual void set_prompt(const std::string& prompt) {}
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
// it was waiting or not. A line longer than kMaxLineBytes is skipped as it
// is read (it never fills the memory) and `notices` is told so; the next
// line is read as usual, as `kibitz engine` does.
class FdLineInput final : public LineInput {
 public:
  static constexpr std::size_t kMaxLineBytes = 1 << 20;

  // `stop` may be null (then only end of input ends a wait); it and
  // `notices` must outlive this object. Nothing else may read `fd`
  // meanwhile.
  FdLineInput(int fd, const std::atomic<bool>* stop, std::ostream& notices = std::cerr)
      : reader_(fd, kMaxLineBytes, stop), notices_(notices) {}
  std::optional<std::string> read_line() override;

 private:
  BoundedLineReader reader_;
  std::ostream& notices_;
};

// Blocks until `fd` has data or is at its end (true), or until `stop` (may
// be null) is set, before or during the wait (false). The stop signals
// (tools/interrupt.h) end the wait, so a flag they set is never missed.
bool wait_for_input(int fd, const std::atomic<bool>* stop);

}  // namespace kibitz::tools
