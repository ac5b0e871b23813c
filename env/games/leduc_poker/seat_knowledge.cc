#include "env/games/leduc_poker/seat_knowledge.h"

#include <algorithm>

#include "env/core/error.h"

namespace kibitz::leduc_poker {
namespace {

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// "Js", or "?" for no card, appended without building a string.
void append_card(int card, std::string& out) {
  if (card < 0) {
    out += '?';
    return;
  }
  out += "JQK"[card_rank(card)];
  out += "sh"[card_suit(card)];
}

}  // namespace

void write_information_state_string(const Knowledge& k, Player seat, std::string& out) {
  out.assign("seat ");
  out += static_cast<char>('0' + seat);
  out += " card ";
  append_card(k.card, out);
  out += " public ";
  append_card(k.public_card, out);
  // Round 2 begins when the public card is turned.
  const int rounds = k.public_card < 0 ? 1 : 2;
  out += " round ";
  out += static_cast<char>('0' + rounds);
  out += " betting ";
  for (int r = 0; r < rounds; ++r) {
    if (r > 0) out += ',';
    if (k.num_bets[idx(r)] == 0) out += '-';  // visible in strings, unlike an empty word
    for (int i = 0; i < k.num_bets[idx(r)]; ++i) out += kBetLetters[k.bets[idx(r)][idx(i)]];
  }
}

void write_information_state_tensor(const Knowledge& k, Player seat, std::span<float> out) {
  KIBITZ_CHECK(out.size() == kInfoStateSize, "information state tensor size ", out.size());
  std::fill(out.begin(), out.end(), 0.0f);
  out[idx(kSeatOffset + seat)] = 1.0f;
  if (k.card >= 0) out[idx(kPrivateOffset + k.card)] = 1.0f;
  if (k.public_card >= 0) out[idx(kPublicOffset + k.public_card)] = 1.0f;
  for (int r = 0; r < kNumRounds; ++r) {
    for (int i = 0; i < k.num_bets[idx(r)]; ++i) {
      const int slot = r * kMaxActionsPerRound + i;
      out[idx(kBetsOffset + slot * kNumActions + k.bets[idx(r)][idx(i)])] = 1.0f;
    }
  }
}

std::unique_ptr<SeatKnowledge> LeducGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < kNumPlayers, "leduc_poker has no seat ", seat);
  return std::make_unique<LeducSeatKnowledge>(seat);
}

}  // namespace kibitz::leduc_poker
