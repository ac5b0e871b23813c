// Rule tests as scripted deals: one test per rule, a comment per step.
// Seats: P0 holds the Diamonds ace, P1 Spades, P2 Hearts, P3 Clubs unless said.
#include <gtest/gtest.h>

#include <algorithm>

#include "env/games/loyalist_spies/scoring.h"
#include "tests/env/games/loyalist_spies/script.h"

namespace kibitz::loyalist_spies::testing {
namespace {

constexpr const char* kDirect = "loyalist_spies(deal=direct,jokers=0,rounds=1)";

// Four players, direct deal, low cards in every hand.
Script low_hands(const std::string& spec = kDirect) {
  Script s(spec);
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  return s;
}

// Seats of the kDraw events logged from index `from` on.
std::vector<int> draw_seats(const Script& s, int from) {
  std::vector<int> seats;
  const auto log = s.state().log().view();
  for (std::size_t i = static_cast<std::size_t>(from); i < log.size(); ++i) {
    if (log[i].kind == EventKind::kDraw) seats.push_back(log[i].seat);
  }
  return seats;
}

TEST(Setup, AcesAndDealsAreExplicitUniformChance) {
  Script s(kDirect);
  ChanceOutcomeList outcomes = s.clone()->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 4u);  // the four aces
  for (const ChanceOutcome& o : outcomes) EXPECT_DOUBLE_EQ(o.probability, 0.25);
  s.aces("AD AS AH AC");
  outcomes = s.clone()->chance_outcomes();
  EXPECT_EQ(outcomes.size(), 48u);  // the pack without aces (no Jokers here)
  EXPECT_EQ(s.state().action_to_string(kChancePlayer, parse_card("7H")), "deal 7H to P1");
}

TEST(Setup, DirectDealLeavesTheRestAsTheSuccessDeck) {
  Script s = low_hands();
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
  EXPECT_EQ(s.state().deck_size(), 48 - 20);
  EXPECT_EQ(s.state().hand(3), mask_of("2H 3H 4H 5H 7H"));
  EXPECT_EQ(s.state().determiner(), 0);
}

TEST(Mission, EqualTotalSucceeds) {
  Script s = low_hands();
  s.chance("7D");         // P0 flips 7D: covert 40, VP 3
  s.chances("8D 9D TD");  // face down: 27
  s.act(0, "play 2C");    // 29
  s.act(1, "play 2D");    // 31
  s.act(2, "play 2S");    // 33
  s.act(3, "play 7H");    // 40 = covert: success
  EXPECT_EQ(s.state().tally().successes, 1);
  EXPECT_TRUE(contains(s.info(1), "revealed 2D 8D 9D TD 2S 7H 2C = 40: success"));
}

TEST(Mission, OneAboveCovertFails) {
  Script s = low_hands();
  s.chance("7D").chances("8D 9D TD");
  s.act(0, "play 3C");  // 28 + 3 ... total 41
  s.act(1, "play 2D");
  s.act(2, "play 2S");
  s.act(3, "play 7H");
  EXPECT_EQ(s.state().tally().failures, 1);
  // Diamonds draws only on success, hands hold 4: straight to P1's turn.
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
  EXPECT_EQ(s.state().determiner(), 1);
}

TEST(Mission, SetIsRevealedButNotWhoPlayedWhich) {
  Script s = low_hands();
  s.chance("7D").chances("8D 9D TD");
  s.act(0, "play 3C").act(1, "play 2D").act(2, "play 2S").act(3, "play 7H");
  const std::string p1 = s.info(1);
  EXPECT_TRUE(contains(p1, "P0 plays, you play 2D, P2 plays, P3 plays, revealed"));
  EXPECT_FALSE(contains(p1, "P0 plays 3C"));
}

// Draw counts after a mission of each suit, success and failure.
struct EffectCase {
  const char* mission;
  bool success;
  int draws_each;
};

class SuitEffectTest : public ::testing::TestWithParam<EffectCase> {};

TEST_P(SuitEffectTest, EachPlayerDrawsInSeatOrderFromTheDeterminer) {
  const EffectCase c = GetParam();
  Script s = low_hands();
  s.chance(c.mission);
  // Face down 7s (success: 21 + 8 = 29) or Kings (failure: 39 + 8 = 47).
  s.chances(c.success ? "7C 7D 7S" : "KC KD KS");
  s.act(0, "play 2C").act(1, "play 2D").act(2, "play 2S").act(3, "play 2H");
  ASSERT_EQ(s.state().tally().successes, c.success ? 1 : 0);
  const int from = s.state().log().size();
  while (s.state().phase() == Phase::kDraw) s.chance_any();
  std::vector<int> expected;
  for (int seat = 0; seat < 4; ++seat) {
    for (int k = 0; k < c.draws_each; ++k)
      expected.push_back(seat);  // each takes all before the next
  }
  EXPECT_EQ(draw_seats(s, from), expected);
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
}

INSTANTIATE_TEST_SUITE_P(Suits, SuitEffectTest,
                         ::testing::Values(EffectCase{"9C", true, 0},
                                           EffectCase{"9C", false, 1},  // Clubs: 1 on failure
                                           EffectCase{"9D", true, 2},
                                           EffectCase{"9D", false, 0},  // Diamonds: 2 on success
                                           EffectCase{"9S", true, 1},
                                           EffectCase{"9S", false, 1},  // Spades: 1 either way
                                           EffectCase{"9H", true, 0},
                                           EffectCase{"9H", false, 1}),  // Hearts: 1 on failure
                         [](const auto& p) {
                           return std::string(p.param.mission) +
                                  (p.param.success ? "_success" : "_failure");
                         });

TEST(SuitEffect, HeartsFailureDiscardVariantEachDiscardsInOrder) {
  Script s = low_hands("loyalist_spies(deal=direct,jokers=0,rounds=1,hearts_failure=discard)");
  s.chance("9H").chances("KC KD KS");  // P0's Hearts mission, face down 39
  s.act(0, "play 2C").act(1, "play 2D").act(2, "play 2S").act(3, "play 2H");  // 47 > 35: failed
  ASSERT_EQ(s.state().phase(), Phase::kDiscard);
  s.act(0, "discard 6C");  // from the determiner, each discards a card of their choice
  s.act(1, "discard 6D");
  s.act(2, "discard 6S");
  s.act(3, "discard 7H");
  EXPECT_EQ(s.state().phase(), Phase::kFlip);  // 3 cards left each: no refill
  EXPECT_EQ(s.state().hand(3), mask_of("3H 4H 5H"));
  EXPECT_TRUE(contains(s.info(0), "you discard 6C, P1 discards, P2 discards, P3 discards"));
}

TEST(Refill, DiscardsComeFirstThenPlayersBelowTwoDrawUpToTwo) {
  Script s = low_hands("loyalist_spies(deal=direct,jokers=0,rounds=1,hearts_failure=discard)");
  // P0: Hearts mission fails; everyone plays and discards: 3 cards left.
  s.chance("9H").chances("KC KD KS");
  s.act(0, "play 2C").act(1, "play 2D").act(2, "play 2S").act(3, "play 2H");
  s.act(0, "discard 3C").act(1, "discard 3D").act(2, "discard 3S").act(3, "discard 3H");
  // P1: another Hearts mission fails: 1 card left each after the discards.
  s.chance("8H").chances("QC QD QS");
  s.act(1, "play 4D").act(2, "play 4S").act(3, "play 4H").act(0, "play 4C");
  const int from = s.state().log().size();
  s.act(1, "discard 5D").act(2, "discard 5S").act(3, "discard 5H").act(0, "discard 5C");
  // Refill: one card each, from the determiner P1 round the table.
  while (s.state().phase() == Phase::kDraw) s.chance_any();
  EXPECT_EQ(draw_seats(s, from), (std::vector<int>{1, 2, 3, 0}));
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(popcount(s.state().hand(seat)), 2) << seat;
  EXPECT_TRUE(contains(s.info(0), "you draw"));
  EXPECT_TRUE(contains(s.info(0), "(refill)"));
}

TEST(Refill, OffMeansNoDraws) {
  Script s = low_hands(
      "loyalist_spies(deal=direct,jokers=0,rounds=1,hearts_failure=discard,refill=false)");
  s.chance("9H").chances("KC KD KS");
  s.act(0, "play 2C").act(1, "play 2D").act(2, "play 2S").act(3, "play 2H");
  s.act(0, "discard 3C").act(1, "discard 3D").act(2, "discard 3S").act(3, "discard 3H");
  s.chance("8H").chances("QC QD QS");
  s.act(1, "play 4D").act(2, "play 4S").act(3, "play 4H").act(0, "play 4C");
  s.act(1, "discard 5D").act(2, "discard 5S").act(3, "discard 5H").act(0, "discard 5C");
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
  EXPECT_EQ(s.state().determiner(), 2);
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(popcount(s.state().hand(seat)), 1) << seat;
}

TEST(Jack, MatchRevealsTheTargetToAllAndTheDeterminerToTheTarget) {
  Script s = low_hands();
  s.chance("JH");  // P0 flips the Jack of Hearts
  ASSERT_EQ(s.state().phase(), Phase::kJackTarget);
  EXPECT_EQ(s.legal_strings(), (std::vector<std::string>{"peek P1", "peek P2", "peek P3"}));
  s.act(0, "peek P2");  // P2 holds the Hearts ace: a match
  EXPECT_TRUE(contains(s.info(0), "looks at P2's ace (AH): match, P2 is Hearts"));
  EXPECT_TRUE(contains(s.info(2), "looks at P2's ace: match, P2 is Hearts (P0 shows you AD)"));
  const std::string third = s.info(1);
  EXPECT_TRUE(contains(third, "looks at P2's ace: match, P2 is Hearts"));
  EXPECT_FALSE(contains(third, "(AH)"));
  EXPECT_FALSE(contains(third, "shows you"));
  // Tensors: everyone knows P2's suit; only P2 learned P0's.
  EXPECT_EQ(s.view(1).known_suit[1], kSuitHearts);  // P2 is one seat after P1
  EXPECT_EQ(s.view(3).known_suit[3], kSuitHearts);
  EXPECT_EQ(s.view(2).known_suit[2], kSuitDiamonds);  // P0 is two seats after P2
  EXPECT_EQ(s.view(1).known_suit[3], -1);             // P1 does not know P0's
  // No mission: P1 determines next.
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
  EXPECT_EQ(s.state().determiner(), 1);
}

TEST(Jack, NoMatchShowsTheAceOnlyToTheDeterminer) {
  Script s = low_hands();
  s.chance("JD");       // P0 flips the Jack of Diamonds
  s.act(0, "peek P2");  // P2 holds Hearts: no match
  EXPECT_TRUE(contains(s.info(0), "looks at P2's ace (AH): no match"));
  EXPECT_EQ(s.view(0).known_suit[2], kSuitHearts);
  const std::string target = s.info(2);
  EXPECT_TRUE(contains(target, "looks at P2's ace: no match"));
  EXPECT_FALSE(contains(target, "shows you"));
  EXPECT_EQ(s.view(2).known_suit[2], -1);  // P2 learns nothing of P0
  const std::string third = s.info(1);
  EXPECT_TRUE(contains(third, "looks at P2's ace: no match"));
  EXPECT_FALSE(contains(third, "AH"));
  EXPECT_EQ(s.view(1).known_suit[1], -1);
  EXPECT_EQ(s.view(1).excluded_suits[1], 1u << kSuitDiamonds);  // but Diamonds is ruled out
}

TEST(Queen, OnlyTheDeterminerSeesAndOrdersTheTopThree) {
  Script s = low_hands();
  s.chance("QD");         // P0 flips a Queen
  s.chances("8D 9D TD");  // the top three, seen by P0 only
  ASSERT_EQ(s.state().phase(), Phase::kQueenOrder);
  EXPECT_EQ(s.legal_strings().size(), 6u);
  s.act(0, "order TD,8D,9D");  // P0 puts them back: TD on top
  EXPECT_TRUE(contains(s.info(0), "flips QD: Queen, sees 8D, sees 9D, sees TD, orders TD,8D,9D"));
  const std::string other = s.info(1);
  EXPECT_TRUE(contains(
      other, "flips QD: Queen, sees a card, sees a card, sees a card, reorders the top 3"));
  EXPECT_FALSE(contains(other, "8D"));
  EXPECT_EQ(s.view(0).top,
            (std::array<int, 3>{parse_card("TD"), parse_card("8D"), parse_card("9D")}));
  EXPECT_EQ(s.view(1).top, (std::array<int, 3>{-1, -1, -1}));
  EXPECT_EQ(s.view(1).top_len, 3);
  // P1's flip can only be TD now, then the face-down cards 8D and 9D.
  const ChanceOutcomeList flip = s.clone()->chance_outcomes();
  ASSERT_EQ(flip.size(), 1u);
  EXPECT_EQ(flip[0].action, parse_card("TD"));
  EXPECT_EQ(flip[0].probability, 1.0);
  s.chance("TD").chance("8D").chance("9D");
  EXPECT_GT(s.clone()->chance_outcomes().size(), 1u);  // the third comes from the shuffled deck
}

TEST(Queen, ASecondQueenSeesTheFixedCardsAndOthersLoseTheirOrder) {
  Script s = low_hands();
  s.chance("QD").chances("QS 8D 9D");
  s.act(0, "order QS,9D,8D");  // P0 puts the Queen of Spades on top for P1
  s.chance("QS");              // P1 flips it: sees 9D 8D already fixed, plus one more
  s.chance("TD");
  EXPECT_TRUE(contains(s.info(1), "flips QS: Queen (top already 9D,8D), sees TD"));
  s.act(1, "order TD,8D,9D");
  EXPECT_EQ(s.view(0).top, (std::array<int, 3>{-1, -1, -1}));  // P0 no longer knows the order
  EXPECT_EQ(s.view(0).top_seen, mask_of("8D 9D"));             // but knows they are up there
}

TEST(King, AddsTwoVpPerKingToTheNextMission) {
  Script s = low_hands();
  s.chances("KD 7C");  // King, then the Seven of Clubs
  ASSERT_TRUE(s.state().mission_active());
  EXPECT_EQ(s.state().mission().vp, 3 + 2 + 2);
  EXPECT_EQ(s.state().mission().covert, 37);
  EXPECT_TRUE(contains(s.info(2), "flips KD: King, flips 7C: mission, covert 37, VP 7"));
}

TEST(King, KingsStack) {
  Script s = low_hands();
  s.chances("KD KS 7C");
  EXPECT_EQ(s.state().mission().vp, 3 + 2 + 4);
}

TEST(King, JackOrQueenAfterAKingReplacesIt) {
  Script jack = low_hands();
  jack.chances("KD JC");
  EXPECT_EQ(jack.state().phase(), Phase::kJackTarget);
  EXPECT_FALSE(jack.state().mission_active());
  Script queen = low_hands();
  queen.chances("KD QC");
  EXPECT_EQ(queen.state().phase(), Phase::kQueenPeek);
}

TEST(Joker, FlippedJokerIsSetAsideAndTheDeterminerFlipsAgain) {
  Script s("loyalist_spies(deal=direct,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chance("Jk");  // set aside
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
  EXPECT_EQ(s.state().determiner(), 0);
  EXPECT_TRUE((s.state().public_cards() >> parse_card("Jk")) & 1u);
  s.chance("7C");
  EXPECT_TRUE(s.state().mission_active());
  EXPECT_EQ(s.state().mission().vp, 3 + 2);
  EXPECT_TRUE(contains(s.info(1), "flips Jk: set aside, flips 7C: mission"));
}

TEST(Joker, InsideAKingChainTheChainGoesOn) {
  Script s("loyalist_spies(deal=direct,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chances("KD Jk2 7C");  // King, Joker set aside, then the mission card
  EXPECT_EQ(s.state().mission().vp, 3 + 2 + 2);
}

TEST(Play, JokersCannotBePlayedAndAJokerOnlyHandPlaysNothing) {
  Script s("loyalist_spies(deal=direct,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S", "7C 7S 7H 8C 8S", "Jk Jk2 2H 3H 4H"});
  // Three Diamonds missions fail (no draws), P3 spends its three cards.
  s.chance("6D").chances("KD KS KH");
  s.act(0, "play 2C").act(1, "play 2S").act(2, "play 7C");
  EXPECT_EQ(s.legal_strings(),
            (std::vector<std::string>{"play 2H", "play 3H", "play 4H"}));  // no Jokers
  s.act(3, "play 2H");
  s.chance("7D").chances("QD QS QH");
  s.act(1, "play 3S").act(2, "play 7S").act(3, "play 3H").act(0, "play 3C");
  s.chance("8D").chances("JD JS JH");
  s.act(2, "play 7H").act(3, "play 4H").act(0, "play 4C").act(1, "play 4S");
  EXPECT_EQ(s.state().tally().failures, 3);
  // P3 determines with only its two Jokers: it plays nothing, P0 plays first.
  s.chance("9D").chances("TD TS TH");
  EXPECT_EQ(s.state().current_player(), 0);
  EXPECT_TRUE(contains(s.info(1), "P3 plays nothing (holds 2)"));
}

// Five failed Diamonds missions, four Jacks, three Queens and a King last:
// the whole deck of 28 cards, with no draws (Diamonds draw only on success;
// the specs using it turn the refill off).
constexpr const char* kNoRefill = "loyalist_spies(deal=direct,jokers=0,rounds=1,refill=false)";
void play_diamond_round(Script& s) {
  s.aces("AD AS AH AC");
  s.deal({"KD TS 9S 8S 7S", "KS TH 9H 8H 7H", "KH TC 9C 8C 7C", "QC 6S 6H 6C 5D"});
  s.chance("6D").chances("2D 3D 4D");                                         // P0: 9 face down
  s.act(0, "play KD").act(1, "play KS").act(2, "play KH").act(3, "play QC");  // 60 > 40
  s.chance("7D").chances("2S 3S 4S");                                         // P1
  s.act(1, "play TH").act(2, "play TC").act(3, "play 6S").act(0, "play TS");  // 45 > 40
  s.chance("8D").chances("5S 2H 3H");                                         // P2
  s.act(2, "play 9C").act(3, "play 6H").act(0, "play 9S").act(1, "play 9H");  // 43 > 40
  s.chance("9D").chances("4H 5H 2C");                                         // P3
  s.act(3, "play 6C").act(0, "play 8S").act(1, "play 8H").act(2, "play 8C");  // 41 > 35
  s.chance("TD").chances("3C 4C 5C");                                         // P0
  s.act(0, "play 7S").act(1, "play 7H").act(2, "play 7C").act(3, "play 5D");  // 38 > 30
  s.chance("JD").act(1, "peek P0");                             // P1: a match, P0 is Diamonds
  s.chance("JS").act(2, "peek P1");                             // P2: a match
  s.chance("JH").act(3, "peek P2");                             // P3: a match
  s.chance("JC").act(0, "peek P3");                             // P0: a match
  s.chance("QD").chances("QS QH KC").act(1, "order QS,QH,KC");  // P1 sees the last three
  s.chance("QS").act(2, "order QH,KC");                         // P2 sees the two left
  s.chance("QH");                                               // P3 sees KC: nothing to order
  s.chance("KC");                                               // P0: a King with nothing after it
}

TEST(RoundEnd, KingAsTheLastCardEndsTheRoundAndItIsScored) {
  Script s(kNoRefill);
  play_diamond_round(s);
  ASSERT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.state().deck_size(), 0);
  // Five Diamonds missions, all failed: P0 owns Diamonds and is Compromised
  // with their VP (3 + 3 + 3 + 4 + 5); nobody else scores.
  EXPECT_EQ(s.state().total(0), 18);
  for (int seat = 1; seat < 4; ++seat) EXPECT_EQ(s.state().total(seat), 0);
  EXPECT_TRUE(contains(s.info(3), "round end: P0 AD Compromised +18; P1 AS Loyal +0;"));
  EXPECT_EQ(s.state().returns(), (std::vector<double>{1.0, -1.0 / 3, -1.0 / 3, -1.0 / 3}));
  EXPECT_EQ(s.state().rewards(), s.state().returns());
}

TEST(RoundEnd, TheFinishedGameShowsTheLastRevealAndEveryRoleAndPoints) {
  Script s(kNoRefill);
  play_diamond_round(s);
  ASSERT_TRUE(s.state().is_terminal());
  // The full description (the terminal's final screen) ends with them...
  const std::string full = s.state().to_string();
  EXPECT_TRUE(contains(
      full, "\nlast mission TD covert 30 VP 5 revealed [5D 7S 7H 3C 4C 5C 7C] = 38: failed\n"))
      << full;
  EXPECT_TRUE(contains(full,
                       "\nround end: P0 AD Compromised +18; P1 AS Loyal +0; P2 AH Loyal +0; "
                       "P3 AC Loyal +0;"))
      << full;
  // ...and so does every seat's information state.
  for (Player p = 0; p < 4; ++p) {
    const std::string info = s.info(p);
    EXPECT_TRUE(contains(info, "revealed 5D 7S 7H 3C 4C 5C 7C = 38: failed\n")) << info;
    EXPECT_TRUE(
        info.ends_with("round end: P0 AD Compromised +18; P1 AS Loyal +0; P2 AH Loyal +0; "
                       "P3 AC Loyal +0; totals 18 0 0 0\n"))
        << info;
  }
}

TEST(RoundEnd, ScoreRewardPaysThePointsAtTheRoundsEnd) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1,refill=false,reward=score)");
  play_diamond_round(s);
  EXPECT_EQ(s.state().rewards(), (std::vector<double>{18, 0, 0, 0}));
  EXPECT_EQ(s.state().returns(), (std::vector<double>{18, 0, 0, 0}));
  EXPECT_EQ(s.game().reward_model(), RewardModel::kGeneralSum);
}

TEST(Game, ATotalAboveTheTargetEndsTheGame) {
  Script over("loyalist_spies(deal=direct,jokers=0,refill=false,target_score=17)");
  play_diamond_round(over);
  EXPECT_TRUE(over.state().is_terminal());  // 18 > 17
  Script equal("loyalist_spies(deal=direct,jokers=0,refill=false,target_score=18)");
  play_diamond_round(equal);
  ASSERT_FALSE(equal.state().is_terminal());  // 18 does not beat 18: a new round
  EXPECT_EQ(equal.state().phase(), Phase::kDealAces);
  EXPECT_EQ(equal.state().round(), 1);
  EXPECT_EQ(equal.state().first_determiner(), 1);  // the first determiner moves one seat
  EXPECT_EQ(equal.state().total(0), 18);           // totals carry over
  EXPECT_EQ(equal.state().returns(), (std::vector<double>{0, 0, 0, 0}));
}

TEST(Game, MaxRoundsAndFixedRoundsEndTheGame) {
  Script capped("loyalist_spies(deal=direct,jokers=0,refill=false,max_rounds=1)");
  play_diamond_round(capped);
  EXPECT_TRUE(capped.state().is_terminal());
  Script two("loyalist_spies(deal=direct,jokers=0,refill=false,rounds=2,target_score=1)");
  play_diamond_round(two);
  EXPECT_FALSE(two.state().is_terminal());  // rounds=2 ignores the target
}

TEST(Keep, EachSeatKeepsFiveInKeepOrderJokersFirst) {
  Script s("loyalist_spies(rounds=1)");
  s.aces("AD AS AH AC");
  s.deal_all({"Jk 2C 9H 3C 4C 5C 6C 2D 3D 4D 5D 6D", "Jk2", "", ""});  // P0's whole hand
  ASSERT_EQ(s.state().phase(), Phase::kKeep);
  ASSERT_EQ(s.state().current_player(), 0);  // the first determiner keeps first
  std::vector<std::string> legal = s.legal_strings();
  EXPECT_NE(std::find(legal.begin(), legal.end(), "keep Jk"), legal.end());  // Jokers come first
  s.act(0, "keep 2C");  // a pack card first: the Joker is given up
  // Keeps go up the keep order and leave room for five: only 3C is left
  // with four cards above it.
  EXPECT_EQ(s.legal_strings(), (std::vector<std::string>{"keep 3C"}));
}

TEST(Keep, KeptCardsFormTheHandsAndTheRestIsTheDeck) {
  Script s("loyalist_spies(rounds=1)");
  s.aces("AD AS AH AC");
  s.deal_all({"Jk 2C 3C 4C 5C 6C", "Jk2 2D 3D 4D 5D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 6H"});
  s.keep({"2C 3C 4C 5C 6C", "Jk2 2D 3D 4D 5D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 6H"});
  EXPECT_EQ(s.state().phase(), Phase::kFlip);
  EXPECT_EQ(s.state().deck_size(), 50 - 20);
  EXPECT_TRUE((s.state().deck() >> parse_card("Jk")) & 1u);  // P0 gave its Joker up
  EXPECT_EQ(s.state().hand(1), mask_of("Jk2 2D 3D 4D 5D"));  // P1 kept its: a Traitor for now
  // Keeps are secret: others see how many were kept, not which.
  const std::string p2 = s.info(2);
  EXPECT_TRUE(contains(p2, "cards kept 20; yours 2S 3S 4S 5S 6S"));
  EXPECT_FALSE(contains(p2, "Jk2"));
  EXPECT_TRUE((s.view(0).given_up >> parse_card("Jk")) & 1u);  // P0 knows where its Joker went
  EXPECT_FALSE((s.view(1).given_up >> parse_card("Jk")) & 1u);
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
