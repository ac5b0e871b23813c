#include "env/games/loyalist_spies/cards.h"

#include <array>

#include "env/cards/card.h"
#include "env/core/error.h"

namespace kibitz::loyalist_spies {

namespace {

void check_card(int card) {
  if (card < 0 || card >= kNumCardIndices) {
    throw error("Loyalist Spies has no card ", card, "; its cards are 0..", kNumCardIndices - 1);
  }
}

}  // namespace

std::string card_name(int card) {
  check_card(card);
  if (is_joker(card)) return cards::Card::joker(card - kFirstJoker).to_string();
  return cards::Card::from_id(card + 1).to_string();
}

std::string_view card_name_view(int card) {
  check_card(card);
  static const std::array<std::string, kNumCardIndices> names = [] {
    std::array<std::string, kNumCardIndices> table;
    for (int c = 0; c < kNumCardIndices; ++c) table[static_cast<std::size_t>(c)] = card_name(c);
    return table;
  }();
  return names[static_cast<std::size_t>(card)];
}

std::string cards_string(CardMask cards) {
  std::string s;
  for_each_card(cards, [&](int c) {
    if (!s.empty()) s += ' ';
    s += card_name_view(c);
  });
  return s;
}

int parse_card(std::string_view text) {
  const cards::Card card = cards::parse_card(text);
  if (card.is_joker()) {
    const int index = card.id() - cards::kFirstJokerId;
    if (index >= kMaxJokers)
      throw error("Loyalist Spies has two Jokers (Jk, Jk2), not '", text, "'");
    return kFirstJoker + index;
  }
  if (card.pack() != 0) throw error("Loyalist Spies uses one red pack, not '", text, "'");
  return card.id() - 1;
}

char suit_letter(int suit) { return cards::suit_letter(static_cast<cards::Suit>(suit)); }

std::string_view suit_name(int suit) { return cards::suit_name(static_cast<cards::Suit>(suit)); }

}  // namespace kibitz::loyalist_spies
