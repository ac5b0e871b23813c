// Best-hand category from per-rank and per-suit counts (see hand_rank.h).
//
// Why counting is enough: a category holds for some five-card subset exactly
// when its pattern (a rank count, a suit's rank mask, ...) is present in the
// whole hand, and the subset that shows a pattern may only rank higher. So
// testing the patterns from the strongest down gives the best subset's
// category without enumerating subsets.
#include "env/games/spoon_nomic/hand_rank.h"

#include <array>
#include <cstdint>

#include "env/core/error.h"

namespace kibitz::spoon_nomic {
namespace {

using cards::kNumRanks;
using cards::kNumSuits;

// Rank masks use bit r for rank r (Ace=1 .. King=13) and bit 14 for the ace
// playing high, so that T J Q K A is five consecutive bits and K A 2 is not.
constexpr unsigned kAceLowBit = 1u << cards::kAce;
constexpr unsigned kAceHighBit = 1u << (cards::kKing + 1);

bool has_straight(unsigned rank_mask) {
  unsigned m = rank_mask;
  if (m & kAceLowBit) m |= kAceHighBit;
  return (m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)) != 0;
}

struct Counts {
  std::array<std::uint8_t, kNumRanks + 1> per_rank{};  // index 1..13
  std::array<std::uint8_t, kNumSuits> per_suit{};
  std::array<unsigned, kNumSuits> suit_ranks{};  // ranks present in each suit
  unsigned ranks = 0;                            // ranks present in any suit
};

Counts count(const cards::CardSet& hand) {
  Counts c;
  hand.for_each([&](cards::Card card) {
    KIBITZ_CHECK(!card.is_joker(), "a Spoon Nomic hand holds no jokers: ", card.to_string());
    const int rank = card.rank();
    const auto suit = static_cast<std::size_t>(card.suit());
    ++c.per_rank[static_cast<std::size_t>(rank)];
    ++c.per_suit[suit];
    c.suit_ranks[suit] |= 1u << rank;
    c.ranks |= 1u << rank;
  });
  return c;
}

}  // namespace

HandCategory best_category(const cards::CardSet& hand) {
  const Counts c = count(hand);
  int max_count = 0, second_count = 0;  // the two largest rank counts
  int pairs = 0;                        // ranks with at least two cards
  for (int r = 1; r <= kNumRanks; ++r) {
    const int n = c.per_rank[static_cast<std::size_t>(r)];
    if (n >= 2) ++pairs;
    if (n > max_count) {
      second_count = max_count;
      max_count = n;
    } else if (n > second_count) {
      second_count = n;
    }
  }
  bool flush = false, straight_flush = false;
  for (int s = 0; s < kNumSuits; ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (c.per_suit[i] >= 5) flush = true;
    if (has_straight(c.suit_ranks[i])) straight_flush = true;
  }
  // Every pattern below is tested the same way under five cards: a straight
  // or flush needs five cards and a full house five, so a partial hand can
  // only match the kinds and pairs, as the rulings want.
  if (max_count >= 5) return HandCategory::kFiveOfAKind;
  if (straight_flush) return HandCategory::kStraightFlush;
  if (max_count == 4) return HandCategory::kFourOfAKind;
  if (max_count == 3 && second_count >= 2) return HandCategory::kFullHouse;
  if (flush) return HandCategory::kFlush;
  if (has_straight(c.ranks)) return HandCategory::kStraight;
  if (max_count == 3) return HandCategory::kThreeOfAKind;
  if (pairs >= 2) return HandCategory::kTwoPair;
  if (pairs == 1) return HandCategory::kPair;
  return HandCategory::kHighCard;
}

std::string_view category_name(HandCategory category) {
  switch (category) {
    case HandCategory::kHighCard:
      return "high card";
    case HandCategory::kPair:
      return "pair";
    case HandCategory::kTwoPair:
      return "two pair";
    case HandCategory::kThreeOfAKind:
      return "three of a kind";
    case HandCategory::kStraight:
      return "straight";
    case HandCategory::kFlush:
      return "flush";
    case HandCategory::kFullHouse:
      return "full house";
    case HandCategory::kFourOfAKind:
      return "four of a kind";
    case HandCategory::kStraightFlush:
      return "straight flush";
    case HandCategory::kFiveOfAKind:
      return "five of a kind";
  }
  KIBITZ_CHECK(false, "unknown hand category ", static_cast<int>(category));
  return "";
}

}  // namespace kibitz::spoon_nomic
