// The Spoon Nomic heuristic (agents/heuristic/spoon_*): its vote in
// constructed tables (always a vote while a card is to be earned, yes when a
// proposal improves its standing against the leader or its win share, no
// otherwise), and whole games through the match runner.
#include "agents/heuristic/spoon_nomic/spoon_heuristic.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "agents/heuristic/spoon_nomic/spoon_vote.h"
#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/cards/card_set.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"
#include "tests/agents/heuristic_test_support.h"

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

// --- Whole games ----------------------------------------------------------------------

std::vector<std::string> game_specs() {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    if (info.name == "spoon_nomic") specs = info.test_specs;
  }
  EXPECT_FALSE(specs.empty()) << "spoon_nomic is not registered";
  specs.push_back("spoon_nomic(players=3,packs=4,nweeks=30)");
  specs.push_back("spoon_nomic(players=5,packs=1,nweeks=40,reward=win)");
  return specs;
}

TEST(SpoonHeuristic, PlaysEveryVariantAndVotesWhileACardIsToBeEarned) {
  int decisions = 0, card_votes = 0;
  for (const std::string& spec : game_specs()) {
    const auto game = load_game(spec);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      heuristic_testing::play_checked(
          game, {"heuristic", "random"}, seed,
          [&](int, Agent& agent, Action action, const State& state) {
            if (!agent.spec().starts_with("heuristic")) return;
            ++decisions;
            const Table& t = static_cast<const SpoonState&>(state).table();
            if (t.nweek() < t.nweeks() - 1 && !t.deck().empty()) {
              ++card_votes;
              EXPECT_NE(action, kAbstain) << spec << " seed " << seed << "\n" << state.to_string();
            }
          });
    }
  }
  EXPECT_GT(decisions, 100);
  EXPECT_GT(card_votes, 50);
}

TEST(SpoonHeuristic, SpecNamesItsParameters) {
  const auto agent = make_agent("heuristic(rivalry=0.5,win_spread=3)", load_game("spoon_nomic"), 1);
  EXPECT_EQ(agent->spec(), "heuristic(rivalry=0.5,win_spread=3)");
}

// Plays the chance moves of nweek 0's proposal (changes for seats 0..3)
// and returns when seat 0 is to vote.
void propose(State& state, const std::vector<int>& changes) {
  for (int c : changes) {
    ASSERT_TRUE(state.is_chance_node()) << state.to_string();
    state.apply_action(change_action(c));
  }
}

// The die face that deals `card`.
Action face(std::string_view card) { return cards::parse_card(card).id(); }

// Two games that differ only in the suits and ranks dealt to seats 1-3 (the
// backs are the same): seat 0's streams are equal, so the agent must vote the
// same in both, and what it knew (its table) must be the same.
TEST(SpoonHeuristic, DecidesFromTheStreamAlone) {
  const auto game = load_game("spoon_nomic(players=4,packs=4,nweeks=4)");
  std::unique_ptr<State> a = game->new_initial_state();
  std::unique_ptr<State> b = game->new_initial_state();
  SpoonHeuristic agent_a(game, SpoonParams{});
  SpoonHeuristic agent_b(game, SpoonParams{});
  agent_a.new_game(0);
  agent_b.new_game(0);
  // nweek 0: a proposal, everyone votes yes or no (all earn a card).
  propose(*a, {1, 2, -1, 0});
  propose(*b, {1, 2, -1, 0});
  const std::vector<Action> votes = {kYes, kNo, kYes, kNo};
  for (Action v : votes) a->apply_action(v), b->apply_action(v);
  // nweek 1 deals: seat 0 the same card; seats 1-3 cards of the same backs.
  const std::vector<std::string> deal_a = {"7D@fish", "AS@blue", "KH", "2C@corporate"};
  const std::vector<std::string> deal_b = {"7D@fish", "9D@blue", "3S", "QH@corporate"};
  for (std::size_t i = 0; i < deal_a.size(); ++i) {
    a->apply_action(face(deal_a[i]));
    b->apply_action(face(deal_b[i]));
  }
  ASSERT_NE(a->to_string(), b->to_string());
  int decisions = 0;
  for (int nweek = 1; nweek < 3; ++nweek) {
    // From nweek 2, only seat 0 voted: it is dealt the same card in both.
    const auto& table_a = static_cast<const SpoonState&>(*a).table();
    for (const char* card : {"QS@corporate"}) {
      if (table_a.phase() != Phase::kDeal) break;
      a->apply_action(face(card));
      b->apply_action(face(card));
    }
    propose(*a, {1, 3, 0, -2});
    propose(*b, {1, 3, 0, -2});
    while (!a->is_chance_node() && !a->is_terminal()) {
      const Player seat = a->current_player();
      Action va = kAbstain, vb = kAbstain;
      if (seat == 0) {
        ASSERT_EQ(a->seat_stream(0), b->seat_stream(0));
        va = agent_a.act(SeatView(*a, 0));
        vb = agent_b.act(SeatView(*b, 0));
        ASSERT_EQ(va, vb);
        EXPECT_EQ(agent_a.table().points, agent_b.table().points);
        EXPECT_EQ(agent_a.table().cards_held, agent_b.table().cards_held);
        if (nweek == 1) {
          EXPECT_EQ(agent_a.table().cards_held, (std::vector<int>{1, 1, 1, 1}));
          EXPECT_EQ(agent_a.table().my_cards, cards::parse_cards("7D@fish"));
        } else {
          EXPECT_EQ(agent_a.table().cards_held, (std::vector<int>{2, 1, 1, 1}));
          EXPECT_EQ(agent_a.table().my_cards, cards::parse_cards("7D@fish QS@corporate"));
        }
        ++decisions;
      }
      a->apply_action(va);
      b->apply_action(vb);
    }
    if (a->is_terminal()) break;
  }
  EXPECT_GE(decisions, 2);
}

// Seat 0 with +1 while seat 1, the leader, gets +3: it votes no; with the
// leader at -3 and itself at 0 it votes yes.
TEST(SpoonHeuristic, VotesAgainstTheLeadersGainInAGame) {
  const auto game = load_game("spoon_nomic(players=4,packs=4,nweeks=5)");
  auto vote_on = [&](const std::vector<int>& first, const std::vector<int>& second) {
    std::unique_ptr<State> state = game->new_initial_state();
    // nweek 0: seat 1 gains 3 and the proposal passes (first voter is seat 0).
    propose(*state, first);
    for (int i = 0; i < 4; ++i) state->apply_action(kYes);
    // nweek 1: deal the four voters one card each, then the second proposal.
    for (const char* card : {"2D", "5S@blue", "9H@fish", "JC@corporate"})
      state->apply_action(face(card));
    propose(*state, second);
    // The first voter of nweek 1 is seat 1; seats 1..3 abstain before seat 0.
    while (state->current_player() != 0) state->apply_action(kAbstain);
    SpoonHeuristic agent(game, SpoonParams{});
    agent.new_game(0);
    return agent.act(SeatView(*state, 0));
  };
  EXPECT_EQ(vote_on({0, 3, 0, 0}, {1, 3, 0, 0}), kNo);
  EXPECT_EQ(vote_on({0, 3, 0, 0}, {0, -3, 0, 0}), kYes);
  EXPECT_EQ(vote_on({0, 3, 0, 0}, {2, 0, 0, 0}), kYes);
}

TEST(SpoonHeuristic, BeatsRandom) {
  const auto [h_score, r_score] = heuristic_testing::against_random("spoon_nomic(players=4)", 150, 700);
  std::printf(
      "spoon_nomic(players=4), reward=score, 300 games: heuristic %+.3f, random %+.3f per seat\n",
      h_score, r_score);
  EXPECT_GT(h_score - r_score, 1.0);
  const auto [h_win, r_win] = heuristic_testing::against_random("spoon_nomic(players=4,reward=win)", 150, 700);
  std::printf(
      "spoon_nomic(players=4,reward=win), 300 games: heuristic %+.3f, random %+.3f per seat\n",
      h_win, r_win);
  EXPECT_GT(h_win, 0.2);
  EXPECT_LT(r_win, -0.2);
}

}  // namespace
}  // namespace kibitz::spoon_nomic::bot
