// Playing whole games for the heuristic agents' tests: each seat's agent
// made from a list of specs, chance sampled, every decision checked legal,
// and a test's own check run on each; and the heuristic against random.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"

namespace kibitz::heuristic_testing {

// Called before each decision is applied: the seat, its agent, its action
// and the true state it was taken in (the test may look, the agent may not).
using DecisionCheck = std::function<void(int seat, Agent& agent, Action action, const State& state)>;

// Plays one game, seat s by agent spec specs[s % size] (seeded from `seed`),
// chance from Rng(seed). A decision that is not legal fails the test (naming
// the game, seed, agent and state) and ends the game there. Returns the
// number of legal decisions; `check`, when given, sees each of them.
inline int play_checked(const std::shared_ptr<const Game>& game, const std::vector<std::string>& specs,
                        std::uint64_t seed, const DecisionCheck& check = nullptr) {
  const int n = game->num_players();
  std::vector<std::unique_ptr<Agent>> agents;
  for (int s = 0; s < n; ++s) {
    agents.push_back(make_agent(specs[static_cast<std::size_t>(s) % specs.size()], game, seed * 16 + s));
    agents.back()->new_game(s);
  }
  Rng chance(seed);
  std::unique_ptr<State> state = game->new_initial_state();
  int decisions = 0;
  while (!state->is_terminal()) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(chance));
      continue;
    }
    const int seat = state->current_player();
    Agent& agent = *agents[static_cast<std::size_t>(seat)];
    const Action action = agent.act(SeatView(*state, seat));
    EXPECT_TRUE(state->is_legal(action)) << game->spec() << " seed " << seed << ": " << agent.spec() << " chose "
                                         << action << " in\n" << state->to_string();
    if (!state->is_legal(action)) return decisions;
    if (check) check(seat, agent, action, *state);
    state->apply_action(action);
    ++decisions;
  }
  return decisions;
}

// Mean return per seat of "heuristic" and "random" over `deals` deals of a
// 4-seat `spec`, two seats each, alternating, every deal in both seatings
// (so seat order favours neither), through the match runner; deal d draws
// chance from Rng(chance_seed + d). Returns {heuristic, random}.
inline std::pair<double, double> against_random(const std::string& spec, int deals, std::uint64_t chance_seed) {
  const auto game = load_game(spec);
  EXPECT_EQ(game->num_players(), 4) << spec;
  double heuristic = 0.0, random = 0.0;
  for (int deal = 0; deal < deals; ++deal) {
    for (int seating = 0; seating < 2; ++seating) {
      std::vector<std::unique_ptr<Agent>> agents;
      std::vector<Agent*> seats;
      for (int s = 0; s < 4; ++s) {
        const bool is_heuristic = (s + seating) % 2 == 0;
        agents.push_back(make_agent(is_heuristic ? "heuristic" : "random", game, 31 * deal + s));
        seats.push_back(agents.back().get());
      }
      Rng chance(chance_seed + static_cast<std::uint64_t>(deal));
      const std::unique_ptr<State> end = play_game(*game, seats, chance);
      const std::vector<double> returns = end->returns();
      for (int s = 0; s < 4; ++s) ((s + seating) % 2 == 0 ? heuristic : random) += returns[static_cast<std::size_t>(s)];
    }
  }
  const double seat_games = 2.0 * 2.0 * deals;
  return {heuristic / seat_games, random / seat_games};
}

}  // namespace kibitz::heuristic_testing
