#include "env/games/tea_game/seat_knowledge.h"

#include <memory>

#include "env/core/error.h"

namespace kibitz::tea_game {

std::unique_ptr<SeatKnowledge> TeaGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "tea_game: no seat ", seat);
  return std::make_unique<TeaSeatKnowledge>(std::static_pointer_cast<const TeaGame>(shared()), seat);
}

}  // namespace kibitz::tea_game
