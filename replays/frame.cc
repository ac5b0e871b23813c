#include "replays/frame.h"

#include <cstring>

namespace kibitz::replays {
namespace {

template <typename T>
void put_little_endian(T value, char* out) {
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    out[i] = static_cast<char>(static_cast<unsigned char>(value >> (8 * i)));
  }
}

template <typename T>
T get_little_endian(const char* bytes) {
  T value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    value |= static_cast<T>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  }
  return value;
}

}  // namespace

void write_frame_header(const FrameHeader& header, char* out) {
  std::memcpy(out, header.magic.data(), header.magic.size());
  put_little_endian(header.version, out + 4);
  put_little_endian(header.payload_length, out + 8);
  put_little_endian(header.checksum, out + 12);
}

FrameHeader read_frame_header(const char* bytes) {
  FrameHeader header;
  std::memcpy(header.magic.data(), bytes, header.magic.size());
  header.version = get_little_endian<std::uint32_t>(bytes + 4);
  header.payload_length = get_little_endian<std::uint32_t>(bytes + 8);
  header.checksum = get_little_endian<std::uint32_t>(bytes + 12);
  return header;
}

}  // namespace kibitz::replays
