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
//
// A feed that keeps its tensor alone (Keeps::kTensor, the gym's) copies no
// stream: update() folds what is new straight off the log into the seat's
// knowledge, without its string. Every seat of every env keeping a copy of
// its stream would cost memory in proportion to the longest game (Adulting's
// log holds up to 35,000 observations) and allocations as the copies grew.
#pragma once

#include <cstdint>
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
  enum class Keeps : std::uint8_t {
    kStream,  // the stream, and the knowledge folded from it on demand
    kTensor,  // the knowledge alone, folded by update(), with no string
  };

  // `seat` may be kSpectator: an onlooker's (public) stream; a kTensor feed
  // needs a seat the game folds knowledge for.
  explicit SeatFeed(Player seat = kSpectator, Keeps keeps = Keeps::kStream);

  Player seat() const { return seat_; }
  Keeps keeps() const { return keeps_; }
  // Empty for a kTensor feed.
  const SeatStream& stream() const { return stream_; }

  // Brings the stream up to `state`, a later position of the game the feed
  // has followed (or of a new game, after reset() or restart()); returns
  // what was added. A kTensor feed folds what is new into its knowledge
  // instead (built on the first update) and returns nothing.
  std::span<const Observation> update(const State& state);

  // The seat's knowledge (Game::new_seat_knowledge) folded over the stream
  // read so far, each observation once over the feed's life; null when the
  // game supplies none. Built on first use, so a feed whose agent never asks
  // for a tensor or a string folds nothing.
  const SeatKnowledge* knowledge(const Game& game);

  // Forgets everything read: the next update reads a game from its start,
  // for `seat`. Buffers keep their capacity; the knowledge is dropped (it
  // was `seat`'s, and maybe another game's).
  void reset();
  void reset(Player seat);
  // Forgets everything read for the next game of the same game, same seat:
  // the knowledge restarts in place (SeatKnowledge::restart) and buffers
  // keep their capacity, so nothing is allocated.
  void restart();

 private:
  // kTensor: folds the observations new since the last update.
  void fold_new(const State& state);

  Player seat_;
  Keeps keeps_;
  SeatStream stream_;
  int log_read_ = 0;  // log entries read so far (games with a log)
  SeatStream scratch_;  // a whole stream (games without a log)
  std::unique_ptr<SeatKnowledge> knowledge_;
  bool knowledge_asked_ = false;  // new_seat_knowledge was called (it may give null)
  std::size_t folded_ = 0;        // observations of stream_ folded into knowledge_
};

}  // namespace kibitz
