// The Spoon Nomic heuristic (agents/heuristic/spoon_*): its vote in
// constructed tables (always a vote while a card is to be earned, yes when a
// proposal improves its standing against the leader or its win share, no
// otherwise), and whole games through the match runner.
#include <gtest/gtest.h>

#include <vector>

#include "agents/heuristic/spoon_vote.h"
#include "env/cards/card_set.h"

namespace kibitz::spoon_nomic::bot {
namespace {

// Four seats, seat 0 to vote in nweek 3 of 10; seat 1 leads on points; every
// seat has voted every time and holds three cards.
SpoonTable table(std::vector<int> delta) {
  SpoonTable t;
  t.players = 4;
  t.me = 0;
  t.nweek = 3;
  t.nweeks = 10;
  t.deck_left = 196;
  t.points = {2, 8, 1, 0};
  t.cards_held = {3, 3, 3, 3};
  t.votes_cast = {3, 3, 3, 3};
  t.votes_asked = {3, 3, 3, 3};
  t.delta = std::move(delta);
  t.my_cards = cards::parse_cards("2D 7S KH");
  return t;
}

TEST(SpoonVote, ExpectedBonusGrowsWithTheHand) {
  EXPECT_DOUBLE_EQ(expected_bonus(0), 0.0);
  EXPECT_NEAR(expected_bonus(1), 0.0, 1e-12);
  EXPECT_GT(expected_bonus(5), expected_bonus(2));
  EXPECT_GT(expected_bonus(12), expected_bonus(5));
  EXPECT_GT(expected_bonus(40), 5.0);  // flushes and full houses are common by then
  EXPECT_LE(expected_bonus(1000), 9.0);
}

TEST(SpoonVote, YesWhenItGainsOnTheLeader) {
  // +2 to me, the leader unchanged.
  EXPECT_EQ(choose_vote(table({2, 0, 0, 0}), {}), VoteChoice::kYes);
  // Nothing for me but -3 to the leader: the margin to the leader grows.
  EXPECT_EQ(choose_vote(table({0, -3, 1, 0}), {}), VoteChoice::kYes);
}

TEST(SpoonVote, NoWhenTheLeaderGainsMore) {
  // +1 to me, +3 to the leader: my standing against the leader falls.
  EXPECT_EQ(choose_vote(table({1, 3, 0, 0}), {}), VoteChoice::kNo);
  EXPECT_LT(proposal_gain(table({1, 3, 0, 0}), {}), 0.0);
  // With no rivalry, plain self interest says yes.
  EXPECT_EQ(choose_vote(table({1, 3, 0, 0}), SpoonParams{0.0, 2.0}), VoteChoice::kYes);
  // -2 to me: no.
  EXPECT_EQ(choose_vote(table({-2, 0, 0, 0}), {}), VoteChoice::kNo);
}

TEST(SpoonVote, LeaderCountsTheNextBestSeat) {
  // I lead by far. -3 to seat 1 (8 -> 5) and +3 to seat 2 (1 -> 4): the
  // best other seat is still seat 1, now 3 lower, so my margin grows.
  SpoonTable t = table({0, -3, 3, 0});
  t.points = {20, 8, 1, 0};
  EXPECT_EQ(choose_vote(t, {}), VoteChoice::kYes);
  // Seat 1 at 2 and +3 to seat 2 (1 -> 4): seat 2 becomes the best other,
  // 2 higher than seat 1 was, so my margin shrinks.
  t.delta = {0, 0, 3, 0};
  t.points = {20, 2, 1, 0};
  EXPECT_EQ(choose_vote(t, {}), VoteChoice::kNo);
}

TEST(SpoonVote, AlwaysVotesWhileACardIsToBeEarned) {
  // Indifferent (nothing changes for anyone) with a card to earn: votes.
  EXPECT_EQ(choose_vote(table({0, 0, 0, 0}), {}), VoteChoice::kNo);
  // The last nweek earns no card: indifferent abstains.
  SpoonTable last = table({0, 0, 0, 0});
  last.nweek = 9;
  EXPECT_FALSE(vote_earns_card(last));
  EXPECT_EQ(choose_vote(last, {}), VoteChoice::kAbstain);
  // An empty Deck earns no card either.
  SpoonTable empty = table({0, 0, 0, 0});
  empty.deck_left = 0;
  EXPECT_EQ(choose_vote(empty, {}), VoteChoice::kAbstain);
  // But a preference is still voted in the last nweek.
  last.delta = {1, 0, 0, 0};
  EXPECT_EQ(choose_vote(last, {}), VoteChoice::kYes);
}

TEST(SpoonVote, MyHandCountsAtItsCategory) {
  // A four of a kind in hand (bonus 7) lifts my estimate above the average.
  SpoonTable t = table({0, 0, 0, 0});
  t.nweek = 9;
  const double plain = estimated_scores(t)[0];
  t.my_cards = cards::parse_cards("9S 9S@blue 9S@fish 9S@corporate");
  t.cards_held[0] = 4;
  EXPECT_DOUBLE_EQ(estimated_scores(t)[0], 2 + 7);
  EXPECT_LT(plain, 2 + 7);
}

TEST(SpoonVote, OthersFutureCardsFollowTheirVotingRate) {
  SpoonTable t = table({0, 0, 0, 0});
  t.votes_cast = {3, 3, 0, 3};  // seat 2 has always abstained
  const std::vector<double> est = estimated_scores(t);
  // Seats 2 and 3 hold as many cards; seat 2 will probably get fewer more.
  EXPECT_LT(est[2] - t.points[2], est[3] - t.points[3]);
}

TEST(SpoonVote, WinRewardFollowsTheWinShare) {
  SpoonTable t = table({1, 3, 0, 0});
  t.reward_win = true;
  // Closing on the leader beats a small gain that widens the leader's lead.
  EXPECT_EQ(choose_vote(t, {}), VoteChoice::kNo);
  t.delta = {0, -3, 0, 0};
  EXPECT_EQ(choose_vote(t, {}), VoteChoice::kYes);
  EXPECT_GT(proposal_gain(t, {}), 0.0);
  // Pulling down a seat far behind helps a little, the leader much more.
  t.delta = {0, 0, 0, -1};
  const double trailer = proposal_gain(t, {});
  t.delta = {0, -1, 0, 0};
  const double leader = proposal_gain(t, {});
  EXPECT_GT(trailer, 0.0);
  EXPECT_GT(leader, 2 * trailer);
}

}  // namespace
}  // namespace kibitz::spoon_nomic::bot
