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
};

}  // namespace kibitz
