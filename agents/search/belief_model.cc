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
    : spec_(std::move(spec)), game_(std::move(game)), seed_(seed), uniform_(spec_ == "random") {
  agents_.resize(static_cast<std::size_t>(game_->num_players()));
  for (Player seat = 0; seat < game_->num_players(); ++seat) feeds_.emplace_back(seat);
}

Agent& AgentBeliefModel::agent(Player seat) {
  std::unique_ptr<Agent>& slot = agents_[static_cast<std::size_t>(seat)];
  if (slot == nullptr) {
    // Seeded by the seat alone, so building late acts as building up front.
    slot = make_agent(spec_, game_, Rng(seed_).child("belief_seat", seat).seed());
    slot->new_game(seat);
  }
  return *slot;
}

void AgentBeliefModel::begin_world() {
  if (uniform_) return;
  for (Player seat = 0; seat < static_cast<Player>(agents_.size()); ++seat) {
    if (agents_[static_cast<std::size_t>(seat)] != nullptr) {
      agents_[static_cast<std::size_t>(seat)]->new_game(seat);
    }
  }
  // Same game, same seats: each fold restarts in place.
  for (SeatFeed& feed : feeds_) feed.restart();
}

void AgentBeliefModel::policy(const State& world, std::vector<double>& out) {
  world.legal_actions(legal_);
  out.assign(legal_.size(), 0.0);
  if (uniform_) {
    std::fill(out.begin(), out.end(), 1.0 / static_cast<double>(legal_.size()));
    return;
  }
  const Player seat = world.current_player();
  Agent& model = agent(seat);
  const Action chosen = model.act(SeatView(world, feeds_[static_cast<std::size_t>(seat)]));
  const DecisionInfo* info = model.last_decision();
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
  KIBITZ_CHECK(at != legal_.end(), "belief model '", spec_, "' chose illegal action ", chosen);
  out[static_cast<std::size_t>(at - legal_.begin())] = 1.0;
}

std::unique_ptr<BeliefModel> make_belief_model(const std::string& owner, const std::string& spec,
                                               std::shared_ptr<const Game> game,
                                               std::uint64_t seed) {
  // Build one agent now so a bad spec fails when the search agent is made,
  // not mid-decision.
  try {
    make_agent(spec, game, 0);
  } catch (const KibitzError& e) {
    throw error(owner, ": bad belief_model '", spec, "' (an agent spec): ", e.what());
  }
  return std::make_unique<AgentBeliefModel>(spec, std::move(game), seed);
}

}  // namespace kibitz
