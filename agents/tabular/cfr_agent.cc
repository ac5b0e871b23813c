#include "agents/tabular/cfr_agent.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

#include "agents/tabular/cfr.h"
#include "env/core/error.h"

namespace kibitz {

CfrAgent::CfrAgent(std::string spec, std::shared_ptr<const TabularPolicy> policy,
                   std::uint64_t seed)
    : spec_(std::move(spec)), policy_(std::move(policy)), rng_(seed) {
  KIBITZ_CHECK(policy_ != nullptr, "CfrAgent needs a policy");
}

Action CfrAgent::act(const SeatView& view) {
  const std::string infostate = view.information_state_string();
  view.legal_actions(legal_);
  const ActionProbabilities entry = policy_->probabilities(infostate, legal_);
  weights_.assign(legal_.size(), 0.0);
  for (const ActionProbability& e : entry) {
    // probabilities() has checked that every listed action is legal.
    const auto it = std::lower_bound(legal_.begin(), legal_.end(), e.action);
    weights_[static_cast<std::size_t>(it - legal_.begin())] = e.probability;
  }
  const std::size_t chosen = rng_.sample_index(weights_);
  last_ = DecisionInfo();
  for (std::size_t i = 0; i < legal_.size(); ++i) last_.policy.emplace_back(legal_[i], weights_[i]);
  return legal_[chosen];
}

std::shared_ptr<const TabularPolicy> CfrAgent::solved_policy(const Game& game,
                                                             std::int64_t iterations,
                                                             std::size_t max_nodes) {
  // Agents may be built from several threads (an arena); the lock also keeps
  // two of them from solving the same game twice.
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const TabularPolicy>> cache;
  const std::string key = game.spec() + " iters=" + std::to_string(iterations) +
                          " max_nodes=" + std::to_string(max_nodes);
  const std::lock_guard<std::mutex> lock(mutex);
  auto found = cache.find(key);
  if (found != cache.end()) return found->second;
  CfrOptions options;
  options.max_nodes = max_nodes;
  CfrPlusSolver solver(game, options);
  solver.run(iterations);
  auto policy = std::make_shared<const TabularPolicy>(solver.average_policy());
  cache.emplace(key, policy);
  return policy;
}

namespace {

std::unique_ptr<Agent> make_cfr_agent(const Params& params, std::shared_ptr<const Game> game,
                                      std::uint64_t seed) {
  const std::string& path = params.get_string("policy");
  const std::int64_t iterations = params.get_int("iters");
  const auto max_nodes = static_cast<std::size_t>(params.get_int("max_nodes"));
  const std::string nodes_arg = ",max_nodes=" + std::to_string(max_nodes);
  if (path.empty()) {
    return std::make_unique<CfrAgent>("cfr(iters=" + std::to_string(iterations) + nodes_arg + ")",
                                      CfrAgent::solved_policy(*game, iterations, max_nodes), seed);
  }
  if (params.is_explicit("iters")) {
    throw error("agent cfr: give iters (solve the game) or policy (play a policy file), not both");
  }
  // A policy file must cover the whole game: a missing entry would otherwise
  // surface only in the middle of some later game.
  std::shared_ptr<const TabularPolicy> policy;
  try {
    policy = std::make_shared<const TabularPolicy>(
        load_policy(path, *game, /*allow_missing=*/false, max_nodes));
  } catch (const KibitzError& e) {
    throw error("agent cfr: ", e.what());
  }
  return std::make_unique<CfrAgent>("cfr(policy=" + path + nodes_arg + ")", std::move(policy),
                                    seed);
}

}  // namespace

AgentInfo CfrAgent::info() {
  return {"cfr",
          "plays the CFR+ average policy of a small game (Kuhn, Leduc), solved when built, or a "
          "saved policy file",
          {
              ParamSpec::integer("iters", 1000, 1, 100'000'000,
                                 "CFR+ iterations to solve the game with (docs/cfr.md)")
                  .as_cost(CostKind::kIterations),
              ParamSpec::text("policy", "",
                              "a policy file (docs/policy_files.md) to play instead of solving")
                  .as_file(FileKind::kModel),
              ParamSpec::integer("max_nodes", static_cast<std::int64_t>(kDefaultMaxTreeNodes), 1,
                                 1'000'000'000, "refuse games whose tree has more nodes than this")
                  .as_cost(CostKind::kNodes),
          },
          make_cfr_agent};
}

}  // namespace kibitz
