#include "env/games/adulting/seat_knowledge.h"

#include <memory>

#include "env/core/error.h"
#include "env/games/adulting/adulting_game.h"

namespace kibitz::adulting {

std::unique_ptr<SeatKnowledge> AdultingGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "adulting: no seat ", seat);
  return std::make_unique<AdultingSeatKnowledge>(std::static_pointer_cast<const AdultingGame>(shared()),
                                                 seat);
}

}  // namespace kibitz::adulting
