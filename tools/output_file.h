// Writing result files atomically: a reader (or a crash, or Ctrl-C) never
// sees half a file. The text goes to a temporary file next to the target,
// which is then renamed over it, an atomic step on POSIX file systems.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace kibitz::tools {

// Calls `write` with a stream onto "<path>.tmp.<pid>", then renames that file
// to `path`. Throws KibitzError naming the path when it cannot be written;
// the temporary file is removed on failure.
void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write);

// Throws KibitzError naming the path unless its temporary file can be
// created (and removes it): lets a long run fail at the start, not the end.
void check_writable(const std::string& path);

}  // namespace kibitz::tools
