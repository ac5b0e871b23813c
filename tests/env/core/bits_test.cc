// nth_set_bit against the plain walk it replaces in the games' card draws.
#include "env/core/bits.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "env/core/rng.h"

namespace kibitz {
namespace {

int walked_nth_set_bit(std::uint64_t mask, int n) {
  for (; n > 0; --n) mask &= mask - 1;
  return std::countr_zero(mask);
}

void expect_every_rank(std::uint64_t mask) {
  for (int n = 0; n < std::popcount(mask); ++n) {
    ASSERT_EQ(nth_set_bit(mask, n), walked_nth_set_bit(mask, n)) << "mask " << mask << " n " << n;
  }
}

TEST(NthSetBit, SingleBitsAndFullMasks) {
  for (int bit = 0; bit < 64; ++bit) EXPECT_EQ(nth_set_bit(std::uint64_t{1} << bit, 0), bit);
  expect_every_rank(~std::uint64_t{0});
  expect_every_rank(0x8000000000000001ULL);
  expect_every_rank(0xFF000000000000FFULL);
  expect_every_rank(0x00FF00FF00FF00FFULL);
}

TEST(NthSetBit, RandomMasksOfEveryDensity) {
  Rng rng(31);
  for (int trial = 0; trial < 4000; ++trial) {
    // AND-ing k draws leaves about 64 / 2^k bits: sparse and dense masks alike.
    std::uint64_t mask = rng.next();
    for (int k = trial % 6; k > 0; --k) mask &= rng.next();
    if (trial % 7 == 0) mask = ~mask;
    expect_every_rank(mask);
  }
}

}  // namespace
}  // namespace kibitz
