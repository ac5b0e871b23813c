#include "env/games/kuhn_poker/seat_knowledge.h"

#include "env/core/error.h"

namespace kibitz::kuhn_poker {

void KuhnSeatKnowledge::encode(std::span<float> out) const {
  const int n = num_players_;
  KIBITZ_CHECK(static_cast<int>(out.size()) == n + (n + 1) + 2 * (2 * n - 1), "kuhn_poker: tensor size ",
               out.size());
  write_information_state_tensor(knowledge_, n, seat_, out);
}

std::unique_ptr<SeatKnowledge> KuhnGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < num_players_, "kuhn_poker: no seat ", seat);
  return std::make_unique<KuhnSeatKnowledge>(num_players_, seat);
}

}  // namespace kibitz::kuhn_poker
