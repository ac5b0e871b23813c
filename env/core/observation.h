// Observation: one thing a seat learns as the game goes (DESIGN: "a seat's
// stream of observations is the only source of what that seat knows").
//
// An observation is typed: a kind (an index into the game's StreamSpec,
// env/core/stream_spec.h) and a few small integer values laid out as the
// kind's fields say (a seat, a card, a list of cards, a number). A seat's
// stream is the list of observations it has received, in order; State::
// seat_stream(p) produces it and everything that acts or speaks for seat p
// (information-state strings and tensors, world sampling, the engine
// protocol, replay views) reads it.
//
// Observations are plain fixed-size values: comparing, hashing and copying
// them never allocates, so search can key its nodes by the typed stream
// rather than by rendered text.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "env/core/error.h"

namespace kibitz {

// Values one observation can carry. A kind whose card list could be longer
// splits into several observations.
inline constexpr int kMaxObservationValues = 14;

struct Observation {
  std::uint8_t kind = 0;
  std::uint8_t size = 0;  // values used
  std::array<std::int16_t, kMaxObservationValues> values{};

  Observation() = default;
  explicit Observation(int kind_index) : kind(static_cast<std::uint8_t>(kind_index)) {}

  // Appends one value (a seat, a card, a count or a number).
  Observation& add(int value) {
    KIBITZ_CHECK(size < kMaxObservationValues, "observation of kind ", int{kind},
                 " holds more than ", kMaxObservationValues, " values");
    values[size++] = static_cast<std::int16_t>(value);
    return *this;
  }
  int value(int i) const { return values[static_cast<std::size_t>(i)]; }
  std::span<const std::int16_t> used() const { return {values.data(), size}; }

  // Equal kind and equal used values; unused slots never matter.
  friend bool operator==(const Observation& a, const Observation& b) {
    if (a.kind != b.kind || a.size != b.size) return false;
    for (int i = 0; i < a.size; ++i) {
      if (a.values[static_cast<std::size_t>(i)] != b.values[static_cast<std::size_t>(i)]) return false;
    }
    return true;
  }
};

// A seat's observations so far, oldest first. Callers keep one and reuse it:
// State::seat_stream(p, out) clears and refills it without reallocating.
using SeatStream = std::vector<Observation>;

// A 64-bit key of a stream (FNV-1a over kinds and used values): what search
// keys its nodes by. Equal streams give equal keys on every platform.
std::uint64_t stream_key(std::span<const Observation> stream);

// The key of the empty stream, and the key of a stream continued by one
// more observation: stream_key(s + [o]) == extend_stream_key(stream_key(s),
// o). So a key can follow a stream as it grows (search keys the new part of
// a seat's stream straight off the observation log, agents/search/
// observation_keys.h) and still equal stream_key of the whole.
inline constexpr std::uint64_t kEmptyStreamKey = 14695981039346656037ull;
std::uint64_t extend_stream_key(std::uint64_t key, const Observation& observation);

// Whether `prefix` is the beginning of `stream` (equal elements).
bool stream_starts_with(std::span<const Observation> stream, std::span<const Observation> prefix);

}  // namespace kibitz
