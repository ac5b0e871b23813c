// ObservationLog: the one record, per state, of what each seat has observed.
//
// Every observation a move produces is appended once, with the seats that
// hear it (its audience) and whether an onlooker does. A seat's stream is the
// log read through that seat's audience bit, and nothing else: State::
// seat_stream and public_stream are views over it, and SeatFeed (env/core/
// seat_feed.h) extends a seat's stream from a cursor into the log, reading
// only what was appended since, so a decision's cost does not grow with the
// game's length.
//
// Hot path: a log's buffer is allocated at its game's derived bound when its
// state is built and never grows, so appending is a bounds check and a
// store, and copy-assigning a log (clone_into) copies its used entries with
// no allocation. The buffer is left uninitialised: only the first size()
// entries are ever read, so building a state writes no zeros over a bound
// it may never reach.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <type_traits>

#include "env/core/observation.h"
#include "env/core/types.h"

namespace kibitz {

// Who hears an observation: bit s for seat s, and kSpectatorAudience for an
// onlooker (State::public_stream). A private observation usually has two
// entries: the version its knowers hear, and the version the other seats and
// the spectator hear ("P1 is dealt a card").
using Audience = std::uint16_t;
inline constexpr int kMaxAudienceSeats = 15;
inline constexpr Audience kSpectatorAudience = Audience{1} << kMaxAudienceSeats;

// The audience of one seat alone; kSpectator gives the spectator's bit.
Audience seat_audience(Player seat);
// Every seat of an n-seat game, without the spectator.
constexpr Audience all_seats_audience(int num_players) {
  return static_cast<Audience>((1u << num_players) - 1u);
}
// Every seat and the spectator: a public observation.
constexpr Audience everyone_audience(int num_players) {
  return static_cast<Audience>(all_seats_audience(num_players) | kSpectatorAudience);
}

class ObservationLog {
 public:
  // An empty log that holds at most `capacity` entries. A game derives its
  // capacity from its parameters (Game::observation_log_capacity); a push
  // past it is a bug in that derivation, reported as such.
  explicit ObservationLog(int capacity = 0);
  // A copy has the source's capacity; assignment reuses this log's buffer
  // when it is large enough (clone_into allocates nothing).
  ObservationLog(const ObservationLog& other);
  ObservationLog& operator=(const ObservationLog& other);

  void push(Audience audience, const Observation& observation) {
    ::new (next_entry()) Entry{observation, audience};
  }
  // Appends an observation of `kind` with no values yet and returns it, for
  // the caller to add() them in place: nothing is built elsewhere and copied
  // in (a copy read back right after narrow stores stalls the CPU).
  Observation& push(Audience audience, int kind) {
    Entry* entry = ::new (next_entry()) Entry;
    entry->observation.kind = static_cast<std::uint8_t>(kind);
    entry->audience = audience;
    return entry->observation;
  }
  void clear() { size_ = 0; }

  int size() const { return size_; }
  int capacity() const { return capacity_; }
  Audience audience(int i) const { return entries_.get()[i].audience; }
  const Observation& observation(int i) const { return entries_.get()[i].observation; }
  bool heard_by(int i, Player seat) const { return (audience(i) & seat_audience(seat)) != 0; }

  // Appends to `out` the observations `seat` (or kSpectator) hears among
  // entries [from, size()); returns size(), the cursor to pass next time.
  int extend(Player seat, int from, SeatStream& out) const;
  // The whole stream of `seat`: `out` cleared, then extended from 0.
  void stream(Player seat, SeatStream& out) const;

 private:
  struct Entry {
    Observation observation;
    Audience audience = 0;
  };
  // Copied with memcpy and left uninitialised in the buffer.
  static_assert(std::is_trivially_copyable_v<Entry>);
  struct Release {
    void operator()(Entry* entries) const { ::operator delete(entries); }
  };

  Entry* next_entry() {
    if (size_ >= capacity_) [[unlikely]] overflow();
    return entries_.get() + size_++;
  }
  [[noreturn]] void overflow() const;
  void allocate(int capacity);

  std::unique_ptr<Entry, Release> entries_;
  int size_ = 0;
  int capacity_ = 0;
};

}  // namespace kibitz
