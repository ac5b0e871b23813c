// Laws and Disorder rules as scripted deals, one test per rule, a comment per
// step: the text's worked examples, laws about unheld positions and
// ANY-POSITION, amounts beyond what a player has, max_laws, triggers, and
// what bystanders do not see. Abilities: ability_rules_test.cc; turns, jobs
// and the end: turn_rules_test.cc.
//
// Unless said, P0 holds JUDGE, P1 BANKER, P2 THIEF, P3 SCIENTIST; MERCHANT
// and PRIEST are unheld. Everyone starts with $3.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/env/games/laws_and_disorder/scripted_deal.h"

namespace kibitz::laws_and_disorder::testing {
namespace {

constexpr const char* kSeats = "JUDGE BANKER THIEF SCIENTIST";

// Where `kind` first appears in `kinds` (kinds.size() when it does not).
std::size_t first(const std::vector<Obs>& kinds, Obs kind) {
  return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
}

// The seats of the kEffect observations since `mark`, with their laws.
std::vector<std::pair<int, int>> effects(const Deal& d, std::size_t mark) {
  std::vector<std::pair<int, int>> out;  // (law serial, seat)
  for (const Observation& o : d.of_kind(Obs::kEffect, mark)) out.emplace_back(o.value(0), o.value(1));
  return out;
}

using Effects = std::vector<std::pair<int, int>>;

// --- The text's worked examples ------------------------------------------------

TEST(Examples, ThiefLosesACardWhenTheyUseTheirAbility) {
  Deal d;
  d.deal(kSeats, {"THIEF LOSES 1-CARD WHEN-ABILITY GAINS GAINS GAINS",
                  "GAINS GAINS GAINS 1-CARD 1-CARD 2-CARDS 2-CARDS",
                  "2-CARDS 2-CARDS LOSES LOSES 1-MONIES 1-MONIES 3-MONIES",
                  "JUDGE JUDGE BANKER BANKER PRIEST PRIEST MERCHANT"});
  // P0 makes THE THIEF LOSES 1 CARD WHEN THEY USE THEIR ABILITY: paid 4.
  std::size_t mark = d.mark();
  d.acts(0, "law THIEF, LOSES, 1-CARD, WHEN-ABILITY, end-law");
  EXPECT_EQ(d.state().monies(0), 7);
  // Nothing happens when it is made: no effect, the Thief keeps 7 cards.
  EXPECT_TRUE(d.of_kind(Obs::kEffect, mark).empty());
  EXPECT_EQ(d.state().hand_size(2), 7);
  d.end_turn(0).end_turn(1);
  // P2, the Thief, pays $2 to look at P3's hand.
  const std::size_t bystander0 = d.stream_size(0);
  const std::size_t bystander1 = d.stream_size(1);
  mark = d.mark();
  d.act(2, "ability thief P3");
  EXPECT_EQ(d.state().monies(2), 1);
  EXPECT_EQ(d.offers(), (std::vector<std::string>{"take JUDGE", "take BANKER", "take MERCHANT", "take PRIEST"}));
  // The thief takes the card first...
  d.act(2, "take PRIEST");
  EXPECT_EQ(d.holds(2, "PRIEST"), 1);
  EXPECT_EQ(d.holds(3, "PRIEST"), 1);
  // ...then the law fires and they discard a card of their choice.
  ASSERT_EQ(d.state().phase(), Phase::kDiscard);
  EXPECT_EQ(d.raw().current_player(), 2);
  EXPECT_EQ(d.state().hand_size(2), 8);
  d.act(2, "discard 3-MONIES");
  EXPECT_EQ(d.state().hand_size(2), 7);
  EXPECT_EQ(d.holds(2, "3-MONIES"), 0);
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  const auto kinds = d.kinds_since(mark);
  EXPECT_LT(first(kinds, Obs::kTakeSeen), first(kinds, Obs::kEffect));
  EXPECT_LT(first(kinds, Obs::kEffect), first(kinds, Obs::kDiscardSeen));
  EXPECT_EQ(effects(d, mark), (Effects{{1, 2}}));
  // Bystanders see that a card was taken from P3 and one discarded, never
  // which: no observation of theirs names PRIEST or 3-MONIES.
  for (const auto& [seat, from] : {std::pair{0, bystander0}, std::pair{1, bystander1}}) {
    const std::string seen = d.stream_since(seat, from);
    EXPECT_NE(seen.find("P2 takes a card from P3"), std::string::npos) << seen;
    EXPECT_NE(seen.find("P2 discards a card"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("PRIEST"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("3-MONIES"), std::string::npos) << seen;
  }
  // The victim learns which card left; the thief saw the whole hand.
  EXPECT_NE(d.stream_since(3).find("P2 takes PRIEST from P3"), std::string::npos);
  // (in chunks of kHandSeenChunk = 6 cards)
  EXPECT_NE(d.stream_since(2).find("P3 shows JUDGE JUDGE BANKER BANKER MERCHANT PRIEST\nP3 shows PRIEST"),
            std::string::npos)
      << d.stream_since(2);
}

// The table holds THE SCIENTIST GIVES THE BANKER 3 MONIES WHEN A LAW IS MADE
// (made by P0, paid 5, nothing happens); then THE BANKER GIVES THE THIEF 1
// MONIES is made by `maker`.
Deal scientist_pays_banker(const char* seats, int maker) {
  Deal d;
  d.deal(seats, {"SCIENTIST GIVES BANKER 3-MONIES WHEN-LAW-MADE GAINS GAINS",
                 "BANKER GIVES THIEF 1-MONIES GAINS GAINS GAINS",
                 "BANKER GIVES THIEF 1-MONIES LOSES LOSES LOSES",
                 "JUDGE JUDGE PRIEST PRIEST MERCHANT MERCHANT 1-CARD"});
  const std::size_t mark = d.mark();
  d.acts(0, "law SCIENTIST, GIVES, BANKER, 3-MONIES, WHEN-LAW-MADE, end-law");
  EXPECT_EQ(d.state().monies(0), 8);
  EXPECT_TRUE(d.of_kind(Obs::kEffect, mark).empty());
  d.end_turn(0);
  if (maker == 2) d.end_turn(1);
  return d;
}

TEST(Examples, ScientistGivesBankerWhenTheBankerMakesALaw) {
  Deal d = scientist_pays_banker(kSeats, 1);
  // P1, the Banker, makes the 4-card law: paid double, 8.
  d.acts(1, "law BANKER, GIVES, THIEF, 1-MONIES");
  const std::size_t mark = d.mark();
  d.act(1, "end-law");
  // First the pay, then the new law (the Banker gives the Thief 1), then the
  // old law (the Scientist gives the Banker 3).
  const auto kinds = d.kinds_since(mark);
  EXPECT_EQ(kinds, (std::vector<Obs>{Obs::kLawMade, Obs::kLawPaid, Obs::kEffect, Obs::kGivesMonies, Obs::kEffect,
                                      Obs::kGivesMonies}));
  EXPECT_EQ(d.of_kind(Obs::kLawPaid, mark)[0].value(1), 8);
  EXPECT_EQ(effects(d, mark), (Effects{{2, 1}, {1, 3}}));
  EXPECT_EQ(d.state().monies(1), 3 + 8 - 1 + 3);
  EXPECT_EQ(d.state().monies(2), 4);
  EXPECT_EQ(d.state().monies(3), 0);
}

TEST(Examples, ScientistGivesBankerWhenAnotherPlayerMakesALaw) {
  Deal d = scientist_pays_banker(kSeats, 2);
  // P2, the Thief, makes the same law: paid 4, then receives 1 from the Banker.
  const std::size_t mark = d.mark();
  d.acts(2, "law BANKER, GIVES, THIEF, 1-MONIES, end-law");
  EXPECT_EQ(d.of_kind(Obs::kLawPaid, mark)[0].value(1), 4);
  EXPECT_EQ(effects(d, mark), (Effects{{2, 1}, {1, 3}}));
  EXPECT_EQ(d.state().monies(2), 3 + 4 + 1);
  EXPECT_EQ(d.state().monies(1), 3 - 1 + 3);
  EXPECT_EQ(d.state().monies(3), 0);
}

TEST(Examples, ScientistGivesBankerWithNoScientist) {
  // P3 holds MERCHANT: nobody holds SCIENTIST.
  Deal d = scientist_pays_banker("JUDGE BANKER THIEF MERCHANT", 1);
  const std::size_t mark = d.mark();
  d.acts(1, "law BANKER, GIVES, THIEF, 1-MONIES, end-law");
  // The old law takes effect for nobody: nothing happens.
  EXPECT_EQ(d.of_kind(Obs::kNoHolder, mark).size(), 1u);
  EXPECT_EQ(d.of_kind(Obs::kNoHolder, mark)[0].value(0), 1);
  EXPECT_EQ(d.state().monies(1), 3 + 8 - 1);
  EXPECT_EQ(d.state().monies(3), 3);
}

TEST(Examples, ScientistGivesBankerWithNoBanker) {
  // P1 holds MERCHANT: nobody holds BANKER.
  Deal d = scientist_pays_banker("JUDGE MERCHANT THIEF SCIENTIST", 1);
  const std::size_t mark = d.mark();
  d.acts(1, "law BANKER, GIVES, THIEF, 1-MONIES, end-law");
  // P1 is no Banker: paid 4. The new law is about nobody.
  EXPECT_EQ(d.state().monies(1), 7);
  // The Scientist's gift has nobody to receive it: they just lose the 3.
  EXPECT_EQ(d.of_kind(Obs::kNobodyReceives, mark).size(), 1u);
  ASSERT_EQ(d.of_kind(Obs::kLoses, mark).size(), 1u);
  EXPECT_EQ(d.of_kind(Obs::kLoses, mark)[0].value(1), 3);
  EXPECT_EQ(d.state().monies(3), 0);
  EXPECT_EQ(d.state().monies(2), 3);
}

TEST(Examples, ScientistGainsAfterAddingWhenAbility) {
  Deal d;
  d.deal(kSeats, {"SCIENTIST GAINS 3-MONIES GAINS GAINS GAINS GAINS",
                  "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
                  "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS",
                  "WHEN-ABILITY JUDGE JUDGE PRIEST PRIEST MERCHANT MERCHANT"});
  // P0 makes THE SCIENTIST GAINS 3 MONIES: it takes effect at once.
  d.acts(0, "law SCIENTIST, GAINS, 3-MONIES, end-law");
  EXPECT_EQ(d.state().monies(3), 6);
  d.end_turn(0).end_turn(1).end_turn(2);
  // P3 pays $2 to add WHEN THEY USE THEIR ABILITY: the check after the
  // ability sees the amended law, and the Scientist gains 3.
  const std::size_t mark = d.mark();
  d.act(3, "ability scientist add WHEN-ABILITY to L1");
  EXPECT_EQ(d.state().monies(3), 6 - 2 + 3);
  EXPECT_EQ(d.state().law_at(0).law, Law::of({Kind::kScientist, Kind::kGains, Kind::kThreeMonies, Kind::kWhenAbility}));
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kScientistAdd, Obs::kEffect, Obs::kGains}));
}

TEST(Examples, JudgeGivesOneCardHiddenBetweenGiverAndReceiver) {
  Deal d;
  d.deal(kSeats, {"WHEN-TURN-START 1-CARD 1-CARD LOSES LOSES LOSES LOSES",
                  "JUDGE GIVES 1-CARD GAINS GAINS GAINS GAINS",
                  "2-CARDS 2-CARDS 2-CARDS 2-CARDS LOSES LOSES 1-MONIES",
                  "THIEF THIEF PRIEST PRIEST MERCHANT MERCHANT 1-MONIES"});
  d.end_turn(0, "GAINS GAINS");
  // P1 makes THE JUDGE GIVES 1 CARD on their own turn.
  const std::size_t stream1 = d.stream_size(1);
  const std::size_t stream2 = d.stream_size(2);
  d.acts(1, "law JUDGE, GIVES, 1-CARD, end-law");
  // P0, the Judge, holds more than 1 card: they pick it, off-turn...
  ASSERT_EQ(d.state().phase(), Phase::kPick);
  EXPECT_EQ(d.offers(), (std::vector<std::string>{"give 1-CARD", "give GAINS", "give LOSES", "give WHEN-TURN-START"}));
  d.act(0, "give WHEN-TURN-START");
  // ...then whom to give it to: any other player.
  ASSERT_EQ(d.state().phase(), Phase::kRecipient);
  EXPECT_EQ(d.offers(), (std::vector<std::string>{"to P1", "to P2", "to P3"}));
  d.act(0, "to P3");
  EXPECT_EQ(d.holds(3, "WHEN-TURN-START"), 1);
  EXPECT_EQ(d.holds(0, "WHEN-TURN-START"), 0);
  // The turn goes back to P1.
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  EXPECT_EQ(d.raw().current_player(), 1);
  // Only P0 and P3 learn the card; the maker P1 and P2 see a card handed over.
  for (const auto& [seat, from] : {std::pair{1, stream1}, std::pair{2, stream2}}) {
    const std::string seen = d.stream_since(seat, from);
    EXPECT_NE(seen.find("P0 hands 1 cards to P3"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("WHEN-TURN-START"), std::string::npos) << seen;
  }
  EXPECT_NE(d.stream_since(3).find("P0 hands WHEN-TURN-START to P3"), std::string::npos);
}

// --- Laws about unheld positions and ANY-POSITION ---------------------------------

TEST(Positions, UnheldSubjectNothingHappens) {
  Deal d;
  d.deal(kSeats, {"PRIEST LOSES 5-MONIES GAINS GAINS GAINS GAINS", "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
                  "LOSES LOSES LOSES LOSES LOSES 2-CARDS 1-MONIES", "JUDGE JUDGE BANKER BANKER THIEF THIEF 1-MONIES"});
  // THE PRIEST LOSES 5 MONIES: nobody holds PRIEST, so nobody loses a thing.
  d.acts(0, "law PRIEST, LOSES, 5-MONIES");
  const std::size_t mark = d.mark();
  d.act(0, "end-law");
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kLawMade, Obs::kLawPaid, Obs::kNoHolder}));
  EXPECT_EQ(d.state().monies(0), 6);
  for (int p = 1; p < 4; ++p) EXPECT_EQ(d.state().monies(p), 3);
}

TEST(Positions, UnheldRecipientLosesTheGift) {
  Deal d;
  d.deal(kSeats, {"BANKER GIVES PRIEST 2-MONIES GAINS GAINS GAINS", "THIEF GIVES MERCHANT 2-CARDS GAINS GAINS GAINS",
                  "1-CARD 1-CARD 1-CARD 1-CARD LOSES LOSES LOSES", "JUDGE JUDGE SCIENTIST SCIENTIST LOSES LOSES LOSES"});
  // THE BANKER GIVES THE PRIEST 2 MONIES: nobody holds PRIEST; P1 loses 2.
  std::size_t mark = d.mark();
  d.acts(0, "law BANKER, GIVES, PRIEST, 2-MONIES, end-law");
  EXPECT_EQ(d.state().monies(1), 1);
  EXPECT_EQ(d.of_kind(Obs::kNobodyReceives, mark).size(), 1u);
  d.end_turn(0);
  // THE THIEF GIVES THE MERCHANT 2 CARDS: P2 picks the two cards, then they
  // go to the discard pile (no recipient to choose).
  const int discards = d.state().discard_size();
  mark = d.mark();
  d.acts(1, "law THIEF, GIVES, MERCHANT, 2-CARDS, end-law");
  ASSERT_EQ(d.state().phase(), Phase::kPick);
  d.act(2, "give LOSES").act(2, "give 1-CARD");
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  EXPECT_EQ(d.state().hand_size(2), 5);
  EXPECT_EQ(d.holds(2, "LOSES"), 2);
  EXPECT_EQ(d.state().discard_size(), discards + 2);
  EXPECT_EQ(d.of_kind(Obs::kDiscardSeen, mark).size(), 2u);
  for (int p : {0, 1, 3}) EXPECT_EQ(d.state().hand_size(p), p == 1 ? 3 : (p == 0 ? 5 : 7));
}

TEST(Positions, AnyPositionSubjectTakesEffectForEveryPlayerFromTheTurnsPlayer) {
  Deal d;
  d.deal(kSeats, {"1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS", "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS",
                  "ANY-POSITION GAINS 1-MONIES JUDGE JUDGE GAINS GAINS", "BANKER BANKER THIEF THIEF GAINS GAINS GAINS"});
  d.end_turn(0).end_turn(1);
  // P2 makes ANY POSITION GAINS 1 MONIES: P2, P3, P0, P1 in that order.
  const std::size_t mark = d.mark();
  d.acts(2, "law ANY-POSITION, GAINS, 1-MONIES, end-law");
  EXPECT_EQ(effects(d, mark), (Effects{{1, 2}, {1, 3}, {1, 0}, {1, 1}}));
  EXPECT_EQ(d.state().monies(2), 3 + 3 + 1);
  for (int p : {0, 1, 3}) EXPECT_EQ(d.state().monies(p), 4);
}

TEST(Positions, AnyPositionRecipientIsTheGiversChoice) {
  Deal d;
  d.deal(kSeats, {"1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
                  "JUDGE GIVES ANY-POSITION 2-MONIES GAINS GAINS GAINS",
                  "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS", "BANKER BANKER THIEF THIEF GAINS GAINS GAINS"});
  d.end_turn(0);
  // P1 makes THE JUDGE GIVES ANY POSITION 2 MONIES: P0, the Judge, picks
  // whom among the others, on P1's turn.
  d.acts(1, "law JUDGE, GIVES, ANY-POSITION, 2-MONIES, end-law");
  ASSERT_EQ(d.state().phase(), Phase::kRecipient);
  EXPECT_EQ(d.offers(), (std::vector<std::string>{"to P1", "to P2", "to P3"}));
  d.act(0, "to P2");
  EXPECT_EQ(d.state().monies(0), 1);
  EXPECT_EQ(d.state().monies(2), 5);
  EXPECT_EQ(d.state().monies(1), 3 + 8);
}

TEST(Positions, AnyPositionGivingToTheirOwnPositionKeepsIt) {
  Deal d;
  d.deal(kSeats, {"ANY-POSITION GIVES JUDGE 1-MONIES GAINS GAINS GAINS",
                  "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
                  "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS", "BANKER BANKER THIEF THIEF GAINS GAINS GAINS"});
  // ANY POSITION GIVES THE JUDGE 1 MONIES, made by the Judge P0: P0 keeps
  // theirs, the others each give P0 1, in seat order from P0.
  const std::size_t mark = d.mark();
  d.acts(0, "law ANY-POSITION, GIVES, JUDGE, 1-MONIES, end-law");
  EXPECT_EQ(effects(d, mark), (Effects{{1, 0}, {1, 1}, {1, 2}, {1, 3}}));
  EXPECT_EQ(d.of_kind(Obs::kKeeps, mark).size(), 1u);
  EXPECT_EQ(d.state().monies(0), 3 + 4 + 3);
  for (int p = 1; p < 4; ++p) EXPECT_EQ(d.state().monies(p), 2);
}

// --- Amounts beyond what a player has ------------------------------------------------

TEST(Amounts, MoniesAreLostAndGivenAsFarAsThePlayerHasThem) {
  Deal d;
  d.deal(kSeats, {"SCIENTIST LOSES 5-MONIES GAINS GAINS GAINS GAINS", "THIEF GIVES JUDGE 5-MONIES GAINS GAINS GAINS",
                  "1-CARD 1-CARD 1-CARD 1-CARD LOSES LOSES LOSES", "2-CARDS 2-CARDS 2-CARDS 2-CARDS JUDGE JUDGE BANKER"});
  // THE SCIENTIST LOSES 5 MONIES: P3 has 3; they lose 3 and stop at zero.
  std::size_t mark = d.mark();
  d.acts(0, "law SCIENTIST, LOSES, 5-MONIES, end-law");
  EXPECT_EQ(d.state().monies(3), 0);
  EXPECT_EQ(d.of_kind(Obs::kLoses, mark)[0].value(1), 3);
  d.end_turn(0);
  // THE THIEF GIVES THE JUDGE 5 MONIES: P2 has 3; they give 3.
  mark = d.mark();
  d.acts(1, "law THIEF, GIVES, JUDGE, 5-MONIES, end-law");
  EXPECT_EQ(d.state().monies(2), 0);
  EXPECT_EQ(d.state().monies(0), 6 + 3);
  EXPECT_EQ(d.of_kind(Obs::kGivesMonies, mark)[0].value(1), 3);
}

// The Banker P1 ends up with exactly 2 cards, then none, by laws on others'
// turns: cards are picked only from a hand larger than the law takes.
TEST(Amounts, CardsArePickedOnlyFromAHandLargerThanTheLawTakes) {
  Deal d;
  d.deal(kSeats, {"BANKER GIVES 1-CARD GAINS GAINS GAINS BANKER",
                  "THIEF GIVES JUDGE 2-MONIES WHEN-ABILITY GAINS GAINS",
                  "BANKER LOSES 2-CARDS 1-MONIES 1-MONIES 3-MONIES 3-MONIES",
                  "BANKER GIVES 2-CARDS LOSES LOSES LOSES LOSES"});
  d.end_turn(0);
  // P1 makes a 5-card law (nothing happens: WHEN-ABILITY) and keeps 2 cards,
  // then draws 2.
  d.acts(1, "law THIEF, GIVES, JUDGE, 2-MONIES, WHEN-ABILITY, end-law").end_turn(1, "1-CARD 1-CARD");
  EXPECT_EQ(d.state().hand_size(1), 4);
  // P2: THE BANKER LOSES 2 CARDS: P1 holds 4, so P1 picks two discards.
  d.acts(2, "law BANKER, LOSES, 2-CARDS, end-law");
  ASSERT_EQ(d.state().phase(), Phase::kDiscard);
  EXPECT_EQ(d.raw().current_player(), 1);
  d.act(1, "discard GAINS").act(1, "discard GAINS");
  EXPECT_EQ(d.state().hand_size(1), 2);
  EXPECT_EQ(d.raw().current_player(), 2);
  d.end_turn(2);
  // P3: THE BANKER GIVES 2 CARDS: P1 holds exactly 2, so no picks: both go,
  // and P1 only chooses to whom.
  std::size_t mark = d.mark();
  d.acts(3, "law BANKER, GIVES, 2-CARDS, end-law");
  ASSERT_EQ(d.state().phase(), Phase::kRecipient);
  EXPECT_TRUE(d.of_kind(Obs::kPickSeen, mark).empty());
  d.act(1, "to P0");
  EXPECT_EQ(d.state().hand_size(1), 0);
  EXPECT_EQ(d.holds(0, "1-CARD"), 1 + 2);
  d.end_turn(3);
  // P0: THE BANKER GIVES 1 CARD: P1 has nothing to give; nobody is asked.
  mark = d.mark();
  d.acts(0, "law BANKER, GIVES, 1-CARD, end-law");
  EXPECT_EQ(d.of_kind(Obs::kNothingToGive, mark).size(), 1u);
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  EXPECT_EQ(d.raw().current_player(), 0);
}

TEST(Amounts, LosingMoreCardsThanHeldLosesThemAll) {
  Deal d;
  d.deal(kSeats, {"BANKER LOSES 2-CARDS WHEN-LAW-MADE GAINS GAINS GAINS",
                  "THIEF GIVES JUDGE 2-MONIES WHEN-ABILITY GAINS GAINS",
                  "1-CARD 1-CARD 1-CARD 1-CARD LOSES LOSES LOSES", "2-CARDS 2-CARDS 2-CARDS LOSES LOSES JUDGE JUDGE"});
  // P0 puts THE BANKER LOSES 2 CARDS WHEN A LAW IS MADE on the table.
  d.acts(0, "law BANKER, LOSES, 2-CARDS, WHEN-LAW-MADE, end-law").end_turn(0);
  // P1 makes a 5-card law and holds 2 cards: the old law takes both, no
  // choice.
  const std::size_t mark = d.mark();
  d.acts(1, "law THIEF, GIVES, JUDGE, 2-MONIES, WHEN-ABILITY, end-law");
  EXPECT_EQ(d.state().hand_size(1), 0);
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  EXPECT_EQ(d.of_kind(Obs::kLosesCards, mark)[0].value(1), 2);
}

// --- max_laws ------------------------------------------------------------------------

TEST(MaxLaws, TheOldestLawIsDroppedBeforeTheMakerIsPaidAndDoesNotFire) {
  Deal d("laws_and_disorder(players=4,max_laws=2)");
  d.deal(kSeats, {"JUDGE GAINS 5-MONIES WHEN-LAW-MADE GAINS GAINS GAINS",
                  "BANKER GAINS 1-MONIES LOSES LOSES LOSES LOSES", "THIEF GAINS 1-MONIES LOSES LOSES 2-CARDS 2-CARDS",
                  "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS SCIENTIST"});
  // L1: THE JUDGE GAINS 5 MONIES WHEN A LAW IS MADE (P0 paid 4).
  d.acts(0, "law JUDGE, GAINS, 5-MONIES, WHEN-LAW-MADE, end-law").end_turn(0);
  // L2 by the Banker: its effect, then L1 fires for the Judge.
  d.acts(1, "law BANKER, GAINS, 1-MONIES, end-law").end_turn(1);
  EXPECT_EQ(d.state().monies(0), 3 + 4 + 5);
  EXPECT_EQ(d.state().num_laws(), 2);
  // L3 by P2: the table is full; L1 is dropped before P2 is paid, and does
  // not fire.
  d.acts(2, "law THIEF, GAINS, 1-MONIES");
  const int discards = d.state().discard_size();
  const std::size_t mark = d.mark();
  d.act(2, "end-law");
  const auto kinds = d.kinds_since(mark);
  EXPECT_EQ(kinds, (std::vector<Obs>{Obs::kLawMade, Obs::kDropped, Obs::kLawPaid, Obs::kEffect, Obs::kGains}));
  EXPECT_EQ(d.of_kind(Obs::kDropped, mark)[0].value(0), 1);
  EXPECT_EQ(effects(d, mark), (Effects{{3, 2}}));
  EXPECT_EQ(d.state().monies(0), 12);
  EXPECT_EQ(d.state().num_laws(), 2);
  EXPECT_EQ(d.state().law_at(0).serial, 2);
  EXPECT_EQ(d.state().law_at(1).serial, 3);
  EXPECT_EQ(d.state().discard_size(), discards + 4);
}

// --- Triggers ------------------------------------------------------------------------

TEST(Triggers, WhenALawIsMadeFiresForEveryHolderInCreationOrderButNotForItself) {
  Deal d;
  d.deal(kSeats, {"ANY-POSITION GAINS 1-MONIES WHEN-LAW-MADE LOSES LOSES LOSES",
                  "JUDGE GAINS 2-MONIES WHEN-LAW-MADE LOSES LOSES LOSES",
                  "THIEF GAINS 3-MONIES 1-CARD 1-CARD 1-CARD 1-CARD", "2-CARDS 2-CARDS 2-CARDS 2-CARDS BANKER BANKER PRIEST"});
  // L1: ANY POSITION GAINS 1 MONIES WHEN A LAW IS MADE: not for its own making.
  std::size_t mark = d.mark();
  d.acts(0, "law ANY-POSITION, GAINS, 1-MONIES, WHEN-LAW-MADE, end-law").end_turn(0);
  EXPECT_TRUE(d.of_kind(Obs::kEffect, mark).empty());
  // L2: THE JUDGE GAINS 2 MONIES WHEN A LAW IS MADE: L1 fires for everyone,
  // from P1; L2 not.
  mark = d.mark();
  d.acts(1, "law JUDGE, GAINS, 2-MONIES, WHEN-LAW-MADE, end-law").end_turn(1);
  EXPECT_EQ(effects(d, mark), (Effects{{1, 1}, {1, 2}, {1, 3}, {1, 0}}));
  // L3 without WHEN: L3 first, then L1 (every holder), then L2, each once:
  // no effect fires another.
  mark = d.mark();
  d.acts(2, "law THIEF, GAINS, 3-MONIES, end-law");
  EXPECT_EQ(effects(d, mark), (Effects{{3, 2}, {1, 2}, {1, 3}, {1, 0}, {1, 1}, {2, 0}}));
  EXPECT_EQ(d.state().monies(0), 3 + 4 + 1 + 1 + 2);
  EXPECT_EQ(d.state().monies(2), 3 + 1 + 3 + 3 + 1);
}

TEST(Triggers, AnEnforcedLawIsNoLawMadeNoChains) {
  Deal d;
  d.deal(kSeats, {"JUDGE GAINS 1-MONIES WHEN-LAW-MADE LOSES LOSES LOSES",
                  "BANKER GAINS 2-MONIES 1-CARD 1-CARD 1-CARD 1-CARD",
                  "2-CARDS 2-CARDS 2-CARDS 2-CARDS LOSES LOSES LOSES", "GAINS GAINS GAINS GAINS GAINS GAINS PRIEST"});
  // L1: THE JUDGE GAINS 1 MONIES WHEN A LAW IS MADE.
  d.acts(0, "law JUDGE, GAINS, 1-MONIES, WHEN-LAW-MADE, end-law").end_turn(0);
  // L2 by the Banker: L2, then L1 for the Judge.
  std::size_t mark = d.mark();
  d.acts(1, "law BANKER, GAINS, 2-MONIES, end-law").end_turn(1).end_turn(2).end_turn(3);
  EXPECT_EQ(effects(d, mark), (Effects{{2, 1}, {1, 0}}));
  EXPECT_EQ(d.state().monies(0), 3 + 4 + 1);
  // The Judge enforces L2: it takes effect, but no law was made, so L1
  // does not fire.
  mark = d.mark();
  d.act(0, "ability judge enforce L2");
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kJudgeEnforce, Obs::kEffect, Obs::kGains}));
  EXPECT_EQ(d.state().monies(0), 8 - 2);
}

TEST(Triggers, StartOfTurnLawsFireOnlyForThePlayerStartingTheTurn) {
  Deal d;
  d.deal(kSeats, {"THIEF GAINS 2-MONIES WHEN-TURN-START LOSES LOSES LOSES",
                  "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
                  "LOSES LOSES LOSES 2-CARDS JUDGE JUDGE BANKER", "GAINS GAINS GAINS GAINS GAINS GAINS GAINS"});
  d.acts(0, "law THIEF, GAINS, 2-MONIES, WHEN-TURN-START, end-law");
  // P1 starts a turn: P1 is not the Thief, nothing fires.
  std::size_t mark = d.mark();
  d.end_turn(0);
  EXPECT_TRUE(d.of_kind(Obs::kEffect, mark).empty());
  // P2, the Thief, starts a turn: the law fires for them, before they move.
  mark = d.mark();
  d.end_turn(1);
  EXPECT_EQ(effects(d, mark), (Effects{{1, 2}}));
  EXPECT_EQ(d.state().monies(2), 5);
  EXPECT_EQ(d.raw().current_player(), 2);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder::testing
