#include "training/evaluation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "agents/heuristic/heuristic_agent.h"
#include "agents/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"

namespace kibitz::training {
namespace {

// Plays one game to the end; returns seat `learner_seat`'s return.
double play_one(const std::shared_ptr<const Game>& game,
                std::vector<std::unique_ptr<Agent>>& agents, std::uint64_t deal_seed,
                Player learner_seat) {
  Rng chance(deal_seed);
  auto state = game->new_initial_state();
  for (Player seat = 0; seat < game->num_players(); ++seat) {
    agents[static_cast<std::size_t>(seat)]->new_game(seat);
  }
  ChanceOutcomeList outcomes;
  std::vector<double> probabilities;
  while (!state->is_terminal()) {
    if (state->is_chance_node()) {
      state->chance_outcomes(outcomes);
      probabilities.clear();
      for (const ChanceOutcome& outcome : outcomes) probabilities.push_back(outcome.probability);
      state->apply_action(outcomes[chance.sample_index(probabilities)].action);
      continue;
    }
    const Player seat = state->current_player();
    const SeatView view(*state, seat);
    state->apply_action(agents[static_cast<std::size_t>(seat)]->act(view));
  }
  return state->returns()[static_cast<std::size_t>(learner_seat)];
}

}  // namespace

MatchResult play_match(const std::shared_ptr<const Game>& game, const AgentFactory& learner,
                       const std::string& opponent_spec, std::int64_t games, std::uint64_t seed) {
  const int players = game->num_players();
  MatchResult result;
  result.opponent = opponent_spec;
  double sum = 0.0;
  double sum_squares = 0.0;
  std::int64_t wins = 0;
  for (std::int64_t g = 0; g < games; ++g) {
    const auto learner_seat = static_cast<Player>(g % players);
    const std::uint64_t deal_seed = derive_seed(seed, "deal", static_cast<std::uint64_t>(g / players));
    const Rng seats(derive_seed(deal_seed, "seats", 0));
    std::vector<std::unique_ptr<Agent>> agents;
    for (Player seat = 0; seat < players; ++seat) {
      const std::uint64_t agent_seed = seats.child("seat", static_cast<std::uint64_t>(seat)).seed();
      agents.push_back(seat == learner_seat ? learner(agent_seed)
                                            : make_agent(opponent_spec, game, agent_seed));
    }
    const double value = play_one(game, agents, deal_seed, learner_seat);
    sum += value;
    sum_squares += value * value;
    if (value > 0.0) ++wins;
  }
  const auto n = static_cast<double>(games);
  result.games = games;
  result.mean_return = sum / n;
  const double variance = games > 1 ? std::max(0.0, (sum_squares - sum * sum / n) / (n - 1)) : 0.0;
  result.ci95 = 1.96 * std::sqrt(variance / n);
  result.win_rate = static_cast<double>(wins) / n;
  return result;
}

bool has_heuristic(const Game& game) {
  const std::vector<std::string> games = HeuristicAgent::supported_games();
  return std::find(games.begin(), games.end(), game.name()) != games.end();
}

}  // namespace kibitz::training
