// Selecting a set bit of a 64-bit mask by its rank: how the games with a
// bitmask deck draw "the n-th card left" (Loyalist Spies, Adulting, Tea
// Game) without walking the mask bit by bit.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace kibitz {

namespace internal {
// kNthBitOfByte[b][r]: the position of the r-th (0-based) set bit of byte b.
inline constexpr auto kNthBitOfByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (int b = 0; b < 256; ++b) {
    int r = 0;
    for (int bit = 0; bit < 8; ++bit) {
      if (((b >> bit) & 1) == 0) continue;
      table[static_cast<std::size_t>(b)][static_cast<std::size_t>(r++)] = static_cast<std::uint8_t>(bit);
    }
  }
  return table;
}();
}  // namespace internal

// The position of the n-th set bit (0-based, from the lowest) of `mask`;
// n < popcount(mask). Branch-free, so a random card costs the same wherever
// it lies in the deck: per-byte counts as in popcount, their running sums by
// one multiplication, the byte holding the bit from a parallel compare of
// those sums with n, then a table lookup inside the byte.
inline int nth_set_bit(std::uint64_t mask, int n) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
  std::uint64_t c = mask - ((mask >> 1) & 0x5555555555555555ULL);
  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  // Byte i of `sums`: the set bits in bytes 0..i (at most 64, so no carries).
  const std::uint64_t sums = c * kOnes;
  // Bit 7 of byte i is set iff sums_i <= n (0x80 + n - sums_i stays >= 0x40:
  // no borrows); the sums grow with i, so counting those bytes finds the
  // byte that holds the bit.
  const std::uint64_t at_most_n = ((static_cast<std::uint64_t>(n) * kOnes) | kHighs) - sums;
  const int byte = static_cast<int>((((at_most_n & kHighs) >> 7) * kOnes) >> 56);
  const int shift = 8 * byte;
  const int before = static_cast<int>(((sums << 8) >> shift) & 0xFF);
  const auto bits = static_cast<std::size_t>((mask >> shift) & 0xFF);
  return shift + internal::kNthBitOfByte[bits][static_cast<std::size_t>(n - before)];
}

}  // namespace kibitz
