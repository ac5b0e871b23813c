#include "env/games/tea_game/seat_knowledge.h"

#include "env/core/error.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz::tea_game {

TeaSeatKnowledge::TeaSeatKnowledge(std::shared_ptr<const TeaGame> game, Player seat)
    : game_(std::move(game)), knowledge_(game_->config(), seat), text_(game_->stream_spec(), seat) {}

void TeaSeatKnowledge::read(const Observation& observation) {
  knowledge_.read(observation);
  text_.read(observation);
}

void TeaSeatKnowledge::encode(std::span<float> out) const { write_tensor(knowledge_, out); }

void TeaSeatKnowledge::describe(std::string& out) const { out = text_.text(); }

std::unique_ptr<SeatKnowledge> TeaSeatKnowledge::clone() const { return std::make_unique<TeaSeatKnowledge>(*this); }

std::unique_ptr<SeatKnowledge> TeaGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "tea_game: no seat ", seat);
  return std::make_unique<TeaSeatKnowledge>(std::static_pointer_cast<const TeaGame>(shared()), seat);
}

}  // namespace kibitz::tea_game
