#include "agents/search/evaluator.h"

#include <utility>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/seat_view.h"

namespace kibitz {

Action sample_chance_outcome(const ChanceOutcomeList& outcomes, Rng& rng) {
  // The core's reference draw: the outcome State::sample_chance_outcome gives.
  return draw_chance_outcome(outcomes, rng);
}

void Evaluator::policy(const State& /*world*/, std::vector<double>& /*out*/) {
  throw error("this evaluator has no policy to model the other seats with");
}

void Evaluator::seat_values(State& /*world*/, Player /*seat*/, Rng& /*rng*/,
                            std::span<double> /*values*/) {
  throw error("this evaluator cannot value a world from a given seat's view");
}

void RandomRolloutEvaluator::evaluate(State& world, Rng& rng, std::span<double> values,
                                      std::vector<double>* prior) {
  KIBITZ_CHECK(prior == nullptr, "random rollouts give no prior");
  // Nobody reads the world's streams from here on (the search reads nothing
  // from it afterwards, and the next simulation's world is rebuilt by a
  // sampler or cloned, which logs again): writing its log would be most of
  // a random move's cost.
  world.stop_logging();
  play_rollout<RolloutMoves::kDrawnFromLegal>(world, rng, cut_, [&](const State& w) {
    w.legal_actions(actions_);
    return actions_[static_cast<std::size_t>(rng.uniform_int(actions_.size()))];
  });
  world.returns(values);
}

AgentRolloutEvaluator::AgentRolloutEvaluator(std::string agent_spec,
                                             std::shared_ptr<const Game> game, std::uint64_t seed,
                                             RolloutLimit limit)
    : players_(std::move(agent_spec), std::move(game), seed, "rollout_seat"), cut_(limit) {}

void AgentRolloutEvaluator::evaluate(State& world, Rng& rng, std::span<double> values,
                                     std::vector<double>* prior) {
  KIBITZ_CHECK(prior == nullptr, "agent rollouts give no prior");
  // Agents with per-game memory start afresh: the rollout begins mid-game.
  players_.restart();
  play_rollout<RolloutMoves::kFromAgent>(world, rng, cut_, [&](const State& w) { return players_.act(w); });
  world.returns(values);
}

EvaluatorFactory make_rollout_factory(const std::string& owner, const std::string& rollout,
                                      std::shared_ptr<const Game> game, RolloutLimit limit) {
  if (rollout == "random") {
    return [limit](std::uint64_t) { return std::make_unique<RandomRolloutEvaluator>(limit); };
  }
  // Build one agent now so a bad spec fails when the agent is made, not
  // mid-game. One, not one per seat: the rollout agents of the evaluators
  // are built lazily, so each level of a nested spec builds one agent here.
  try {
    make_agent(rollout, game, 0);
  } catch (const KibitzError& e) {
    throw error(owner, ": bad rollout '", rollout, "' (random or an agent spec): ", e.what());
  }
  return [rollout, game, limit](std::uint64_t seed) {
    return std::make_unique<AgentRolloutEvaluator>(rollout, game, seed, limit);
  };
}

}  // namespace kibitz
