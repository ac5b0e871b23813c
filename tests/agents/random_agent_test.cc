// RandomAgent: only legal actions, and the same choices for the same seed.
#include "agents/random/random_agent.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"

namespace kibitz {
namespace {

// Plays `games` games of `spec` with one RandomAgent in every seat (chance
// drawn from its own seeded generator) and returns every action chosen.
std::vector<Action> play(const std::string& spec, std::uint64_t seed, int games) {
  const auto game = load_game(spec);
  RandomAgent agent(seed);
  Rng chance(1234);
  std::vector<Action> chosen;
  for (int g = 0; g < games; ++g) {
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      if (state->is_chance_node()) {
        const ChanceOutcomeList outcomes = state->chance_outcomes();
        std::vector<double> weights;
        for (const ChanceOutcome& o : outcomes) weights.push_back(o.probability);
        state->apply_action(outcomes[chance.sample_index(weights)].action);
        continue;
      }
      const Player seat = state->current_player();
      const Action action = agent.act(SeatView(*state, seat));
      const ActionList legal = state->legal_actions();
      EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), action))
          << "illegal action " << action << " in " << state->to_string();
      chosen.push_back(action);
      state->apply_action(action);
    }
  }
  return chosen;
}

TEST(RandomAgentTest, PicksOnlyLegalActions) {
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      SCOPED_TRACE(spec);
      EXPECT_FALSE(play(spec, 7, 50).empty());
    }
  }
}

TEST(RandomAgentTest, SameSeedSameChoicesOtherSeedOtherChoices) {
  const std::vector<Action> a = play("kuhn_poker", 42, 200);
  EXPECT_EQ(a, play("kuhn_poker", 42, 200));
  EXPECT_NE(a, play("kuhn_poker", 43, 200));
}

TEST(RandomAgentTest, ChoosesEveryLegalActionAboutEvenly) {
  const std::vector<Action> actions = play("kuhn_poker", 5, 2000);
  const auto bets = std::count(actions.begin(), actions.end(), 1);
  const double share = static_cast<double>(bets) / static_cast<double>(actions.size());
  EXPECT_NEAR(share, 0.5, 0.03);  // Kuhn always offers exactly pass and bet
}

}  // namespace
}  // namespace kibitz
