// Spoon Nomic hand ranking: the category of a player's best hand at the end
// of the game, whose number is the hand bonus (rulings: spoon_nomic.md).
//
// Cards come from up to four packs, so one suit and rank can appear several
// times with different backs. The hand is the best five cards of all the
// player's cards:
//   * the same card from two packs makes a pair (and so on up to four);
//   * five cards of one value, even identical ones, are five of a kind;
//   * a flush is five cards of one suit, whatever their backs, duplicates
//     included (AH AH@blue 3H 7H 9H is a flush, and a pair, and scores the
//     higher: flush);
//   * a straight is five consecutive values; an ace plays high (T J Q K A) or
//     low (A 2 3 4 5), never both (no K A 2 wrap-around);
//   * a straight flush is five consecutive values all of one suit;
//   * fewer than five cards score their best partial hand: pair, two pair,
//     three or four of a kind (never a straight, flush or full house).
#pragma once

#include <string_view>

#include "env/cards/card_set.h"

namespace kibitz::spoon_nomic {

// In increasing strength; the hand bonus is int(category).
enum class HandCategory {
  kHighCard = 0,
  kPair,
  kTwoPair,
  kThreeOfAKind,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
  kFiveOfAKind,
};

inline constexpr int kNumHandCategories = 10;

// The best category over every five-card subset of `hand` (every card when it
// holds fewer than five). Works from counts per rank and per suit, without
// allocating, whatever the hand's size. The hand holds no jokers.
HandCategory best_category(const cards::CardSet& hand);

// "high card", "pair", "two pair", "three of a kind", "straight", "flush",
// "full house", "four of a kind", "straight flush", "five of a kind".
std::string_view category_name(HandCategory category);

}  // namespace kibitz::spoon_nomic
