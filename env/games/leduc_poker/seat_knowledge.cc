#include "env/games/leduc_poker/seat_knowledge.h"

#include "env/core/error.h"

namespace kibitz::leduc_poker {

void LeducSeatKnowledge::encode(std::span<float> out) const {
  KIBITZ_CHECK(out.size() == kInfoStateSize, "information state tensor size ", out.size());
  write_information_state_tensor(knowledge_, seat_, out);
}

std::unique_ptr<SeatKnowledge> LeducGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < kNumPlayers, "leduc_poker has no seat ", seat);
  return std::make_unique<LeducSeatKnowledge>(seat);
}

}  // namespace kibitz::leduc_poker
