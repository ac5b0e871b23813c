// Rng: the one random generator of the platform (STYLE 8: no global RNG).
//
// xoshiro256++ seeded through SplitMix64. Every draw is computed with our own
// integer arithmetic (no std:: distributions, whose results differ between
// standard libraries), so a seed gives the same game on every machine.
// Splitting: child(label, index) derives an independent generator from the
// seed this one was created with, not from its current position, so adding a
// draw somewhere never changes the streams handed to other components.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

namespace kibitz {

namespace internal {
// uniform_int's error for a zero bound, out of line so the inline draw stays
// small; it reports like a failed KIBITZ_CHECK (rng.cc).
[[noreturn]] void throw_zero_bound();
}  // namespace internal

class Rng {
 public:
  using result_type = std::uint64_t;

  explicit Rng(std::uint64_t seed = 0);

  // The seed this generator was built from (log it so a run can be replayed).
  std::uint64_t seed() const { return seed_; }

  // A generator for a named sub-task, e.g. rng.child("seat", 2).
  Rng child(std::string_view label, std::uint64_t index = 0) const;

  // next, uniform_int and uniform_double are defined inline below: random
  // playouts call them every move, and an out-of-line call cost more than
  // the draw itself (issue 31).
  std::uint64_t next();
  std::uint64_t operator()() { return next(); }
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return std::numeric_limits<std::uint64_t>::max(); }

  // Uniform integer in [0, bound); bound must be > 0. Unbiased (Lemire).
  std::uint64_t uniform_int(std::uint64_t bound);
  // Uniform double in [0, 1) with 53 random bits.
  double uniform_double();
  // Index drawn with probability proportional to weights (non-negative, sum > 0).
  std::size_t sample_index(std::span<const double> weights);

  // Fisher-Yates shuffle with this generator.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = uniform_int(i);
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  std::uint64_t seed_;
  std::uint64_t s_[4];
};

inline std::uint64_t Rng::next() {
  const std::uint64_t result = std::rotl(s_[0] + s_[3], 23) + s_[0];
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = std::rotl(s_[3], 45);
  return result;
}

inline std::uint64_t Rng::uniform_int(std::uint64_t bound) {
  if (bound == 0) [[unlikely]] internal::throw_zero_bound();
  // Lemire's multiply-and-reject: unbiased and usually one multiplication.
  // (unsigned __int128 is a GCC/Clang extension; __extension__ keeps
  // -Wpedantic quiet about it.)
  __extension__ using Uint128 = unsigned __int128;
  Uint128 m = static_cast<Uint128>(next()) * bound;
  std::uint64_t low = static_cast<std::uint64_t>(m);
  if (low < bound) [[unlikely]] {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<Uint128>(next()) * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

inline double Rng::uniform_double() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

// Stable 64-bit mixing of a seed with a label and index (used by Rng::child and
// anywhere a seed must be derived by name).
std::uint64_t derive_seed(std::uint64_t seed, std::string_view label, std::uint64_t index);

}  // namespace kibitz
