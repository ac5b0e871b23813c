#include "web/seat_token.h"

#include <cstdint>
#include <random>

namespace kibitz::web {

std::string new_seat_token() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::random_device device;
  std::string token;
  token.reserve(kSeatTokenChars);
  // random_device yields 32 bits per call; four calls make 128.
  for (int word = 0; word < 4; ++word) {
    std::uint32_t bits = device();
    for (int nibble = 0; nibble < 8; ++nibble) {
      token.push_back(kHex[bits & 0xF]);
      bits >>= 4;
    }
  }
  return token;
}

bool tokens_equal(std::string_view a, std::string_view b) {
  // A token's length is public (kSeatTokenChars); its characters are not.
  if (a.size() != b.size()) return false;
  unsigned char difference = 0;
  // Every byte is compared whatever came before; the OR of the differences
  // is read through a volatile so the loop is not turned into an early exit.
  for (std::size_t i = 0; i < a.size(); ++i) {
    difference |= static_cast<unsigned char>(a[i] ^ b[i]);
  }
  volatile unsigned char result = difference;
  return result == 0;
}

}  // namespace kibitz::web
