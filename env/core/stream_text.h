// StreamText: the default information-state string (State::
// information_state_string: the seat's name, then one line per observation,
// as the game's StreamSpec writes it), built one observation at a time. A
// game's SeatKnowledge that keeps the default string folds one of these.
#pragma once

#include <string>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"
#include "env/core/types.h"

namespace kibitz {

class StreamText {
 public:
  StreamText(const StreamSpec& spec, Player seat) : spec_(&spec), seat_(seat), text_(seat_text(seat)) {}

  void read(const Observation& observation) {
    text_ += '\n';
    spec_->append_text(observation, text_);
  }
  const std::string& text() const { return text_; }

  // Back to the seat's name alone, keeping the buffer (seat_text's few
  // characters fit the short-string buffer, so nothing is allocated).
  void restart() {
    text_.clear();
    text_ += seat_text(seat_);
  }

 private:
  const StreamSpec* spec_;
  Player seat_;
  std::string text_;
};

}  // namespace kibitz
