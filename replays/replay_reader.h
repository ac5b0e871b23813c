// ReplayReader: reads the records of a replay file (frame.h) one by one.
// Whatever the bytes, it either returns records or throws KibitzError naming
// the file, the record index (from 0) and the byte offset of that record's
// frame, and what is wrong: a file cut short, a bad magic tag, a format
// version this build does not read, a checksum mismatch (corruption), a
// malformed payload, or a record of another game than the one expected.
#pragma once

#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "replays/replay_record.h"

namespace kibitz::replays {

// Reads the records of one replay file or stream, checking every frame.
class ReplayReader {
 public:
  // Opens `path`; throws KibitzError naming it when it cannot be opened.
  // With a non-empty `expected_game` (any spec of the game, parameters
  // included), a record of another game is an error.
  explicit ReplayReader(const std::string& path, std::string_view expected_game = {});
  // Reads from `in` (which must outlive the reader), e.g. bytes in memory;
  // `source_name` names it in errors.
  ReplayReader(std::istream& in, std::string source_name, std::string_view expected_game = {});

  // Reads the next record into `out` (reusing its capacity); false at the
  // clean end of the input.
  bool next(ReplayRecord& out);
  // Reads the next frame and checks it (magic, version, length, checksum)
  // without decoding it; `payload` stays valid until the next call.
  bool next_payload(std::string_view& payload);

  // The index of the next record and the byte offset of its frame.
  std::size_t record_index() const { return index_; }
  std::uint64_t offset() const { return offset_; }

 private:
  [[noreturn]] void fail(const std::string& problem) const;

  std::unique_ptr<std::ifstream> file_;  // set when the reader opened the file itself
  std::istream* in_;
  std::string source_name_;
  std::string expected_game_;  // canonical spec, or empty
  std::int64_t size_ = -1;     // bytes from the start, when the input can tell
  std::size_t index_ = 0;
  std::uint64_t offset_ = 0;
  std::uint64_t frame_offset_ = 0;  // of the frame being read, for errors
  std::string payload_;
  std::uint32_t payload_version_ = 0;  // the format of payload_
};

// Every record of a file, in order (see ReplayReader for the errors).
// Record `index` (from 0) of the file at `path`, decoding only that one
// (the frames before it are checked, not decoded). Throws KibitzError as the
// reader does, or naming how many records the file holds when it has no
// record `index` ("... --game N does not exist").
ReplayRecord read_record_at(const std::string& path, std::uint64_t index);

std::vector<ReplayRecord> read_replay_file(const std::string& path,
                                           std::string_view expected_game = {});

}  // namespace kibitz::replays
