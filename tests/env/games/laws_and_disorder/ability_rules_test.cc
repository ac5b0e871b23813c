// Laws and Disorder's abilities as scripted deals, one test per position, a
// comment per step: each use, and each refusal (an ability without a legal
// use is not offered; under $2, or used already this turn, nothing is).
// Everyone starts with $3.
#include <gtest/gtest.h>

#include "tests/env/games/laws_and_disorder/scripted_deal.h"

namespace kibitz::laws_and_disorder::testing {
namespace {

using Texts = std::vector<std::string>;

// P0 JUDGE, P1 BANKER, P2 THIEF, P3 SCIENTIST.
TEST(Judge, EnforcesOrDestroysALawOncePerTurnAndTheBankerHasNothingToUse) {
  Deal d;
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"BANKER GAINS 2-MONIES WHEN-ABILITY LOSES LOSES LOSES", "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
          "LOSES LOSES LOSES 2-CARDS JUDGE JUDGE BANKER", "GAINS GAINS GAINS GAINS GAINS GAINS GAINS"});
  // No law on the table: the Judge has nothing to enforce or destroy.
  EXPECT_TRUE(d.offers_starting("ability").empty());
  // P0 makes THE BANKER GAINS 2 MONIES WHEN THEY USE THEIR ABILITY.
  d.acts(0, "law BANKER, GAINS, 2-MONIES, WHEN-ABILITY, end-law");
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability judge enforce L1", "ability judge destroy L1"}));
  // Enforcing it: $2, then it takes effect for the Banker whatever its WHEN.
  std::size_t mark = d.mark();
  d.act(0, "ability judge enforce L1");
  EXPECT_EQ(d.state().monies(0), 3 + 4 - 2);
  EXPECT_EQ(d.state().monies(1), 5);
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kJudgeEnforce, Obs::kEffect, Obs::kGains}));
  // Once a turn: nothing more is offered, and the refusal says why.
  EXPECT_TRUE(d.offers_starting("ability").empty());
  EXPECT_NE(d.refusal(0, "ability judge destroy L1").find("used your ability this turn"), std::string::npos);
  d.end_turn(0);
  // The Banker's double pay is passive: P1 ($5, a law on the table) has no
  // ability to use.
  EXPECT_TRUE(d.offers_starting("ability").empty());
  d.end_turn(1).end_turn(2).end_turn(3);
  // P0's next turn: destroying L1 sends its 4 cards to the discard pile.
  const int discards = d.state().discard_size();
  mark = d.mark();
  d.act(0, "ability judge destroy L1");
  EXPECT_EQ(d.state().num_laws(), 0);
  EXPECT_EQ(d.state().discard_size(), discards + 4);
  EXPECT_EQ(d.state().monies(0), 3);
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kJudgeDestroy}));
}

// Two players: P0 THIEF, P1 BANKER. P1 is stripped of cards by laws.
TEST(Thief, NeedsAnotherPlayerHoldingACard) {
  Deal d("laws_and_disorder(players=2)");
  d.deal("THIEF BANKER", {"BANKER LOSES 2-CARDS WHEN-LAW-MADE BANKER LOSES 2-CARDS",
                          "THIEF GIVES BANKER 2-MONIES WHEN-ABILITY GAINS GAINS"});
  // P1 holds cards: the theft is offered.
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability thief P1"}));
  // P0 puts THE BANKER LOSES 2 CARDS WHEN A LAW IS MADE on the table.
  d.acts(0, "law BANKER, LOSES, 2-CARDS, WHEN-LAW-MADE, end-law").end_turn(0, "1-MONIES 1-MONIES");
  // P1 makes a 5-card law, keeps 2 cards, and L1 takes both; P1 draws 2.
  d.acts(1, "law THIEF, GIVES, BANKER, 2-MONIES, WHEN-ABILITY, end-law");
  EXPECT_EQ(d.state().hand_size(1), 0);
  d.end_turn(1, "1-CARD 1-CARD");
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability thief P1"}));
  // P0 makes THE BANKER LOSES 2 CARDS: P1 is left with nothing.
  d.acts(0, "law BANKER, LOSES, 2-CARDS, end-law");
  EXPECT_EQ(d.state().hand_size(1), 0);
  // Nobody else holds a card: no theft is offered, though P0 has the monies.
  EXPECT_GE(d.state().monies(0), 2);
  EXPECT_TRUE(d.offers_starting("ability").empty());
  EXPECT_THROW(d.raw().string_to_action(0, "ability thief P1"), KibitzError);
}

// P0 SCIENTIST, P1 BANKER, P2 THIEF, P3 JUDGE.
TEST(Scientist, AddsAWhenToALawWithoutOneOrTakesOneIntoHand) {
  Deal d;
  d.deal("SCIENTIST BANKER THIEF JUDGE",
         {"JUDGE GAINS 1-MONIES WHEN-TURN-START WHEN-LAW-MADE LOSES LOSES",
          "BANKER GAINS 2-MONIES 1-CARD 1-CARD 1-CARD 1-CARD", "2-CARDS 2-CARDS 2-CARDS 2-CARDS LOSES LOSES LOSES",
          "GAINS GAINS GAINS GAINS GAINS GAINS PRIEST"});
  // No law on the table: nothing to add to, though P0 holds WHEN cards.
  EXPECT_TRUE(d.offers_starting("ability").empty());
  // P0 makes THE JUDGE GAINS 1 MONIES (P3 gains 1).
  d.acts(0, "law JUDGE, GAINS, 1-MONIES, end-law");
  EXPECT_EQ(d.state().monies(3), 4);
  // Only the WHEN cards P0 holds may be added.
  EXPECT_EQ(d.offers_starting("ability"),
            (Texts{"ability scientist add WHEN-TURN-START to L1", "ability scientist add WHEN-LAW-MADE to L1"}));
  // Adding WHEN-TURN-START: $2; amending the law does not trigger it.
  std::size_t mark = d.mark();
  d.act(0, "ability scientist add WHEN-TURN-START to L1");
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kScientistAdd}));
  EXPECT_EQ(d.state().monies(3), 4);
  EXPECT_EQ(d.state().monies(0), 3 + 3 - 2);
  EXPECT_EQ(d.holds(0, "WHEN-TURN-START"), 0);
  d.end_turn(0);
  // P1 makes THE BANKER GAINS 2 MONIES: L2, without WHEN.
  d.acts(1, "law BANKER, GAINS, 2-MONIES, end-law").end_turn(1).end_turn(2);
  // P3, the Judge, starts a turn: the amended L1 fires for them.
  EXPECT_EQ(d.state().monies(3), 5);
  d.end_turn(3);
  // P0: L1 has a WHEN (only taking it is offered); L2 has none (adding the
  // WHEN-LAW-MADE P0 holds is offered).
  EXPECT_EQ(d.offers_starting("ability"),
            (Texts{"ability scientist add WHEN-LAW-MADE to L2", "ability scientist take L1"}));
  // Taking L1's WHEN into hand; the law takes no effect.
  mark = d.mark();
  d.act(0, "ability scientist take L1");
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kScientistTake}));
  EXPECT_EQ(d.holds(0, "WHEN-TURN-START"), 1);
  EXPECT_EQ(d.state().law_at(0).law, Law::of({Kind::kJudge, Kind::kGains, Kind::kOneMonies}));
}

// P0 MERCHANT, P1 BANKER, P2 THIEF, P3 JUDGE.
TEST(Merchant, TradesOrSwapsAVerbThatKeepsTheLawValid) {
  Deal d;
  d.deal("MERCHANT BANKER THIEF JUDGE",
         {"JUDGE GIVES THIEF 1-MONIES GAINS LOSES PRIEST", "BANKER GAINS 2-MONIES 1-CARD 1-CARD 1-CARD 1-CARD",
          "2-CARDS 2-CARDS 2-CARDS 2-CARDS LOSES LOSES LOSES", "GAINS GAINS GAINS GAINS GAINS GAINS SCIENTIST"});
  // No law: only the trade is offered.
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability merchant trade"}));
  // P0 makes THE JUDGE GIVES THE THIEF 1 MONIES. Its GIVES cannot become
  // GAINS or LOSES (a recipient needs GIVES): still only the trade.
  d.acts(0, "law JUDGE, GIVES, THIEF, 1-MONIES, end-law");
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability merchant trade"}));
  // The trade: $2, draw 2, then discard 2 of P0's choice.
  const std::size_t bystander = d.stream_size(1);
  d.act(0, "ability merchant trade").draw("5-MONIES 4-MONIES");
  ASSERT_EQ(d.state().phase(), Phase::kDiscard);
  EXPECT_EQ(d.state().hand_size(0), 5);
  d.act(0, "discard GAINS").act(0, "discard 5-MONIES");
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  EXPECT_EQ(d.state().hand_size(0), 3);
  EXPECT_EQ(d.holds(0, "4-MONIES"), 1);
  EXPECT_EQ(d.state().monies(0), 3 + 4 - 2);
  // Bystanders see two draws and two discards, not the cards.
  const std::string seen = d.stream_since(1, bystander);
  EXPECT_EQ(seen.find("MONIES"), std::string::npos) << seen;
  d.end_turn(0);
  // P1 makes THE BANKER GAINS 2 MONIES.
  d.acts(1, "law BANKER, GAINS, 2-MONIES, end-law").end_turn(1).end_turn(2).end_turn(3);
  // P0 holds LOSES: it may replace L2's GAINS, never L1's GIVES.
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability merchant trade", "ability merchant LOSES in L2"}));
  const int banker = d.state().monies(1);
  d.act(0, "ability merchant LOSES in L2");
  EXPECT_EQ(d.state().law_at(1).law, Law::of({Kind::kBanker, Kind::kLoses, Kind::kTwoMonies}));
  EXPECT_EQ(d.holds(0, "GAINS"), 1);
  EXPECT_EQ(d.state().monies(1), banker);  // amending triggers nothing
}

// Two players: P0 MERCHANT, P1 BANKER; the deck runs out.
TEST(Merchant, NoTradeFromAnEmptyDeck) {
  Deal d("laws_and_disorder(players=2)");
  d.deal("MERCHANT BANKER", {"1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
                             "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS"});
  EXPECT_EQ(d.offers_starting("ability"), (Texts{"ability merchant trade"}));
  // Turns go by until the last card is drawn (P1's draw), then P0's final
  // turn: with no card to draw, no trade.
  while (d.state().deck_size() > 0) d.end_turn(d.state().turn_player());
  ASSERT_EQ(d.state().turn_player(), 0);
  EXPECT_EQ(d.state().monies(0), 3);
  EXPECT_TRUE(d.offers_starting("ability").empty());
}

// P0 PRIEST, P1 BANKER, P2 THIEF, P3 JUDGE.
TEST(Priest, SwapsAPositionCardIfTheLawStaysValid) {
  Deal d;
  d.deal("PRIEST BANKER THIEF JUDGE",
         {"JUDGE GIVES BANKER 1-MONIES THIEF BANKER JUDGE", "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
          "2-CARDS LOSES LOSES LOSES LOSES LOSES PRIEST", "GAINS GAINS GAINS GAINS GAINS GAINS SCIENTIST"});
  // No law: nothing to swap.
  EXPECT_TRUE(d.offers_starting("ability").empty());
  // P0 makes THE JUDGE GIVES THE BANKER 1 MONIES. Of P0's THIEF, BANKER and
  // JUDGE, only THIEF may go in: BANKER as subject or JUDGE as recipient
  // would make a law that gives to its own subject, and a card may not
  // replace its own kind.
  d.acts(0, "law JUDGE, GIVES, BANKER, 1-MONIES, end-law");
  EXPECT_EQ(d.offers_starting("ability"),
            (Texts{"ability priest subject THIEF in L1", "ability priest recipient THIEF in L1"}));
  // The swap: BANKER comes out into P0's hand; no effect.
  const std::size_t mark = d.mark();
  d.act(0, "ability priest recipient THIEF in L1");
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kPriestSwap}));
  EXPECT_EQ(d.state().law_at(0).law, Law::of({Kind::kJudge, Kind::kGives, Kind::kThief, Kind::kOneMonies}));
  EXPECT_EQ(d.holds(0, "BANKER"), 2);
  d.end_turn(0, "ANY-POSITION ANY-POSITION").end_turn(1).end_turn(2).end_turn(3);
  // ANY-POSITION swaps like a job card.
  EXPECT_EQ(d.offers_starting("ability"),
            (Texts{"ability priest subject BANKER in L1", "ability priest subject ANY-POSITION in L1",
                   "ability priest recipient BANKER in L1", "ability priest recipient ANY-POSITION in L1"}));
  d.act(0, "ability priest subject ANY-POSITION in L1");
  EXPECT_EQ(d.state().law_at(0).law, Law::of({Kind::kAnyPosition, Kind::kGives, Kind::kThief, Kind::kOneMonies}));
  EXPECT_EQ(d.holds(0, "JUDGE"), 2);  // the one in hand and the one taken out
}

// P0 JUDGE, P1 BANKER, P2 THIEF, P3 SCIENTIST.
TEST(Abilities, CostTwoMonies) {
  Deal d;
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"SCIENTIST LOSES 2-MONIES GAINS GAINS GAINS GAINS", "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
          "LOSES LOSES LOSES 2-CARDS JUDGE JUDGE BANKER", "WHEN-LAW-MADE GAINS GAINS GAINS GAINS PRIEST PRIEST"});
  // THE SCIENTIST LOSES 2 MONIES: P3 is left with $1.
  d.acts(0, "law SCIENTIST, LOSES, 2-MONIES, end-law").end_turn(0).end_turn(1).end_turn(2);
  EXPECT_EQ(d.state().monies(3), 1);
  // P3 holds a WHEN card and L1 has none, but $1 buys no ability.
  EXPECT_TRUE(d.offers_starting("ability").empty());
  EXPECT_NE(d.refusal(3, "ability scientist add WHEN-LAW-MADE to L1").find("costs 2 monies"), std::string::npos);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder::testing
