// SeatKnowledge: what one seat knows, folded from its stream one observation
// at a time, and what is rendered from it: the information-state tensor and
// string (State::information_state_tensor / _string give the same, the
// conformance suite checks it at every move of random games).
//
// A game supplies its own through Game::new_seat_knowledge. Folding once per
// observation is what keeps a decision's cost from growing with the game's
// length: SeatFeed (env/core/seat_feed.h) folds what is new into the seat's
// knowledge, and a SeatView built on the feed encodes from it instead of
// asking the state to reread the whole stream.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/core/types.h"

namespace kibitz {

class SeatKnowledge {
 public:
  virtual ~SeatKnowledge() = default;

  // Folds the seat's next observation in.
  virtual void read(const Observation& observation) = 0;
  // The information-state tensor of the stream read so far; out.size() is
  // the game's information_state_tensor_size().
  virtual void encode(std::span<float> out) const = 0;
  // The information-state string of the stream read so far, into `out`.
  virtual void describe(std::string& out) const = 0;

  virtual std::unique_ptr<SeatKnowledge> clone() const = 0;

  // Forgets everything read: the fold is as Game::new_seat_knowledge gave
  // it, for the same seat, and reads a new game from its start. Buffers are
  // kept, so nothing is allocated: a referee that plays game after game (the
  // gym's auto-reset) restarts its folds instead of making new ones.
  virtual void restart() = 0;

  // Whether read() keeps the information-state string up (it does unless
  // told otherwise). Off, read() folds only what encode() needs and a fold
  // that writes its string as it reads refuses describe(): a caller that
  // wants tensors alone (the gym) would otherwise pay, at every
  // observation, for text it never reads, in a buffer that grows with the
  // game. Set it on a fresh or restarted fold, before the first read; the
  // setting outlives restart().
  void keep_text(bool keep) { keeps_text_ = keep; }
  bool keeps_text() const { return keeps_text_; }

 protected:
  // For describe() of a fold whose string read() writes.
  void check_keeps_text() const {
    KIBITZ_CHECK(keeps_text_, "this seat's knowledge was told not to keep its string (keep_text(false))");
  }

 private:
  bool keeps_text_ = true;
};

}  // namespace kibitz
