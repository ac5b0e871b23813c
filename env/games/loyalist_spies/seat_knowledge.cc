// SpiesSeatKnowledge (seat_knowledge.h).
#include "env/games/loyalist_spies/seat_knowledge.h"

#include "env/games/loyalist_spies/encoder.h"

namespace kibitz::loyalist_spies {

SpiesSeatKnowledge::SpiesSeatKnowledge(std::shared_ptr<const LoyalistSpiesGame> game, Player seat)
    : game_(std::move(game)), facts_(*game_, seat) {
  writer_.emplace(game_->config(), seat, text_);
}

SpiesSeatKnowledge::SpiesSeatKnowledge(const SpiesSeatKnowledge& other)
    : game_(other.game_), facts_(other.facts_), text_(other.text_), writer_(other.writer_) {
  writer_->retarget(text_);
}

void SpiesSeatKnowledge::read(const Observation& observation) {
  facts_.read(observation);
  if (keeps_text()) writer_->read(observation, facts_.rules());
}

void SpiesSeatKnowledge::encode(std::span<float> out) const { encode_information_state(facts_, out); }

void SpiesSeatKnowledge::describe(std::string& out) const {
  // The open line ends (and a waiting Jack look is written) in a copy of the
  // writer, so the fold reads on from where it was.
  check_keeps_text();
  out = text_;
  InfoText tail(*writer_);
  tail.retarget(out);
  tail.finish();
}

// SeatFacts keeps its buffers, and the writer starts text_ over within its
// capacity: nothing is allocated.
void SpiesSeatKnowledge::restart() {
  const int seat = facts_.seat();
  facts_.restart(*game_, seat);
  writer_.emplace(game_->config(), seat, text_);
}

std::unique_ptr<SeatKnowledge> SpiesSeatKnowledge::clone() const { return std::make_unique<SpiesSeatKnowledge>(*this); }

}  // namespace kibitz::loyalist_spies
