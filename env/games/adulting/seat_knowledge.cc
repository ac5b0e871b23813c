#include "env/games/adulting/seat_knowledge.h"

#include "env/core/error.h"

namespace kibitz::adulting {

AdultingSeatKnowledge::AdultingSeatKnowledge(std::shared_ptr<const AdultingGame> game, Player seat)
    : game_(std::move(game)), knowledge_(*game_, seat), text_(game_->stream_spec(), seat) {}

void AdultingSeatKnowledge::read(const Observation& observation) {
  knowledge_.read(observation);
  if (keeps_text()) text_.read(observation);
}

void AdultingSeatKnowledge::encode(std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game_->information_state_tensor_size(), "tensor size");
  knowledge_.encode(out);
}

void AdultingSeatKnowledge::describe(std::string& out) const {
  check_keeps_text();
  out = text_.text();
}

// Knowledge holds fixed-size arrays only: a fresh one assigned over it
// allocates nothing.
void AdultingSeatKnowledge::restart() {
  knowledge_ = Knowledge(*game_, knowledge_.viewer);
  text_.restart();
}

std::unique_ptr<SeatKnowledge> AdultingSeatKnowledge::clone() const {
  return std::make_unique<AdultingSeatKnowledge>(*this);
}

std::unique_ptr<SeatKnowledge> AdultingGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "adulting: no seat ", seat);
  return std::make_unique<AdultingSeatKnowledge>(std::static_pointer_cast<const AdultingGame>(shared()),
                                                 seat);
}

}  // namespace kibitz::adulting
