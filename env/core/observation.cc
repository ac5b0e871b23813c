#include "env/core/observation.h"

#include <algorithm>

namespace kibitz {

std::uint64_t stream_key(std::span<const Observation> stream) {
  constexpr std::uint64_t kOffset = 14695981039346656037ull;
  constexpr std::uint64_t kPrime = 1099511628211ull;
  std::uint64_t h = kOffset;
  auto mix = [&h](std::uint64_t v) {
    for (int byte = 0; byte < 2; ++byte) {
      h ^= (v >> (8 * byte)) & 0xffu;
      h *= kPrime;
    }
  };
  for (const Observation& o : stream) {
    // Kind and size first, so [a][b, c] and [a, b][c] differ.
    mix(static_cast<std::uint64_t>(o.kind) | (static_cast<std::uint64_t>(o.size) << 8));
    for (std::int16_t v : o.used()) mix(static_cast<std::uint16_t>(v));
  }
  return h;
}

bool stream_starts_with(std::span<const Observation> stream, std::span<const Observation> prefix) {
  return prefix.size() <= stream.size() && std::equal(prefix.begin(), prefix.end(), stream.begin());
}

}  // namespace kibitz
