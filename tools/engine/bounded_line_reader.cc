#include "tools/engine/bounded_line_reader.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "env/core/error.h"
#include "tools/line_input.h"

namespace kibitz::tools {

bool BoundedLineReader::fill() {
  if (at_end_) return false;
  // Drop what was returned already, so the buffer holds one line's worth.
  buffer_.erase(0, start_);
  start_ = 0;
  char chunk[65536];
  while (true) {
    // A stop ends the wait; at_end_ stays false, as nothing ended.
    if (!wait_for_input(fd_, stop_)) return false;
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw error("cannot read the input: ", std::strerror(errno));
    if (got == 0) {
      at_end_ = true;
      return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }
}

std::optional<BoundedLineReader::Line> BoundedLineReader::next() {
  Line line;
  std::size_t scanned = 0;  // bytes after start_ known to hold no newline
  while (true) {
    const std::size_t end = buffer_.find('\n', start_ + scanned);
    if (end != std::string::npos) {
      const std::size_t length = end - start_;
      if (line.too_long || length > max_bytes_) {
        line.too_long = true;
        line.bytes += length;
      } else {
        line.text.assign(buffer_, start_, length);
        line.bytes = length;
        if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
      }
      start_ = end + 1;
      return line;
    }
    const std::size_t length = buffer_.size() - start_;
    if (line.too_long || length > max_bytes_) {
      // Too long: from here on the line is only counted, never kept.
      line.too_long = true;
      line.bytes += length;
      start_ = buffer_.size();
      scanned = 0;
    } else {
      scanned = length;
    }
    if (!fill()) {
      if (stopped()) return std::nullopt;  // a part of a line is no line
      if (line.too_long) return line;
      if (start_ >= buffer_.size()) return std::nullopt;
      line.text.assign(buffer_, start_, std::string::npos);
      line.bytes = line.text.size();
      start_ = buffer_.size();
      return line;
    }
  }
}

}  // namespace kibitz::tools
