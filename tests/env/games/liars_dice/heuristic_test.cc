// The Liar's Dice rules of thumb (agents/heuristic/liars_dice/liars_dice_decider.h):
// the binomial tail, the chance a bid holds from the seat's own dice, the
// choice between liar and a raise, and legal choices all through random
// games, reading the seat's stream one observation at a time.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "agents/heuristic/liars_dice/liars_dice_decider.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/games/liars_dice/liars_dice.h"
#include "tests/env/games/liars_dice/script.h"

namespace kibitz::liars_dice::bot {
namespace {

using testing::play;

// A decider for `seat` that has read the seat's whole stream.
LiarsDiceDecider decider_for(const State& state, Player seat, LiarsDiceParams params = {}) {
  auto game = std::static_pointer_cast<const LiarsDiceGame>(state.game_ptr());
  LiarsDiceDecider d(game, seat, params);
  for (const Observation& o : state.seat_stream(seat)) d.read(o);
  return d;
}

TEST(LiarsDiceHeuristic, BinomialTail) {
  EXPECT_DOUBLE_EQ(at_least(0, 3, 0.2), 1.0);
  EXPECT_DOUBLE_EQ(at_least(4, 3, 0.2), 0.0);
  EXPECT_NEAR(at_least(1, 1, 1.0 / 3), 1.0 / 3, 1e-12);
  EXPECT_NEAR(at_least(2, 3, 0.5), 0.5, 1e-12);
  EXPECT_NEAR(at_least(3, 4, 1.0 / 3), 9.0 / 81, 1e-12);  // 4 * (1/3)^3 * 2/3 + (1/3)^4
  EXPECT_DOUBLE_EQ(at_least(2, 5, 1.0), 1.0);
}

TEST(LiarsDiceHeuristic, OwnDiceAndWildsSetTheChanceABidHolds) {
  // Seat 0 holds 6 and 3 of two dice each; two unseen dice.
  const auto s = play("liars_dice(dice=2)", {"roll 6", "roll 3", "roll 2", "roll 2"});
  const LiarsDiceDecider d = decider_for(*s, 0);
  EXPECT_DOUBLE_EQ(d.chance_true({2, 3}), 1.0) << "the 3 and the wild 6";
  EXPECT_NEAR(d.chance_true({3, 3}), 1 - (2.0 / 3) * (2.0 / 3), 1e-12) << "one of two unseen";
  EXPECT_NEAR(d.chance_true({2, 6}), 1 - (5.0 / 6) * (5.0 / 6), 1e-12) << "6s count once";
  EXPECT_DOUBLE_EQ(d.chance_true({5, 3}), 0.0);
}

TEST(LiarsDiceHeuristic, OpensWithWhatItHolds) {
  const auto s = play("liars_dice", {"roll 3", "roll 5"});
  const LiarsDiceDecider d = decider_for(*s, 0);
  ASSERT_TRUE(d.to_act());
  EXPECT_EQ(s->action_to_string(0, d.decide()), "bid 1 3s");
}

TEST(LiarsDiceHeuristic, CallsABidThatCannotHold) {
  // Seat 1 holds a 3; seat 0 claims two 5s of the two dice.
  const auto s = play("liars_dice", {"roll 5", "roll 3", "bid 2 5s"});
  EXPECT_EQ(s->action_to_string(1, decider_for(*s, 1).decide()), "liar");
}

TEST(LiarsDiceHeuristic, RaisesWhenTheLastBidSurelyHolds) {
  // Seat 1 holds the 4 that seat 0 bid on: liar cannot win. The raises
  // that hold most often (1/3: 1 5s if the unseen die is a 5 or a 6, 2 4s
  // if it is a 4 or a 6, ...) tie; the lowest is taken.
  const auto s = play("liars_dice", {"roll 1", "roll 4", "bid 1 4s"});
  const LiarsDiceDecider d = decider_for(*s, 1);
  EXPECT_NEAR(d.chance_true({1, 5}), 1.0 / 3, 1e-12);
  EXPECT_EQ(s->action_to_string(1, d.decide()), "bid 1 5s");
  // With a margin of 1, liar is never worth it while a raise is left.
  const auto t = play("liars_dice", {"roll 5", "roll 3", "bid 2 5s"});
  EXPECT_NE(decider_for(*t, 1, {1.0}).decide(), t->game().num_distinct_actions() - 1);
}

TEST(LiarsDiceHeuristic, RefusesToDecideOutOfTurn) {
  const auto s = play("liars_dice", {"roll 1", "roll 4", "bid 1 4s"});
  const LiarsDiceDecider d = decider_for(*s, 0);
  EXPECT_FALSE(d.to_act());
  // A caller's bug, not bad input: the check stops the program.
  EXPECT_DEATH((void)d.decide(), "seat P0 is not to act by its stream");
}

// Random games of every test spec; at each of the decider's turns it has
// read only the new observations, and its choice is legal.
TEST(LiarsDiceHeuristic, ChoosesLegalActionsReadingTheStreamIncrementally) {
  for (const std::string& spec : find_game("liars_dice").test_specs) {
    const auto game = std::static_pointer_cast<const LiarsDiceGame>(load_game(spec));
    Rng rng(11);
    for (int g = 0; g < 50; ++g) {
      auto state = game->new_initial_state();
      const Player seat = g % game->num_players();
      LiarsDiceDecider d(game, seat);
      std::size_t read = 0;
      while (!state->is_terminal()) {
        const SeatStream stream = state->seat_stream(seat);
        for (; read < stream.size(); ++read) d.read(stream[read]);
        Action a;
        if (state->is_chance_node()) {
          a = state->sample_chance_outcome(rng);
        } else if (state->current_player() == seat) {
          ASSERT_TRUE(d.to_act());
          a = d.decide();
          ASSERT_TRUE(state->is_legal(a)) << spec << ": " << a;
        } else {
          ASSERT_FALSE(d.to_act());
          const ActionList legal = state->legal_actions();
          a = legal[rng.uniform_int(legal.size())];
        }
        state->apply_action(a);
      }
    }
  }
}

}  // namespace
}  // namespace kibitz::liars_dice::bot
