// ObservationKeys: the 64-bit keys by which the ISMCTS trees group moves
// their owner observes alike (docs/search.md), worked out inside each
// simulation step, so they must not cost in proportion to the game's length.
//
// For a game that keeps an observation log (env/core/observation_log.h) a
// key reads only the log entries appended since a position taken before the
// move: no stream is built. The searching seat's key of its whole stream is
// continued from the key of its stream at the search's root, which every
// sampled world shares (a world is drawn from that stream). For a game
// without a log, the seat's stream is rebuilt (State::seat_stream) and
// hashed.
//
// Either way a key is stream_key of the same observations in the same order
// (stream_key continues over more observations, env/core/observation.h), so
// a search is the same whichever path computes its keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "env/core/observation.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz {

class ObservationKeys {
 public:
  // A search by `observer`, whose stream at the root is `root_stream`.
  void start_search(Player observer, std::span<const Observation> root_stream);
  // A simulation from `world`, a root world just drawn from the observer's
  // stream; later calls pass the same world moved on from there.
  void start_simulation(const State& world);

  // Where `seat`'s observations stand in `world` now: what change_key
  // counts from. A log position, or the stream's length without a log.
  std::size_t mark(const State& world, Player seat) const;

  // The key of what `seat` observed in `world` since `mark` was taken: the
  // observations its stream gained. It leaves out what the seat knew
  // before (its own hidden cards), so moves seen the same way in different
  // sampled worlds get the same key.
  std::uint64_t change_key(const State& world, Player seat, std::size_t mark) const;

  // The key of the observer's whole stream in `world` (the simulation's
  // world): equal keys mean the observer cannot tell the worlds apart.
  std::uint64_t observer_key(const State& world);

 private:
  Player observer_ = 0;
  std::uint64_t root_key_ = kEmptyStreamKey;
  // With a log: the observer's key up to log entry observer_read_.
  std::uint64_t observer_key_ = kEmptyStreamKey;
  int observer_read_ = 0;
  // Without a log: the rebuilt stream, reused so keys allocate nothing.
  mutable SeatStream scratch_;
};

}  // namespace kibitz
