// The frame of one record in a replay file. A file is frames one after
// another, nothing else (an empty file holds no records). Every integer is
// little-endian:
//
//   offset  size  field
//        0     4  magic tag "KBZR"
//        4     4  format version (kReplayFormatVersion)
//        8     4  payload length in bytes, at most kMaxPayloadBytes
//       12     4  CRC-32 of the payload (checksum.h)
//       16     n  payload: the record in cereal portable binary
//
// The length lets a reader find the next record and notice a file cut short;
// the checksum catches a damaged payload before any of it is decoded.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace kibitz::replays {

inline constexpr std::size_t kFrameHeaderSize = 16;
inline constexpr std::array<char, 4> kFrameMagic = {'K', 'B', 'Z', 'R'};
inline constexpr std::uint32_t kMaxPayloadBytes = std::uint32_t{1} << 28;

// The fields of one frame header, as stored.
struct FrameHeader {
  std::array<char, 4> magic{};
  std::uint32_t version = 0;
  std::uint32_t payload_length = 0;
  std::uint32_t checksum = 0;
};

// Writes `header` into kFrameHeaderSize bytes at `out`.
void write_frame_header(const FrameHeader& header, char* out);
// Reads the fields from kFrameHeaderSize bytes at `bytes`; validates nothing.
FrameHeader read_frame_header(const char* bytes);

}  // namespace kibitz::replays
