#include "env/games/spoon_nomic/seat_knowledge.h"

#include <memory>

#include "env/core/error.h"

namespace kibitz::spoon_nomic {

std::unique_ptr<SeatKnowledge> SpoonGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < players_, "spoon_nomic: no seat ", seat);
  return std::make_unique<SpoonSeatKnowledge>(std::static_pointer_cast<const SpoonGame>(shared()), seat);
}

}  // namespace kibitz::spoon_nomic
