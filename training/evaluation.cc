#include "training/evaluation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "agents/heuristic/heuristic_agent.h"
#include "agents/match/match_runner.h"
#include "agents/match/seat_agents.h"
#include "agents/match/worker_pool.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz::training {

MatchResult play_match(const std::shared_ptr<const Game>& game, const AgentFactory& learner,
                       const std::string& opponent_spec, std::int64_t games, std::uint64_t seed) {
  const int players = game->num_players();
  std::vector<double> values(static_cast<std::size_t>(std::max<std::int64_t>(games, 0)));
  // One worker: the learner's model is shared by its agents, and one thread
  // keeps the evaluation out of the way of training's own threads. Each game
  // is a pure function of its index all the same (agents reseeded per game).
  run_jobs(games, WorkerPoolOptions{}, [&](int) -> Job {
    auto agents = std::make_shared<SeatAgents>(game);
    return [&, agents](std::int64_t g) {
      const auto learner_seat = static_cast<Player>(g % players);
      const std::uint64_t deal_seed =
          derive_seed(seed, "deal", static_cast<std::uint64_t>(g / players));
      const Rng seats(derive_seed(deal_seed, "seats", 0));
      std::vector<Agent*> seated;
      for (Player seat = 0; seat < players; ++seat) {
        const std::uint64_t agent_seed =
            seats.child("seat", static_cast<std::uint64_t>(seat)).seed();
        seated.push_back(seat == learner_seat ? &agents->get("learner", seat, agent_seed, learner)
                                              : &agents->get(opponent_spec, seat, agent_seed));
      }
      Rng chance(deal_seed);
      const std::unique_ptr<State> state = play_game(*game, seated, chance);
      values[static_cast<std::size_t>(g)] =
          state->returns()[static_cast<std::size_t>(learner_seat)];
    };
  });
  MatchResult result;
  result.opponent = opponent_spec;
  double sum = 0.0;
  double sum_squares = 0.0;
  std::int64_t wins = 0;
  for (const double value : values) {
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
