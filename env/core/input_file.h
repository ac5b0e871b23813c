// Reading input files safely: every file kibitz reads (checkpoints, policies,
// replays, scenarios, run state) is first checked to be a regular file, and a
// file read whole is read only up to a stated size. So a directory, a device
// such as /dev/zero or a FIFO given by mistake is a clear error naming the
// path, never a crash, a hang or gigabytes of memory.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

namespace kibitz {

// Throws KibitzError "cannot read <what> '<path>': <reason>" unless `path`
// names an existing regular file (symbolic links are followed). Reasons:
// "no such file", "is a directory", "not a regular file", "permission
// denied". `what` (say "checkpoint") may be empty.
void check_regular_file(const std::string& path, std::string_view what = {});

// Opens `path` for binary reading after check_regular_file; throws as it does,
// and when the open itself fails.
std::ifstream open_regular_file(const std::string& path, std::string_view what = {});

// The whole of `path`, which must be a regular file of at most `max_bytes`
// bytes; a larger file throws "... is N bytes, more than the limit of M"
// without reading it. The read itself also stops at the limit, so a file
// that grows while it is read cannot exceed it.
std::string read_file_limited(const std::string& path, std::uintmax_t max_bytes,
                              std::string_view what = {});

}  // namespace kibitz
