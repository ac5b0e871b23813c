#include "env/core/rng.h"

#include "env/core/error.h"

namespace kibitz {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

std::uint64_t derive_seed(std::uint64_t seed, std::string_view label, std::uint64_t index) {
  // FNV-1a over the label, then SplitMix64 rounds to mix seed, label and index.
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : label) h = (h ^ c) * 0x100000001b3ULL;
  std::uint64_t x = seed ^ rotl(h, 17);
  std::uint64_t a = splitmix64(x);
  x ^= index * 0xd1b54a32d192ed03ULL;
  return a ^ splitmix64(x);
}

Rng::Rng(std::uint64_t seed) : seed_(seed) {
  std::uint64_t x = seed;
  for (auto& word : s_) word = splitmix64(x);
}

Rng Rng::child(std::string_view label, std::uint64_t index) const {
  return Rng(derive_seed(seed_, label, index));
}

namespace internal {
void throw_zero_bound() {
  internal::check_failed(__FILE__, __LINE__, "bound > 0", "uniform_int needs a positive bound");
}
}  // namespace internal

std::size_t Rng::sample_index(std::span<const double> weights) {
  double total = 0;
  for (double w : weights) total += w;
  KIBITZ_CHECK(total > 0, "sample_index needs a positive total weight");
  double target = uniform_double() * total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    target -= weights[i];
    if (target < 0) return i;
  }
  // Rounding left a sliver: return the last index with positive weight.
  for (std::size_t i = weights.size(); i-- > 0;) {
    if (weights[i] > 0) return i;
  }
  return weights.size() - 1;
}

}  // namespace kibitz
