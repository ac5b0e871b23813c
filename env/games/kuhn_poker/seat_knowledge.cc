#include "env/games/kuhn_poker/seat_knowledge.h"

#include <algorithm>

#include "env/core/error.h"

namespace kibitz::kuhn_poker {

void write_information_state_string(const Knowledge& k, Player seat, std::string& out) {
  out.assign("seat ");
  out += static_cast<char>('0' + seat);
  out += " card ";
  if (k.card < 0) {
    out += '?';
  } else {
    out += kCardNames[static_cast<std::size_t>(k.card)];
  }
  out += " betting ";
  if (k.num_betting == 0) out += '-';  // visible in strings, unlike an empty word
  for (int i = 0; i < k.num_betting; ++i) out += k.betting[static_cast<std::size_t>(i)] == kBet ? 'b' : 'p';
}

void write_information_state_tensor(const Knowledge& k, int num_players, Player seat, std::span<float> out) {
  const int n = num_players;
  KIBITZ_CHECK(static_cast<int>(out.size()) == n + (n + 1) + 2 * (2 * n - 1), "kuhn_poker: tensor size ",
               out.size());
  std::fill(out.begin(), out.end(), 0.0f);
  out[static_cast<std::size_t>(seat)] = 1.0f;
  if (k.card >= 0) out[static_cast<std::size_t>(n + k.card)] = 1.0f;
  for (int i = 0; i < k.num_betting; ++i) {
    out[static_cast<std::size_t>(n + n + 1 + 2 * i + k.betting[static_cast<std::size_t>(i)])] = 1.0f;
  }
}

std::unique_ptr<SeatKnowledge> KuhnGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < num_players_, "kuhn_poker: no seat ", seat);
  return std::make_unique<KuhnSeatKnowledge>(num_players_, seat);
}

}  // namespace kibitz::kuhn_poker
