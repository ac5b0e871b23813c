// Loyalist Spies hands and decks as counts of card classes, the form the
// belief filter and its reference policy work with. Both see cards only
// through their values (a Joker counts 0 and cannot be played), so cards of
// equal value are interchangeable to them: tracking counts instead of card
// identities is what keeps the filter from dying of one wrong guess about a
// specific card (docs/bluff_report.md, "Method").
//
// A class is a value (0 for a Joker, 2..13 for pack cards; aces never enter a
// hand) and a tag: tag 1 marks, in one seat's own estimate, the cards that
// seat itself gave up into the Success deck, which it can tell apart from
// the rest; the public observer uses tag 0 only.
#pragma once

#include <array>
#include <cstdint>

#include "env/games/loyalist_spies/cards.h"

namespace kibitz::replays::analysis {

inline constexpr int kNumValues = 14;  // index 0 = Joker, 2..13 = rank; 1 (ace) unused
inline constexpr int kNumTags = 2;
inline constexpr int kNumClasses = kNumValues * kNumTags;
inline constexpr int kJokerValue = 0;

// How many cards of each class one place (a hand, the deck) holds.
using ClassCounts = std::array<std::int8_t, kNumClasses>;
// How many cards of each value, tags merged: what the reference policy reads.
using ValueCounts = std::array<int, kNumValues>;

// The value index of a Loyalist Spies card (cards.h numbering).
inline int value_index(int card) {
  return loyalist_spies::is_joker(card) ? kJokerValue : loyalist_spies::rank_of(card);
}
inline int class_of(int card, int tag) { return value_index(card) + kNumValues * tag; }
inline int class_value(int cls) { return cls % kNumValues; }

inline ValueCounts merge_tags(const ClassCounts& counts) {
  ValueCounts out{};
  for (int c = 0; c < kNumClasses; ++c)
    out[static_cast<std::size_t>(class_value(c))] += counts[static_cast<std::size_t>(c)];
  return out;
}

inline bool holds_joker(const ClassCounts& counts) {
  return counts[kJokerValue] > 0 || counts[kJokerValue + kNumValues] > 0;
}

inline int total_cards(const ClassCounts& counts) {
  int n = 0;
  for (const std::int8_t k : counts) n += k;
  return n;
}

}  // namespace kibitz::replays::analysis
