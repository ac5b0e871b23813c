// BoundedLineReader: lines from a file descriptor with a limit on their
// length that bounds the memory, not just the answer. A line longer than the
// limit is read to its end and thrown away as it goes (at most the limit
// plus one read buffer is ever held), and reported as too long, so a peer
// that sends 10 MB without a newline cannot grow the reader's memory and
// the next line is read normally.
//
// The engine protocol reads its requests through it, and `seat` and `play`
// a person's lines (tools/line_input.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>

namespace kibitz::tools {

class BoundedLineReader {
 public:
  struct Line {
    std::string text;     // without its "\n" (and "\r"); empty when too_long
    bool too_long = false;
    std::size_t bytes = 0;  // the line's length as sent (counted while skipping)
  };

  // Nothing else may read `fd` meanwhile. Once `stop` (may be null; e.g. an
  // InterruptGuard's flag) is set, waiting for input ends: next() returns
  // nullopt as at the end of input (stopped() tells the two apart).
  BoundedLineReader(int fd, std::size_t max_bytes, const std::atomic<bool>* stop = nullptr)
      : fd_(fd), max_bytes_(max_bytes), stop_(stop) {}

  // The next line; nullopt at the end of input or once stopped (a last line
  // without a newline is still a line). Throws KibitzError on a read error.
  std::optional<Line> next();
  bool stopped() const { return stop_ != nullptr && stop_->load(); }

 private:
  // Reads more into buffer_; false at the end of input.
  bool fill();

  int fd_;
  std::size_t max_bytes_;
  const std::atomic<bool>* stop_;
  std::string buffer_;
  std::size_t start_ = 0;  // where the unread part of buffer_ begins
  bool at_end_ = false;
};

}  // namespace kibitz::tools
