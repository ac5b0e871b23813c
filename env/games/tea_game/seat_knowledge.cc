#include "env/games/tea_game/seat_knowledge.h"

#include "env/core/error.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz::tea_game {

TeaSeatKnowledge::TeaSeatKnowledge(std::shared_ptr<const TeaGame> game, Player seat)
    : game_(std::move(game)), knowledge_(game_->config(), seat), text_(game_->stream_spec(), seat) {}

void TeaSeatKnowledge::read(const Observation& observation) {
  knowledge_.read(observation);
  if (keeps_text()) text_.read(observation);
}

void TeaSeatKnowledge::encode(std::span<float> out) const { write_tensor(knowledge_, out); }

void TeaSeatKnowledge::describe(std::string& out) const {
  check_keeps_text();
  out = text_.text();
}

// Knowledge holds fixed-size arrays only: a fresh one assigned over it
// allocates nothing.
void TeaSeatKnowledge::restart() {
  knowledge_ = Knowledge(game_->config(), knowledge_.seat());
  text_.restart();
}

std::unique_ptr<SeatKnowledge> TeaSeatKnowledge::clone() const { return std::make_unique<TeaSeatKnowledge>(*this); }

std::unique_ptr<SeatKnowledge> TeaGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "tea_game: no seat ", seat);
  return std::make_unique<TeaSeatKnowledge>(std::static_pointer_cast<const TeaGame>(shared()), seat);
}

}  // namespace kibitz::tea_game
