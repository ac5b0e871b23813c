// ReplayWriter: writes records to a replay file so that the file on disk is
// always complete and valid. Records go to a temporary file in the same
// directory ("<path>.tmp.<pid>.<n>"), which close() renames over the path in
// one atomic step; until then the path holds its old contents (or nothing).
// A writer destroyed without close() (an error, an exception) removes its
// temporary file. A process killed outright can leave the temporary behind,
// never a half-written path.
//
// Appending copies the existing file into the temporary first, after
// checking every frame of it, so an append is as atomic as a fresh write;
// it costs time linear in the existing file's size.
//
// Not thread-safe: several threads producing games share one writer behind a
// mutex (a write is a memory copy; the disk is touched in large blocks).
#pragma once

#include <cstddef>
#include <fstream>
#include <string>

#include "replays/replay_record.h"

namespace kibitz::replays {

// What happens to a file that already exists at the path.
enum class WriteMode {
  kReplace,  // the file ends up holding only the records written now
  kAppend,   // the records written now go after those already in the file
};

// Writes records to one replay file, atomically (see above).
class ReplayWriter {
 public:
  // Creates the temporary file at once, so a path that cannot be written
  // fails before any game is played. Throws KibitzError naming the path.
  explicit ReplayWriter(std::string path, WriteMode mode = WriteMode::kReplace);
  ~ReplayWriter();
  ReplayWriter(const ReplayWriter&) = delete;
  ReplayWriter& operator=(const ReplayWriter&) = delete;

  // Adds one record. Throws KibitzError (and writes nothing of it) when the
  // record exceeds the format's limits or the disk refuses the bytes.
  void write(const ReplayRecord& record);

  // Writes out what is buffered and renames the temporary over the path.
  // Throws KibitzError naming the path on failure (the temporary is removed).
  void close();
  // Drops everything written: removes the temporary, leaves the path as it was.
  void discard();

  bool is_open() const { return open_; }
  const std::string& path() const { return path_; }
  // Records written by this writer (those already in an appended-to file excluded).
  std::size_t records_written() const { return records_; }

 private:
  void flush_buffer();

  std::string path_;
  std::string temporary_;
  std::ofstream out_;
  std::string buffer_;  // whole frames waiting to go to out_
  std::size_t records_ = 0;
  bool open_ = false;
};

}  // namespace kibitz::replays
