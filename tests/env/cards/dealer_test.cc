// The Dealer: the dealing procedure, its roll log, the empty-deck rule, the
// Dealer's Report, determinism by seed and uniformity over the cards left.
#include "env/cards/dealer.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <vector>

#include "env/core/error.h"

namespace kibitz::cards {
namespace {

// Pearson's chi-square statistic of observed counts against equal expectation.
double chi_square_uniform(const std::vector<int>& counts) {
  double total = 0;
  for (int c : counts) total += c;
  const double expected = total / static_cast<double>(counts.size());
  double chi2 = 0;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  return chi2;
}

TEST(DealerTest, StartsWithFullPacks) {
  const Dealer one(1, 0);
  EXPECT_EQ(one.deck(), CardSet::full_pack(0));
  EXPECT_EQ(one.die_sides(), 52);
  const Dealer four(4, 0);
  EXPECT_EQ(four.deck().size(), 208);
  EXPECT_EQ(four.die_sides(), 208);
  EXPECT_EQ(four.deck().nth(207), parse_card("KC@corporate"));
  EXPECT_FALSE(four.deck().contains(Card::joker(0)));  // jokers are never on the die
  EXPECT_EQ(full_deck(2), CardSet::full_pack(0) | CardSet::full_pack(1));
}

TEST(DealerTest, BadConstructionIsAnError) {
  EXPECT_THROW(Dealer(0, 1), KibitzError);
  EXPECT_THROW(Dealer(kMaxPacks + 1, 1), KibitzError);
  EXPECT_THROW(Dealer(1, parse_cards("AS Jk"), Rng(1)), KibitzError);
  EXPECT_THROW(Dealer(1, parse_cards("AS AS@blue"), Rng(1)), KibitzError);
  EXPECT_NO_THROW(Dealer(2, parse_cards("AS AS@blue"), Rng(1)));
  Dealer dealer(1, 1);
  CardSet hand;
  EXPECT_THROW(dealer.deal(-1, hand), KibitzError);
}

TEST(DealerTest, PinnedDealFromAFullPack) {
  // Seed 2024 rolls 28 16 13 22 39 43 51 35 on a 52-sided die (checked by
  // simulating the rule on kibitz::Rng directly); all are in the full Deck, so
  // no roll is rejected. 28 = 2*13+2 = 2H, 16 = 13+3 = 3S, 13 = KD,
  // 22 = 13+9 = 9S, 39 = 26+13 = KH, 43 = 39+4 = 4C, 51 = 39+12 = QC, 35 = 9H.
  Dealer dealer(1, 2024);
  std::array<CardSet, 2> hands;
  std::vector<Card> dealt;
  for (int i = 0; i < 8; ++i) {
    const std::optional<Card> card = dealer.deal(i % 2, hands[static_cast<std::size_t>(i % 2)]);
    ASSERT_TRUE(card.has_value());
    dealt.push_back(*card);
  }
  EXPECT_EQ(dealt, parse_card_list("2H 3S KD 9S KH 4C QC 9H"));
  EXPECT_EQ(hands[0], parse_cards("2H KD KH QC"));
  EXPECT_EQ(hands[1], parse_cards("3S 9S 4C 9H"));
  EXPECT_EQ(dealer.deck(), CardSet::full_pack(0) - hands[0] - hands[1]);
  EXPECT_EQ(dealer.rolls().size(), 8u);
}

TEST(DealerTest, RejectedRollsAreLogged) {
  // A Deck of the red Diamonds and Spades only (ids 1..26) on a 52-sided die,
  // seed 1. Rolls above 26 are not in the Deck, and the 6 rolled again in the
  // third deal was already dealt in the first: both are rejected and logged.
  CardSet deck;
  for (int id = 1; id <= 26; ++id) deck.insert(Card::from_id(id));
  Dealer dealer(1, deck, Rng(1));
  std::array<CardSet, 4> hands;
  for (int seat = 0; seat < 4; ++seat) {
    ASSERT_TRUE(dealer.deal(seat, hands[static_cast<std::size_t>(seat)]).has_value());
  }
  const std::vector<DealerRoll> expected = {
      {43, false, 0}, {39, false, 0}, {6, true, 0},                                 // 6D
      {39, false, 1}, {10, true, 1},                                                // TD
      {31, false, 2}, {52, false, 2}, {28, false, 2}, {6, false, 2}, {7, true, 2},  // 7D
      {48, false, 3}, {18, true, 3},                                                // 5S
  };
  EXPECT_EQ(dealer.rolls(), expected);
  EXPECT_EQ(hands[0], parse_cards("6D"));
  EXPECT_EQ(hands[1], parse_cards("TD"));
  EXPECT_EQ(hands[2], parse_cards("7D"));
  EXPECT_EQ(hands[3], parse_cards("5S"));
  // The log alone is enough to audit the deal and recover the Deck.
  EXPECT_EQ(audit_rolls(1, deck, dealer.rolls()), dealer.deck());
}

TEST(DealerTest, AuditCatchesATamperedLog) {
  Dealer dealer(2, 99);
  CardSet hand;
  for (int i = 0; i < 60; ++i) dealer.deal(i % 3, hand);
  const CardSet start = full_deck(2);
  ASSERT_EQ(audit_rolls(2, start, dealer.rolls()), dealer.deck());

  std::vector<DealerRoll> rolls = dealer.rolls();
  // Find a rejected roll (60 deals from 104 cards are bound to repeat a number).
  std::size_t rejected = 0;
  while (rejected < rolls.size() && rolls[rejected].accepted) ++rejected;
  ASSERT_LT(rejected, rolls.size());

  std::vector<DealerRoll> tampered = rolls;
  tampered[rejected].accepted = true;  // claims a card that had already left
  EXPECT_THROW(audit_rolls(2, start, tampered), KibitzError);
  tampered = rolls;
  tampered[0].roll = 105;  // not a face of a 104-sided die
  EXPECT_THROW(audit_rolls(2, start, tampered), KibitzError);
  tampered = rolls;
  tampered[0].accepted = !tampered[0].accepted;  // the first roll always finds its card
  EXPECT_THROW(audit_rolls(2, start, tampered), KibitzError);
  tampered.assign(rolls.begin(), rolls.begin() + static_cast<std::ptrdiff_t>(rejected) + 1);
  EXPECT_THROW(audit_rolls(2, start, tampered), KibitzError);  // stops after a rejection
}

TEST(DealerTest, AnEmptyDeckCannotDeal) {
  Dealer dealer(1, 5);
  CardSet hand;
  for (int i = 0; i < kCardsPerPack; ++i) ASSERT_TRUE(dealer.deal(0, hand).has_value());
  EXPECT_EQ(hand, CardSet::full_pack(0));
  EXPECT_TRUE(dealer.deck().empty());
  const std::size_t rolls = dealer.rolls().size();
  const std::size_t reported = dealer.report().size();
  EXPECT_EQ(dealer.deal(1, hand), std::nullopt);
  // Nothing happens: no roll, no report line, the hand unchanged.
  EXPECT_EQ(dealer.rolls().size(), rolls);
  EXPECT_EQ(dealer.report().size(), reported);
  EXPECT_EQ(hand, CardSet::full_pack(0));

  Dealer empty(3, CardSet(), Rng(5));
  CardSet other;
  EXPECT_EQ(empty.deal(0, other), std::nullopt);
  EXPECT_TRUE(empty.rolls().empty());
  EXPECT_TRUE(other.empty());
}

TEST(DealerTest, ReportHoldsReceiversAndBacksOnly) {
  Dealer dealer(4, 17);
  std::array<CardSet, 3> hands;
  std::vector<ReportEntry> expected;
  for (int step = 0; step < 3; ++step) {
    if (step > 0) dealer.next_step();
    EXPECT_EQ(dealer.step(), step);
    for (int seat = 0; seat < 3; ++seat) {
      if (seat == step) continue;  // one seat earns nothing each step
      const Card card = *dealer.deal(seat, hands[static_cast<std::size_t>(seat)]);
      expected.push_back({step, seat, card.back()});
    }
  }
  EXPECT_EQ(dealer.report(), expected);

  // With one pack every back is red, so the report cannot tell two seeds apart
  // even though they deal different cards: it reveals nothing beyond backs.
  auto deal_six = [](std::uint64_t seed, CardSet& dealt) {
    Dealer d(1, seed);
    for (int i = 0; i < 6; ++i) {
      if (i == 3) d.next_step();
      d.deal(i % 3, dealt);
    }
    return d.report_string();
  };
  CardSet a, b;
  const std::string report_a = deal_six(1, a);
  EXPECT_EQ(report_a, deal_six(2, b));
  EXPECT_NE(a, b);
  EXPECT_EQ(report_a,
            "step 0: seat 0 red, seat 1 red, seat 2 red; "
            "step 1: seat 0 red, seat 1 red, seat 2 red");
}

TEST(DealerTest, SameSeedSameDealDifferentSeedDifferentDeal) {
  auto run = [](Rng dice) {
    Dealer dealer(4, dice);
    CardSet hand;
    std::vector<Card> cards;
    for (int i = 0; i < 40; ++i) cards.push_back(*dealer.deal(i % 4, hand));
    return std::make_pair(cards, dealer.rolls());
  };
  EXPECT_EQ(run(Rng(42)), run(Rng(42)));
  EXPECT_NE(run(Rng(42)).first, run(Rng(43)).first);
  EXPECT_EQ(run(Rng(7).child("dealer")), run(Rng(7).child("dealer")));
  EXPECT_EQ(Dealer(1, 42).seed(), 42u);
}

TEST(DealerTest, OneDealIsUniformOverTheCardsLeft) {
  // Games model a deal as a chance node giving each card left in the Deck
  // probability 1/|Deck|; rejection sampling must give the same distribution.
  // A 12-card Deck spread over two packs (a 104-sided die, mostly rejected).
  const CardSet deck =
      parse_cards("AD 9D 2S KS 5H QC AS@blue 7S@blue TH@blue JH@blue 3C@blue KC@blue");
  ASSERT_EQ(deck.size(), 12);
  const std::vector<Card> cards = deck.to_vector();
  std::map<Card, int> index;
  for (std::size_t i = 0; i < cards.size(); ++i) index[cards[i]] = static_cast<int>(i);

  constexpr int kTrials = 24000;
  std::vector<int> counts(cards.size(), 0);
  for (int seed = 0; seed < kTrials; ++seed) {
    Dealer dealer(2, deck, Rng(static_cast<std::uint64_t>(seed)));
    CardSet hand;
    ++counts[static_cast<std::size_t>(index.at(*dealer.deal(0, hand)))];
  }
  // 11 degrees of freedom: P(chi2 > 35) is about 0.00025 for a uniform dealer
  // (this seed range scores 4.9), while a dealer that took the card
  // deck.nth((roll - 1) % 12) instead of rerolling scores about 110.
  EXPECT_LT(chi_square_uniform(counts), 35.0) << chi_square_uniform(counts);
}

TEST(DealerTest, ConsecutiveDealsAreUniformOverOrderedPairs) {
  // Two deals from a 4-card Deck: each of the 12 ordered pairs has chance 1/12,
  // as two chained uniform chance nodes would give.
  const CardSet deck = parse_cards("3D 8S QH@fish AC@corporate");
  constexpr int kTrials = 12000;
  std::map<std::pair<Card, Card>, int> pair_counts;
  for (int seed = 0; seed < kTrials; ++seed) {
    Dealer dealer(4, deck, Rng(1000003 + static_cast<std::uint64_t>(seed)));
    CardSet first_hand, second_hand;
    const Card first = *dealer.deal(0, first_hand);
    const Card second = *dealer.deal(1, second_hand);
    ASSERT_NE(first, second);
    ++pair_counts[{first, second}];
  }
  ASSERT_EQ(pair_counts.size(), 12u);
  std::vector<int> counts;
  for (const auto& [pair, count] : pair_counts) counts.push_back(count);
  // 11 degrees of freedom, as above (this seed range scores 7.4).
  EXPECT_LT(chi_square_uniform(counts), 35.0) << chi_square_uniform(counts);
}

}  // namespace
}  // namespace kibitz::cards
