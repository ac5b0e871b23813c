// Writing result files atomically: a reader, a crash or Ctrl-C never sees half
// a file. The bytes go to a temporary file beside the target, which is then
// renamed over it, one atomic step on POSIX file systems. Every layer that
// writes results (policies, checkpoints, training state, metrics, arena and
// replay output) goes through here.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace kibitz {

// Calls `write` with a binary stream onto a temporary file in `path`'s folder
// (a name no other process or call uses), then renames it to `path`. On
// failure, whether opening, writing, `write` throwing or renaming, the
// temporary file is removed and `path` is left as it was. Failures throw
// KibitzError "cannot write <what> '<path>': <reason>"; `what` (say
// "checkpoint") may be empty. An exception from `write` passes through as is.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                           std::string_view what = {});

// The same for text already in memory.
void write_file_atomically(const std::string& path, std::string_view text,
                           std::string_view what = {});

// Throws KibitzError naming `path` unless a file can be created beside it
// (and removes what it created): lets a long run fail at its start, not at
// its end.
void check_writable(const std::string& path);

}  // namespace kibitz
