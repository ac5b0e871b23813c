// GameEnd: what a seat is told when its game is over (Agent::game_over):
// its own final stream, the observations of the last moves included (a
// showdown's cards, a round's reveals), and its own return. Nothing else of
// the game: no other seat's stream, return or cards, and no state.
//
// A referee builds it on the final state, and the stream and return are
// read only when asked for: telling an agent that ignores the end costs the
// match runner nothing (the arena plays millions of games of random agents,
// where building every seat's stream would cost as much again as a game).
// A seat known only by its stream (kibitz engine) builds it from the stream
// and the return its table sent.
#pragma once

#include <span>

#include "env/core/observation.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz {

class GameEnd {
 public:
  // `final_state` must be terminal and outlive this.
  GameEnd(const State& final_state, Player seat);
  GameEnd(std::span<const Observation> final_stream, double seat_return);
  GameEnd(const GameEnd&) = delete;
  GameEnd& operator=(const GameEnd&) = delete;

  // The seat's whole stream at the end, oldest first. Not thread-safe: one
  // agent reads it.
  std::span<const Observation> stream() const;
  double seat_return() const;

 private:
  const State* state_ = nullptr;  // null when built from a stream
  Player seat_ = -1;
  mutable bool stream_read_ = false;
  mutable SeatStream stream_;
  double return_ = 0;
};

}  // namespace kibitz
