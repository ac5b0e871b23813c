// The checksum of a replay frame's payload: CRC-32 (the IEEE polynomial of
// zip and PNG, reflected, check value 0xCBF43926 for "123456789"). It catches
// every error burst up to 32 bits long, so any damaged byte is caught, and
// reads eight bytes per step (slicing-by-8): a checksum must not be the slow
// part of reading a replay file.
#pragma once

#include <cstdint>
#include <string_view>

namespace kibitz::replays {

// The CRC-32 of `bytes`; pass a previous result as `crc` to continue it.
std::uint32_t crc32(std::string_view bytes, std::uint32_t crc = 0);

}  // namespace kibitz::replays
