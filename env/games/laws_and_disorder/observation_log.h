// The state's log of observations, each with the seats that receive it: a
// seat's stream is the log filtered to that seat (LawsAndDisorderState::
// seat_stream). Fixed-size and stored inline, so that clone() allocates only
// the new state and clone_into nothing (the hot-path contract, env/core/
// state.h); entries are compact (eight values: no observation of this game
// has more, kHandSeenChunk keeps theft views within it) and copying a log
// copies only its used entries.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "env/core/error.h"
#include "env/core/observation.h"

namespace kibitz::laws_and_disorder {

// An audience's bit for the spectator (kSpectator, State::public_stream):
// above every seat's bit (at most 6 seats). An onlooker is no seat: it
// receives every public observation and, of a private one, the version for
// the seats it does not concern, never the version a seat alone sees.
inline constexpr std::uint8_t kSpectatorBit = 0x80;

// An observation and its audience (bit s: seat s; kSpectatorBit: the
// spectator), as read back.
struct LogEntry {
  Observation observation;
  std::uint8_t audience = 0;
};

inline constexpr int kMaxLogValues = 8;

// The most entries a game can log, for any number of players (2..6); its
// derivation is in laws_and_disorder_game.cc (max_log_entries), which checks
// it at start-up against this constant.
inline constexpr int kLogCapacity = 18000;

class ObservationLog {
 public:
  ObservationLog() = default;
  ObservationLog(const ObservationLog& other) : size_(other.size_) {
    std::copy_n(other.entries_.begin(), size_, entries_.begin());
  }
  ObservationLog& operator=(const ObservationLog& other) {
    size_ = other.size_;
    std::copy_n(other.entries_.begin(), size_, entries_.begin());
    return *this;
  }

  void push(std::uint8_t audience, const Observation& observation) {
    KIBITZ_CHECK(size_ < kLogCapacity, "laws_and_disorder: observation log overflow");
    KIBITZ_CHECK(observation.size <= kMaxLogValues, "laws_and_disorder: an observation of kind ",
                 int{observation.kind}, " holds ", int{observation.size}, " values, the log ", kMaxLogValues);
    Entry& entry = entries_[static_cast<std::size_t>(size_++)];
    entry.kind = observation.kind;
    entry.size = observation.size;
    entry.audience = audience;
    std::copy_n(observation.values.begin(), observation.size, entry.values.begin());
  }

  int size() const { return size_; }
  static constexpr int capacity() { return kLogCapacity; }
  std::uint8_t audience(int i) const { return entries_[static_cast<std::size_t>(i)].audience; }
  Observation observation(int i) const {
    const Entry& entry = entries_[static_cast<std::size_t>(i)];
    Observation o(entry.kind);
    o.size = entry.size;
    std::copy_n(entry.values.begin(), entry.size, o.values.begin());
    return o;
  }
  LogEntry entry(int i) const { return {observation(i), audience(i)}; }

 private:
  // No member initializers: a new log leaves its entries uninitialised
  // (only the first size_ are ever read), so a state's construction and
  // clone() do not write 360 KB of zeros.
  struct Entry {
    std::uint8_t kind;
    std::uint8_t size;
    std::uint8_t audience;
    std::array<std::int16_t, kMaxLogValues> values;
  };
  int size_ = 0;
  std::array<Entry, kLogCapacity> entries_;
};

}  // namespace kibitz::laws_and_disorder
