// Liar's Dice rule by rule, on scripted games (docs/rules/liars_dice.md):
// the rolls, the first bid, rising bids, the highest bid, the challenge
// counting the wild face, the returns and the text of actions.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/games/liars_dice/liars_dice.h"
#include "tests/env/games/liars_dice/script.h"
#include "tests/support/error_of.h"

namespace kibitz::liars_dice {
namespace {

using testing::play;

TEST(LiarsDiceRules, ChanceRollsEachSeatsDiceInSeatOrderUniformly) {
  auto s = load_game("liars_dice(players=3,dice=2,sides=4)")->new_initial_state();
  for (int die = 0; die < 6; ++die) {
    ASSERT_TRUE(s->is_chance_node()) << "die " << die;
    const ChanceOutcomeList outcomes = s->chance_outcomes();
    ASSERT_EQ(outcomes.size(), 4u);
    for (int f = 0; f < 4; ++f) {
      EXPECT_EQ(outcomes[static_cast<std::size_t>(f)].action, f);
      EXPECT_DOUBLE_EQ(outcomes[static_cast<std::size_t>(f)].probability, 0.25);
    }
    s->apply_action(s->string_to_action(kChancePlayer, "roll " + std::to_string(die % 4 + 1)));
  }
  // Seat 0 got rolls 1 and 2, seat 1 rolls 3 and 4, seat 2 rolls 1 and 2.
  const auto& state = static_cast<const LiarsDiceState&>(*s);
  EXPECT_EQ(state.die(0, 0), 1);
  EXPECT_EQ(state.die(1, 1), 4);
  EXPECT_EQ(state.die(2, 0), 1);
  EXPECT_EQ(s->current_player(), 0) << "seat 0 bids first";
  EXPECT_EQ(s->to_string(), "dice 12 | 34 | 12 bids -");
}

TEST(LiarsDiceRules, TheFirstBidMayBeAnyAndLiarNeedsABid) {
  // Two players, one die each: bids 1-1 .. 2-6 are actions 0..11, liar 12.
  const auto s = play("liars_dice", {"roll 2", "roll 5"});
  std::vector<Action> bids;
  for (Action a = 0; a < 12; ++a) bids.push_back(a);
  EXPECT_EQ(s->legal_actions(), bids) << "every bid, and no liar before a bid";
  EXPECT_FALSE(s->is_legal(12));
  EXPECT_EQ(s->action_to_string(0, 0), "bid 1 1s");
  EXPECT_EQ(s->action_to_string(0, 11), "bid 2 6s");
  EXPECT_EQ(s->action_to_string(0, 12), "liar");
  EXPECT_NE(error_of([&] { (void)s->string_to_action(0, "liar"); }).find("liar"), std::string::npos);
}

TEST(LiarsDiceRules, BidsMustRise) {
  // Three players, two dice each (6 dice): seat 0 bids 2 3s.
  auto s = play("liars_dice(players=3,dice=2)",
                {"roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6", "bid 2 3s"});
  EXPECT_EQ(s->current_player(), 1);
  const auto& game = static_cast<const LiarsDiceGame&>(s->game());
  // A greater face at the same quantity, or any face at a greater quantity.
  EXPECT_TRUE(s->is_legal(game.bid_action({2, 4})));
  EXPECT_TRUE(s->is_legal(game.bid_action({3, 1})));
  EXPECT_FALSE(s->is_legal(game.bid_action({2, 3}))) << "the same bid";
  EXPECT_FALSE(s->is_legal(game.bid_action({2, 2}))) << "a lower face at the same quantity";
  EXPECT_FALSE(s->is_legal(game.bid_action({1, 6}))) << "a lower quantity";
  EXPECT_EQ(s->legal_actions().front(), game.bid_action({2, 4}));
  EXPECT_TRUE(s->is_legal(game.liar_action()));
  const std::string why = error_of([&] { (void)s->string_to_action(1, "bid 2 2s"); });
  EXPECT_NE(why.find("higher than the last"), std::string::npos) << why;
  EXPECT_NE(error_of([&] { (void)s->string_to_action(1, "bid 7 2s"); }).find("1 to 6 dice"),
            std::string::npos);
  // Seats bid in turn: 1, then 2, then 0 again.
  s->apply_action(s->string_to_action(1, "bid 2 5s"));
  EXPECT_EQ(s->current_player(), 2);
  s->apply_action(s->string_to_action(2, "bid 4 1s"));
  EXPECT_EQ(s->current_player(), 0);
}

TEST(LiarsDiceRules, AfterTheHighestBidOnlyLiarIsLeft) {
  // Two dice in all, six sides: "bid 2 6s" is the highest bid.
  const auto s = play("liars_dice", {"roll 6", "roll 6", "bid 2 6s"});
  const auto& game = static_cast<const LiarsDiceGame&>(s->game());
  EXPECT_EQ(s->legal_actions(), std::vector<Action>{game.liar_action()});
  EXPECT_FALSE(s->is_terminal());
}

TEST(LiarsDiceRules, TheChallengeCountsTheWildFace) {
  // Two players, two dice: P0 rolls 6 3, P1 rolls 3 1. Threes: the two 3s
  // and the wild 6 make 3.
  const std::vector<std::string> roll = {"roll 6", "roll 3", "roll 3", "roll 1"};
  auto moves = roll;
  moves.insert(moves.end(), {"bid 3 3s", "liar"});
  auto s = play("liars_dice(dice=2)", moves);
  auto* state = static_cast<const LiarsDiceState*>(s.get());
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(state->count_matching({3, 3}), 3);
  EXPECT_EQ(state->loser(), 1) << "three 3s are there: the challenger (P1) loses";
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, -1.0}));

  // Four 3s are not there: the bidder loses.
  moves = roll;
  moves.insert(moves.end(), {"bid 4 3s", "liar"});
  s = play("liars_dice(dice=2)", moves);
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*s).loser(), 0);
  EXPECT_EQ(s->returns(), (std::vector<double>{-1.0, 1.0}));

  // A bid on the wild face counts the wild face alone: one 6.
  moves = roll;
  moves.insert(moves.end(), {"bid 1 5s", "bid 2 6s", "liar"});
  s = play("liars_dice(dice=2)", moves);
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*s).count_matching({2, 6}), 1);
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*s).loser(), 1) << "P1 bid two 6s and there is one";
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, -1.0}));

  // Exactly the quantity is enough for the bidder: two 1s (a 1 and the 6).
  moves = roll;
  moves.insert(moves.end(), {"bid 2 1s", "liar"});
  s = play("liars_dice(dice=2)", moves);
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*s).loser(), 1);
}

TEST(LiarsDiceRules, WithMoreSeatsTheLoserPaysTheOthers) {
  // Three players, one die each, sides 4 (4 is wild): dice 1, 2, 4.
  // P0 bids 2 1s, P1 bids 3 2s, P2 calls liar: 2s are the 2 and the wild 4,
  // two of three, so P1 (the bidder) loses.
  const auto s = play("liars_dice(players=3,sides=4)",
                      {"roll 1", "roll 2", "roll 4", "bid 2 1s", "bid 3 2s", "liar"});
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*s).challenger(), 2);
  EXPECT_EQ(s->returns(), (std::vector<double>{0.5, -1.0, 0.5}));
  EXPECT_EQ(s->game().max_return(), 0.5);
  EXPECT_EQ(s->game().min_return(), -1.0);
  // Four seats: the others get a third each.
  const auto t = play("liars_dice(players=4)",
                      {"roll 1", "roll 1", "roll 1", "roll 1", "bid 1 2s", "liar"});
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*t).loser(), 0);
  const std::vector<double> r = t->returns();
  EXPECT_DOUBLE_EQ(r[0], -1.0);
  for (int s2 = 1; s2 < 4; ++s2) EXPECT_DOUBLE_EQ(r[static_cast<std::size_t>(s2)], 1.0 / 3);
  // No returns before the challenge.
  const auto u = play("liars_dice(players=3)", {"roll 1", "roll 1", "roll 1", "bid 1 2s"});
  EXPECT_EQ(u->returns(), (std::vector<double>{0.0, 0.0, 0.0}));
}

TEST(LiarsDiceRules, ActionsReadInOtherSpellings) {
  const auto s = play("liars_dice(dice=2)", {"roll 1", "roll 2", "roll 3", "roll 4", "bid 1 6s"});
  const auto& game = static_cast<const LiarsDiceGame&>(s->game());
  EXPECT_EQ(s->string_to_action(1, "3-5"), game.bid_action({3, 5})) << "OpenSpiel's spelling";
  EXPECT_EQ(s->string_to_action(1, "BID 3 5S"), game.bid_action({3, 5}));
  EXPECT_EQ(s->string_to_action(1, "bid 3 5"), game.bid_action({3, 5}));
  EXPECT_EQ(s->string_to_action(1, "challenge"), game.liar_action());
  EXPECT_EQ(s->string_to_action(1, "Liar"), game.liar_action());
  EXPECT_EQ(s->string_to_action(1, std::to_string(game.liar_action())), game.liar_action());
  EXPECT_NE(error_of([&] { (void)s->action_to_string(1, 99); }).find("99"), std::string::npos);
  EXPECT_NE(error_of([&] { (void)s->action_to_string(kChancePlayer, 6); }).find("no roll 6"),
            std::string::npos);
}

TEST(LiarsDiceRules, ParametersAreChecked) {
  EXPECT_NO_THROW(load_game("liars_dice(players=4,dice=5,sides=6)"));
  EXPECT_NE(error_of([] { load_game("liars_dice(players=5)"); }).find("players"), std::string::npos);
  EXPECT_NE(error_of([] { load_game("liars_dice(dice=0)"); }).find("dice"), std::string::npos);
  EXPECT_NE(error_of([] { load_game("liars_dice(sides=7)"); }).find("sides"), std::string::npos);
  const auto game = load_game("liars_dice(players=4,dice=5)");
  EXPECT_EQ(game->num_distinct_actions(), 20 * 6 + 1);
  EXPECT_EQ(game->max_game_length(), 20 + 120 + 1);
  // Seat one-hot, five dice one-hot, the bids and liar (OpenSpiel's size).
  EXPECT_EQ(game->information_state_tensor_size(), 4 + 5 * 6 + 120 + 1);
}

}  // namespace
}  // namespace kibitz::liars_dice
