// Knowledge (knowledge.h) read from a seat's stream alone, against the true
// table over seeded random episodes of every test spec: the fund, every
// player's loss and joker exemptions, orders, draw counts, the reversal and
// the seat's own delay; the tensor written from it stays a network's input.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/tea_state.h"

namespace kibitz::tea_game {
namespace {

void check(const TeaState& state, Player seat) {
  Knowledge k(state.tea_game().config(), seat);
  k.read_all(state.seat_stream(seat));
  const Table& t = state.table();
  ASSERT_EQ(k.fund(), t.fund()) << state.to_string();
  for (int s = 0; s < state.num_players(); ++s) {
    const SeatState& p = t.seat(s);
    const PlayerKnowledge& q = k.player(s);
    ASSERT_EQ(q.exempt_through, p.exempt_through) << "P" << s << " at " << state.to_string();
    ASSERT_EQ(q.joker_exempt, p.joker_exempt) << "P" << s << " at " << state.to_string();
    ASSERT_EQ(q.drinks, p.drinks) << "P" << s << " at " << state.to_string();
    if (p.drinks > 0 && p.drawer) {
      ASSERT_EQ(q.draw_count, p.draw_count) << "P" << s;
    }
  }
  if (t.phase() != Phase::kDelays) {
    ASSERT_EQ(k.reversed(), t.reversed());
  }
  if (k.my_delay() >= 0) {
    ASSERT_EQ(k.my_delay() == 1, t.seat(seat).delayed);
  }
}

TEST(TeaKnowledge, MatchesTheTableOverRandomEpisodes) {
  int positions = 0;
  for (const std::string& spec : find_game("tea_game").test_specs) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    for (int g = 0; g < 20; ++g) {
      Rng rng = Rng(19).child(spec, static_cast<std::uint64_t>(g));
      auto state = game->new_initial_state();
      ActionList actions;
      while (!state->is_terminal()) {
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          state->legal_actions(actions);
          state->apply_action(actions[rng.uniform_int(actions.size())]);
        }
        const Player seat = static_cast<Player>(rng.uniform_int(static_cast<std::size_t>(game->num_players())));
        check(static_cast<const TeaState&>(*state), seat);
        if (::testing::Test::HasFatalFailure()) return;
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, 1000);
}

// The tensor is a network's input (manifest.cc declares the encoder), so
// every value stays in [-1, 1], the range agents/neural/checkpoint.h bounds
// a network's layers by: at every move of random episodes of every test
// spec (deathmatch_fund=20 passes the mark within a game; a game just lost
// holds exemption_games + 1 games of exemption), for every seat.
TEST(TeaKnowledge, TensorStaysInUnitRangeOverRandomEpisodes) {
  int positions = 0;
  for (const std::string& spec : find_game("tea_game").test_specs) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    std::vector<float> tensor(static_cast<std::size_t>(game->information_state_tensor_size()));
    for (int g = 0; g < 10; ++g) {
      Rng rng = Rng(23).child(spec, static_cast<std::uint64_t>(g));
      auto state = game->new_initial_state();
      ActionList actions;
      while (!state->is_terminal()) {
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          state->legal_actions(actions);
          state->apply_action(actions[rng.uniform_int(actions.size())]);
        }
        for (Player seat = 0; seat < game->num_players(); ++seat) {
          state->information_state_tensor(seat, tensor);
          for (std::size_t i = 0; i < tensor.size(); ++i) {
            ASSERT_LE(std::abs(tensor[i]), 1.0f) << "P" << seat << " tensor[" << i << "] at " << state->to_string();
          }
        }
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, 1000);
}

TEST(TeaKnowledge, KnowsTheRoundAndTheCardsDrawn) {
  const auto game = load_game("tea_game(players=3,days=1,delay_prob=0.5)");
  auto state = game->new_initial_state();
  for (int i = 0; i < 3; ++i) state->apply_action(kNotDelayed);
  for (int i = 0; i < 3; ++i) state->apply_action(kOnTime);
  for (int i = 0; i < 3; ++i) state->apply_action(kDrinksBase);  // one drink each
  state->apply_action(3);   // P0 draws 4D (index 3)
  state->apply_action(16);  // P1 draws 4S
  Knowledge k(static_cast<const TeaGame&>(*game).config(), 2);
  k.read_all(state->seat_stream(2));
  EXPECT_EQ(k.player(0).hand_size, 1);
  EXPECT_EQ(k.player(0).hand[0], 3);
  EXPECT_EQ(k.cards_left(), kNumCards - 2);
  EXPECT_TRUE(k.can_lose(0));
  EXPECT_EQ(k.my_delay(), 0);
  state->apply_action(30);  // P2 draws 5H: P0 and P1 tie at 4 and redraw
  k = Knowledge(static_cast<const TeaGame&>(*game).config(), 2);
  k.read_all(state->seat_stream(2));
  EXPECT_EQ(k.redraws(), 1);
  EXPECT_TRUE(k.player(0).in_round);
  EXPECT_FALSE(k.player(2).in_round);
  EXPECT_EQ(k.player(0).hand_size, 0);
}

}  // namespace
}  // namespace kibitz::tea_game
