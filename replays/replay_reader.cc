#include "replays/replay_reader.h"

#include <iomanip>
#include <sstream>

#include "env/core/error.h"
#include "env/core/input_file.h"
#include "env/core/registry.h"
#include "replays/checksum.h"
#include "replays/frame.h"
#include "replays/record_codec.h"

namespace kibitz::replays {
namespace {

std::string canonical_game(std::string_view spec) {
  if (spec.empty()) return {};
  return load_game(spec)->spec();
}

std::string hex(std::uint32_t value) {
  std::ostringstream out;
  out << "0x" << std::hex << std::setw(8) << std::setfill('0') << value;
  return out.str();
}

}  // namespace

ReplayReader::ReplayReader(const std::string& path, std::string_view expected_game)
    : file_(std::make_unique<std::ifstream>(open_regular_file(path, "replay"))),
      in_(file_.get()),
      source_name_(path),
      expected_game_(canonical_game(expected_game)) {
  // A regular file (never a directory or a device), read frame by frame: the
  // payload limit (frame.h) bounds what one read allocates, so the file's
  // size is not limited.
  file_->seekg(0, std::ios::end);
  size_ = static_cast<std::int64_t>(file_->tellg());
  file_->seekg(0, std::ios::beg);
  if (size_ < 0 || !*file_) throw error("cannot read replay '", path, "': not seekable");
}

ReplayReader::ReplayReader(std::istream& in, std::string source_name,
                           std::string_view expected_game)
    : in_(&in),
      source_name_(std::move(source_name)),
      expected_game_(canonical_game(expected_game)) {
  const std::istream::pos_type start = in.tellg();
  if (start != std::istream::pos_type(-1) && in.seekg(0, std::ios::end)) {
    size_ = static_cast<std::int64_t>(in.tellg() - start);
    in.seekg(start);
  }
  // An input that cannot tell its size is read without the early length
  // check; the payload limit still bounds what is allocated.
  in.clear();
}

void ReplayReader::fail(const std::string& problem) const {
  throw error(source_name_, ": record ", index_, " at byte ", frame_offset_, ": ", problem);
}

bool ReplayReader::next_payload(std::string_view& payload) {
  frame_offset_ = offset_;
  char header_bytes[kFrameHeaderSize];
  in_->read(header_bytes, kFrameHeaderSize);
  const auto got = static_cast<std::size_t>(in_->gcount());
  if (got == 0 && in_->eof()) return false;
  if (got < kFrameHeaderSize) {
    fail("truncated: the file ends " + std::to_string(got) + " bytes into the " +
         std::to_string(kFrameHeaderSize) + "-byte frame header");
  }
  const FrameHeader header = read_frame_header(header_bytes);
  if (header.magic != kFrameMagic) {
    fail("bad magic tag (expected \"KBZR\"): not a kibitz replay file, or corrupted");
  }
  if (header.version < kOldestReplayFormatVersion || header.version > kReplayFormatVersion) {
    fail("format version " + std::to_string(header.version) + ", but this build reads versions " +
         std::to_string(kOldestReplayFormatVersion) + " to " + std::to_string(kReplayFormatVersion));
  }
  payload_version_ = header.version;
  if (header.payload_length > kMaxPayloadBytes) {
    fail("payload length " + std::to_string(header.payload_length) + " exceeds the limit of " +
         std::to_string(kMaxPayloadBytes) + " bytes: corrupted");
  }
  const std::uint64_t payload_start = offset_ + kFrameHeaderSize;
  if (size_ >= 0 && payload_start + header.payload_length > static_cast<std::uint64_t>(size_)) {
    fail("truncated: the header announces " + std::to_string(header.payload_length) +
         " payload bytes but only " +
         std::to_string(static_cast<std::uint64_t>(size_) - payload_start) + " remain");
  }
  payload_.resize(header.payload_length);
  in_->read(payload_.data(), static_cast<std::streamsize>(payload_.size()));
  if (static_cast<std::size_t>(in_->gcount()) != payload_.size()) {
    fail("truncated: the header announces " + std::to_string(header.payload_length) +
         " payload bytes but only " + std::to_string(in_->gcount()) + " remain");
  }
  const std::uint32_t checksum = crc32(payload_);
  if (checksum != header.checksum) {
    fail("checksum mismatch (stored " + hex(header.checksum) + ", computed " + hex(checksum) +
         "): the record is corrupted");
  }
  offset_ = payload_start + header.payload_length;
  ++index_;
  payload = payload_;
  return true;
}

bool ReplayReader::next(ReplayRecord& out) {
  std::string_view payload;
  if (!next_payload(payload)) return false;
  // Errors below belong to the record just read, not the next one.
  --index_;
  try {
    decode_record(payload, out, payload_version_);
  } catch (const KibitzError& e) {
    fail(e.what());
  }
  if (!expected_game_.empty() && out.game != expected_game_) {
    fail("a record of " + out.game + ", expected " + expected_game_);
  }
  ++index_;
  return true;
}

ReplayRecord read_record_at(const std::string& path, std::uint64_t index) {
  ReplayReader reader(path);
  std::string_view payload;
  while (reader.record_index() < index) {
    if (!reader.next_payload(payload)) {
      throw error(path, " holds ", reader.record_index(), " records; --game ", index,
                  " does not exist (records are counted from 0)");
    }
  }
  ReplayRecord record;
  if (!reader.next(record)) {
    throw error(path, " holds ", index, " records; --game ", index, " does not exist (records are counted from 0)");
  }
  return record;
}

std::vector<ReplayRecord> read_replay_file(const std::string& path,
                                           std::string_view expected_game) {
  ReplayReader reader(path, expected_game);
  std::vector<ReplayRecord> records;
  ReplayRecord record;
  while (reader.next(record)) records.push_back(record);
  return records;
}

}  // namespace kibitz::replays
