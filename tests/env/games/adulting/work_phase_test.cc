// The work phase of variant=full without the legal system, job by job, as
// scripted games. Four players: P0 deals round 1 and sits out; P1, P2, P3
// are the contestants, in that order. The built-in deck's jobs go round
// category, rank, payout, challenge: H1, H2, H3, H4.
#include <gtest/gtest.h>

#include "env/core/error.h"
#include "tests/env/games/adulting/script.h"

namespace kibitz::adulting::testing {
namespace {

constexpr const char* kWork = "adulting(players=4,legal=false)";

// Round 1 up to its work phase: `first` is drawn, C1 shows on top.
Script work_on(const char* first, const std::string& spec = kWork) {
  Script s(spec);
  s.top(first).draw(first).top("C1");
  return s;
}

TEST(Category, TheKthEliminatedTakesKAndOnlyTheRuledKnowIfTheRulingWasRight) {
  Script s = work_on("H1");
  EXPECT_EQ(s.state().phase(), Phase::kEliminate);
  EXPECT_EQ(s.mutable_state().chance_outcomes().size(), 3u);  // P1, P2, P3; the dealer sits out
  s.chance("eliminate P2").chance("no ruling");    // first out: 1
  s.chance("eliminate P1").chance("ruling right"); // second out, by the dealer's ruling: 2
  // P3 is left: the last eliminated, without a draw or a ruling: 3.
  EXPECT_EQ(s.state().phase(), Phase::kTruth);
  EXPECT_EQ(s.state().monies(2), 1);
  EXPECT_EQ(s.state().monies(1), 2);
  EXPECT_EQ(s.state().monies(3), 3);
  EXPECT_EQ(s.state().monies(0), 0);               // no income in the full game
  EXPECT_TRUE(contains(s.stream(1), "P1 is eliminated\nruling on P1: right\nP1 takes 2 from the bank\n"));
  EXPECT_TRUE(contains(s.stream(0), "ruling on P1: right\n"));   // the dealer knows
  EXPECT_TRUE(contains(s.stream(3), "P1 is eliminated\nruling on P1\nP1 takes 2"));
  EXPECT_FALSE(contains(s.stream(3), "right"));
  EXPECT_TRUE(contains(s.stream(3), "P3 is eliminated\nP3 takes 3 from the bank\n"));
}

TEST(Category, NoRulingChanceWhenRulingIsZero) {
  Script s = work_on("H1", "adulting(players=4,legal=false,ruling=0)");
  s.chance("eliminate P3");
  EXPECT_EQ(s.state().phase(), Phase::kEliminate);  // straight to the next elimination
  EXPECT_EQ(s.state().monies(3), 1);
}

TEST(Rank, DeclarationsAtLeastTheMeasurementAndPayByRank) {
  Script s = work_on("H2");
  s.chance("measure 3").chance("measure 5").chance("measure 0");  // P1, P2, P3
  ASSERT_EQ(s.state().current_player(), 1);
  const ActionList legal = s.mutable_state().legal_actions();
  EXPECT_EQ(legal.front(), kDeclareBase + 3);      // no lower than the truth
  EXPECT_EQ(legal.back(), kDeclareBase + 9);
  EXPECT_THROW(s.mutable_state().string_to_action(1, "declare 2"), KibitzError);
  s.act(1, "declare 5");                           // a bluff by 2
  s.act(2, "declare 5");                           // the truth
  s.act(3, "declare 7");                           // a bluff by 7
  // players (4) minus the contestants who declared more; equals are paid alike.
  EXPECT_EQ(s.state().monies(3), 4);
  EXPECT_EQ(s.state().monies(1), 3);
  EXPECT_EQ(s.state().monies(2), 3);
  EXPECT_TRUE(contains(s.stream(1), "your measurement is 3\nP2 is measured\nP3 is measured\n"));
  EXPECT_FALSE(contains(s.stream(2), "measurement is 3"));
}

TEST(Payout, EachContestantIsPaidAtOnce) {
  Script s = work_on("H3");
  s.chance("payout 2");
  EXPECT_EQ(s.state().monies(1), 2);               // paid before the next draw
  s.chance("payout 0").chance("payout 3");
  EXPECT_EQ(s.state().monies(2), 0);
  EXPECT_EQ(s.state().monies(3), 3);
  EXPECT_TRUE(contains(s.stream(0), "P1's payout is 2\nP1 takes 2 from the bank\nP2's payout is 0\nP3's payout is 3\n"));
}

TEST(Challenge, TheDealerRanksAndPayFollowsTheRanking) {
  Script s = work_on("H4");
  s.chance("quality 7").chance("quality 2").chance("quality 9");  // public
  ASSERT_EQ(s.state().current_player(), 0);         // the dealer ranks, best first
  s.act(0, "rank P1");                              // not by quality: P3 did better
  s.act(0, "rank P2");                              // P3 is last without a choice
  EXPECT_EQ(s.state().monies(1), 4);
  EXPECT_EQ(s.state().monies(2), 3);
  EXPECT_EQ(s.state().monies(3), 2);
  EXPECT_TRUE(contains(s.stream(3), "P3 performs at 9\nP0 ranks P1 next\nP0 ranks P2 next\nP0 ranks P3 next\n"));
}

TEST(Work, TheDealerSitsOutAndSortingFollows) {
  Script s = work_on("H3");
  s.chance("payout 1").chance("payout 1").chance("payout 1");
  EXPECT_EQ(s.state().phase(), Phase::kTruth);
  EXPECT_EQ(s.state().monies(0), 0);
  s.give(1, 1);
  EXPECT_EQ(s.state().hand(1), s.cards("H3"));
  EXPECT_EQ(s.state().monies(1), 0);
}

}  // namespace
}  // namespace kibitz::adulting::testing
