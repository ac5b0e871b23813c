#include "agents/search/belief_model.h"

#include <algorithm>
#include <utility>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/seat_view.h"

namespace kibitz {

EvaluatorBeliefModel::EvaluatorBeliefModel(Evaluator& evaluator) : evaluator_(evaluator) {
  KIBITZ_CHECK(evaluator_.has_prior(), "belief weighting needs an evaluator with a policy");
}

void EvaluatorBeliefModel::policy(const State& world, std::vector<double>& out) {
  evaluator_.policy(world, out);
}

AgentBeliefModel::AgentBeliefModel(std::string spec, std::shared_ptr<const Game> game,
                                   std::uint64_t seed)
    : uniform_(spec == "random"), players_(std::move(spec), std::move(game), seed, "belief_seat") {}

void AgentBeliefModel::begin_world() {
  if (!uniform_) players_.restart();
}

void AgentBeliefModel::policy(const State& world, std::vector<double>& out) {
  world.legal_actions(legal_);
  out.assign(legal_.size(), 0.0);
  if (uniform_) {
    std::fill(out.begin(), out.end(), 1.0 / static_cast<double>(legal_.size()));
    return;
  }
  const Action chosen = players_.act(world);
  const DecisionInfo* info = players_.last_acted().last_decision();
  double total = 0.0;
  if (info != nullptr) {
    for (const auto& [action, p] : info->policy) {
      const auto at = std::find(legal_.begin(), legal_.end(), action);
      if (at != legal_.end() && p > 0.0) {
        out[static_cast<std::size_t>(at - legal_.begin())] += p;
        total += p;
      }
    }
  }
  if (total > 0.0) {
    for (double& p : out) p /= total;
    return;
  }
  // No distribution reported: the agent's choice stands for it (see the
  // header on why this stays unbiased for a randomising agent).
  const auto at = std::find(legal_.begin(), legal_.end(), chosen);
  KIBITZ_CHECK(at != legal_.end(), "belief model '", players_.spec(), "' chose illegal action ",
               chosen);
  out[static_cast<std::size_t>(at - legal_.begin())] = 1.0;
}

std::unique_ptr<BeliefModel> make_belief_model(const std::string& owner, const std::string& spec,
                                               std::shared_ptr<const Game> game,
                                               std::uint64_t seed,
                                               const std::string& parameter) {
  // Build one agent now so a bad spec fails when the search agent is made,
  // not mid-decision.
  try {
    make_agent(spec, game, 0);
  } catch (const KibitzError& e) {
    throw error(owner, ": bad ", parameter, " '", spec, "' (an agent spec): ", e.what());
  }
  return std::make_unique<AgentBeliefModel>(spec, std::move(game), seed);
}

}  // namespace kibitz
