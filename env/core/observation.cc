#include "env/core/observation.h"

#include <algorithm>

namespace kibitz {

std::uint64_t extend_stream_key(std::uint64_t key, const Observation& observation) {
  constexpr std::uint64_t kPrime = 1099511628211ull;
  auto mix = [&key](std::uint64_t v) {
    for (int byte = 0; byte < 2; ++byte) {
      key ^= (v >> (8 * byte)) & 0xffu;
      key *= kPrime;
    }
  };
  // Kind and size first, so [a][b, c] and [a, b][c] differ.
  mix(static_cast<std::uint64_t>(observation.kind) | (static_cast<std::uint64_t>(observation.size) << 8));
  for (std::int16_t v : observation.used()) mix(static_cast<std::uint16_t>(v));
  return key;
}

std::uint64_t stream_key(std::span<const Observation> stream) {
  std::uint64_t key = kEmptyStreamKey;
  for (const Observation& o : stream) key = extend_stream_key(key, o);
  return key;
}

bool stream_starts_with(std::span<const Observation> stream, std::span<const Observation> prefix) {
  return prefix.size() <= stream.size() && std::equal(prefix.begin(), prefix.end(), stream.begin());
}

}  // namespace kibitz
