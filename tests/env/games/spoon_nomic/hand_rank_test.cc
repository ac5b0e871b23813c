// Spoon Nomic hand categories over several packs (hand_rank.h): every
// category, the orderings that several packs make possible, partial hands,
// and a brute-force cross-check that classifies every five-card subset of
// random hands on its own.
#include "env/games/spoon_nomic/hand_rank.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "env/cards/card_set.h"
#include "env/core/rng.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::spoon_nomic {
namespace {

using cards::Card;
using cards::CardSet;
using cards::parse_cards;

HandCategory of(std::string_view text) { return best_category(parse_cards(text)); }

// --- The reference: one five-card hand (or a partial one) classified from
// its sorted cards, written without the counting shortcuts of hand_rank.cc.
HandCategory classify_small(const std::vector<Card>& hand) {
  std::vector<int> ranks;
  for (Card c : hand) ranks.push_back(c.rank());
  std::sort(ranks.begin(), ranks.end());
  // Group sizes of equal ranks, largest first.
  std::vector<int> groups;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j < ranks.size() && ranks[j] == ranks[i]) ++j;
    groups.push_back(static_cast<int>(j - i));
    i = j;
  }
  std::sort(groups.rbegin(), groups.rend());
  const int top = groups.empty() ? 0 : groups[0];
  const int next = groups.size() > 1 ? groups[1] : 0;
  bool flush = false, straight = false;
  if (hand.size() == 5) {
    flush =
        std::all_of(hand.begin(), hand.end(), [&](Card c) { return c.suit() == hand[0].suit(); });
    const bool distinct = groups.size() == 5;
    straight =
        distinct && (ranks[4] - ranks[0] == 4 || ranks == std::vector<int>{1, 10, 11, 12, 13});
  }
  if (top == 5) return HandCategory::kFiveOfAKind;
  if (straight && flush) return HandCategory::kStraightFlush;
  if (top == 4) return HandCategory::kFourOfAKind;
  if (top == 3 && next == 2) return HandCategory::kFullHouse;
  if (flush) return HandCategory::kFlush;
  if (straight) return HandCategory::kStraight;
  if (top == 3) return HandCategory::kThreeOfAKind;
  if (top == 2 && next == 2) return HandCategory::kTwoPair;
  if (top == 2) return HandCategory::kPair;
  return HandCategory::kHighCard;
}

// The best over every five-card subset, or the whole hand under five cards.
HandCategory brute_force(const CardSet& set) {
  const std::vector<Card> all = set.to_vector();
  const int n = static_cast<int>(all.size());
  if (n < 5) return classify_small(all);
  HandCategory best = HandCategory::kHighCard;
  std::array<int, 5> idx{0, 1, 2, 3, 4};
  while (true) {
    std::vector<Card> five;
    for (int i : idx) five.push_back(all[static_cast<std::size_t>(i)]);
    best = std::max(best, classify_small(five));
    int k = 4;  // next combination in lexicographic order
    while (k >= 0 && idx[static_cast<std::size_t>(k)] == n - 5 + k) --k;
    if (k < 0) break;
    ++idx[static_cast<std::size_t>(k)];
    for (int j = k + 1; j < 5; ++j)
      idx[static_cast<std::size_t>(j)] = idx[static_cast<std::size_t>(j - 1)] + 1;
  }
  return best;
}

TEST(HandRankTest, BonusIsTheCategoryNumber) {
  EXPECT_EQ(static_cast<int>(HandCategory::kHighCard), 0);
  EXPECT_EQ(static_cast<int>(HandCategory::kStraight), 4);
  EXPECT_EQ(static_cast<int>(HandCategory::kFlush), 5);
  EXPECT_EQ(static_cast<int>(HandCategory::kFiveOfAKind), 9);
  EXPECT_EQ(category_name(HandCategory::kHighCard), "high card");
  EXPECT_EQ(category_name(HandCategory::kTwoPair), "two pair");
  EXPECT_EQ(category_name(HandCategory::kStraightFlush), "straight flush");
  EXPECT_EQ(category_name(HandCategory::kFiveOfAKind), "five of a kind");
}

TEST(HandRankTest, EveryCategoryWithSeveralPacks) {
  EXPECT_EQ(of("2D 5S@blue 9H@fish JC@corporate KD@blue"), HandCategory::kHighCard);
  // The same card from two packs makes a pair.
  EXPECT_EQ(of("7H 7H@blue 2D 9S@fish KC"), HandCategory::kPair);
  EXPECT_EQ(of("7H 7H@blue 2D@fish 2D@corporate KC"), HandCategory::kTwoPair);
  EXPECT_EQ(of("QS QS@blue QS@fish 2D 9C@corporate"), HandCategory::kThreeOfAKind);
  EXPECT_EQ(of("4D 5S@blue 6H@fish 7C@corporate 8D@fish"), HandCategory::kStraight);
  // A flush needs one suit, not one back.
  EXPECT_EQ(of("2H 5H@blue 9H@fish JH@corporate KH@blue"), HandCategory::kFlush);
  EXPECT_EQ(of("3C 3C@blue 3D@fish 8S 8S@corporate"), HandCategory::kFullHouse);
  EXPECT_EQ(of("TD TD@blue TD@fish TD@corporate 4S"), HandCategory::kFourOfAKind);
  EXPECT_EQ(of("9S@blue TS JS@fish QS@corporate KS"), HandCategory::kStraightFlush);
  EXPECT_EQ(of("AD AD@blue AD@fish AD@corporate AH"), HandCategory::kFiveOfAKind);
}

TEST(HandRankTest, OrderingsOverManyCards) {
  // A full house beats a flush found in the same cards.
  EXPECT_EQ(of("2H 5H 9H JH KH KH@blue KH@fish 2H@blue"), HandCategory::kFullHouse);
  // Five identical cards of four packs plus one more: five of a kind, above
  // the four of a kind, full house and flush they also make.
  EXPECT_EQ(of("6C 6C@blue 6C@fish 6C@corporate 6S 2C 3C 4C 5C"), HandCategory::kFiveOfAKind);
  // A straight flush across backs beats the four of a kind beside it.
  EXPECT_EQ(of("5D 6D@blue 7D@fish 8D@corporate 9D@blue 9S 9H 9C"), HandCategory::kStraightFlush);
  // Flush and straight in different cards make no straight flush.
  EXPECT_EQ(of("2S 4S 6S 8S TS 3D 5H 7C"), HandCategory::kFlush);
  // A four of a kind beats a full house in the same cards.
  EXPECT_EQ(of("8H 8H@blue 8H@fish 8D 3C 3C@blue"), HandCategory::kFourOfAKind);
  // Two three-of-a-kinds make a full house.
  EXPECT_EQ(of("JD JD@blue JD@fish 4S 4S@blue 4S@fish"), HandCategory::kFullHouse);
  // A pair of identical cards does not spoil a flush.
  EXPECT_EQ(of("AH AH@blue 3H 7H 9H"), HandCategory::kFlush);
}

TEST(HandRankTest, AcesHighOrLowWithoutWrapAround) {
  EXPECT_EQ(of("AD 2S 3H@blue 4C 5D@fish"), HandCategory::kStraight);
  EXPECT_EQ(of("TD JS QH@blue KC AD@corporate"), HandCategory::kStraight);
  EXPECT_EQ(of("JD QS KH@blue AC 2D@fish"), HandCategory::kHighCard);
  EXPECT_EQ(of("QD KS AH@blue 2C 3D@fish"), HandCategory::kHighCard);
  EXPECT_EQ(of("AS 2S@blue 3S@fish 4S@corporate 5S"), HandCategory::kStraightFlush);
  EXPECT_EQ(of("TC JC@blue QC KC@fish AC@corporate"), HandCategory::kStraightFlush);
  EXPECT_EQ(of("KC AC@blue 2C 3C@fish 4C@corporate"), HandCategory::kFlush);
}

TEST(HandRankTest, PartialHandsUnderFiveCards) {
  EXPECT_EQ(best_category(CardSet()), HandCategory::kHighCard);
  EXPECT_EQ(of("KS"), HandCategory::kHighCard);
  EXPECT_EQ(of("KS KS@blue"), HandCategory::kPair);
  EXPECT_EQ(of("KS QS"), HandCategory::kHighCard);
  EXPECT_EQ(of("KS KS@blue 2D"), HandCategory::kPair);
  EXPECT_EQ(of("KS KS@blue KS@fish"), HandCategory::kThreeOfAKind);
  EXPECT_EQ(of("KS KS@blue 2D 2D@fish"), HandCategory::kTwoPair);
  EXPECT_EQ(of("KS KS@blue KS@fish 2D"), HandCategory::kThreeOfAKind);
  EXPECT_EQ(of("KS KS@blue KS@fish KS@corporate"), HandCategory::kFourOfAKind);
  // Four cards never make a straight or flush.
  EXPECT_EQ(of("2H 3H 4H 5H"), HandCategory::kHighCard);
  EXPECT_EQ(of("AH 2H@blue 3H@fish 4H@corporate"), HandCategory::kHighCard);
}

// Draws `size` distinct cards from the given packs, suits and ranks, so that
// narrow pools make the rare categories common.
CardSet random_hand(Rng& rng, int size, int packs, int suits, int ranks) {
  CardSet hand;
  while (hand.size() < size) {
    const int pack = static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(packs)));
    const auto suit = static_cast<cards::Suit>(rng.uniform_int(static_cast<std::uint64_t>(suits)));
    // Ranks from a window that may start anywhere, aces included at both ends.
    const int low = 1 + static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(15 - ranks)));
    const int rank = low + static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(ranks)));
    hand.insert(Card::make(pack, suit, rank == 14 ? 1 : rank));
  }
  return hand;
}

TEST(HandRankTest, AgreesWithEveryFiveCardSubset) {
  Rng rng(19);
  std::array<int, kNumHandCategories> seen{};
  for (int trial = 0; trial < 60000; ++trial) {
    const int size = static_cast<int>(rng.uniform_int(11));  // 0..10 cards
    const int packs = 1 + static_cast<int>(rng.uniform_int(4));
    const int suits = 1 + static_cast<int>(rng.uniform_int(4));
    const int ranks = 3 + static_cast<int>(rng.uniform_int(11));  // 3..13
    if (packs * suits * ranks < size) continue;
    const CardSet hand = random_hand(rng, size, packs, suits, ranks);
    const HandCategory expected = brute_force(hand);
    ASSERT_EQ(best_category(hand), expected) << hand.to_string();
    ++seen[static_cast<std::size_t>(expected)];
  }
  // The draw reaches every category, so each branch was compared.
  for (int c = 0; c < kNumHandCategories; ++c)
    EXPECT_GT(seen[static_cast<std::size_t>(c)], 10) << category_name(static_cast<HandCategory>(c));
}

TEST(HandRankTest, AllocatesNothing) {
  const CardSet hand = parse_cards("6C 6C@blue 6C@fish 6C@corporate 6S 2C 3C 4C 5C KH");
  const auto before = testing_support::allocation_count();
  HandCategory c = HandCategory::kHighCard;
  for (int i = 0; i < 100; ++i) c = std::max(c, best_category(hand));
  EXPECT_EQ(testing_support::allocation_count() - before, 0);
  EXPECT_EQ(c, HandCategory::kFiveOfAKind);
}

}  // namespace
}  // namespace kibitz::spoon_nomic
