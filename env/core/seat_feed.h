// SeatFeed: one seat's stream kept up to date as its game goes, by the
// referee that holds the true state (the match runner, the web table, the
// gym), so that each decision reads only what is new.
//
// update(state) appends the observations the seat received since the last
// call: for a game that keeps an observation log (env/core/
// observation_log.h), the log entries past a cursor, so the cost follows
// what happened since, not the game's length. A game without a log is
// read whole and its new tail appended (the stream contract says streams
// only grow). A SeatView built on the feed (env/core/seat_view.h) hands its
// agent the stream without copying it.
#pragma once

#include <memory>
#include <span>

#include "env/core/observation.h"
#include "env/core/seat_knowledge.h"
#include "env/core/types.h"

namespace kibitz {

class Game;
class State;

class SeatFeed {
 public:
  // `seat` may be kSpectator: an onlooker's (public) stream.
  explicit SeatFeed(Player seat = kSpectator);

  Player seat() const { return seat_; }
  const SeatStream& stream() const { return stream_; }

  // Brings the stream up to `state`, a later position of the game the feed
  // has followed (or of a new game, after reset()); returns what was added.
  std::span<const Observation> update(const State& state);

  // The seat's knowledge (Game::new_seat_knowledge) folded over the stream
  // read so far, each observation once over the feed's life; null when the
  // game supplies none. Built on first use, so a feed whose agent never asks
  // for a tensor or a string folds nothing.
  const SeatKnowledge* knowledge(const Game& game);

  // Forgets everything read: the next update reads a game from its start,
  // for `seat`. Buffers keep their capacity.
  void reset();
  void reset(Player seat);

 private:
  Player seat_;
  SeatStream stream_;
  int log_read_ = 0;  // log entries read so far (games with a log)
  SeatStream scratch_;  // a whole stream (games without a log)
  std::unique_ptr<SeatKnowledge> knowledge_;
  bool knowledge_asked_ = false;  // new_seat_knowledge was called (it may give null)
  std::size_t folded_ = 0;        // observations of stream_ folded into knowledge_
};

}  // namespace kibitz
