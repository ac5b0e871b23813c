#include "agents/neural/neural_agents.h"

#include <chrono>
#include <mutex>
#include <utility>

#include "agents/neural/batching_evaluator.h"
#include "agents/neural/model_cache.h"
#include "agents/neural/policy_choice.h"
#include "agents/search/belief_params.h"
#include "agents/search/rollout_limit.h"
#include "env/core/error.h"

namespace kibitz::neural {

NeuralAgent::NeuralAgent(std::string spec, std::shared_ptr<PolicyValueFunction> network,
                         std::shared_ptr<const Game> game, bool greedy, std::uint64_t seed)
    : spec_(std::move(spec)),
      network_(std::move(network)),
      game_(std::move(game)),
      greedy_(greedy),
      rng_(seed) {
  KIBITZ_CHECK(network_ != nullptr && game_ != nullptr, "NeuralAgent needs a network and a game");
  const NetworkShape& s = network_->shape();
  KIBITZ_CHECK(network_fits(s, *game_), "network ", s.to_string(), " does not fit ", game_->spec());
  input_.resize(static_cast<std::size_t>(s.input_size));
  mask_.resize(static_cast<std::size_t>(s.num_actions));
  policy_.resize(static_cast<std::size_t>(s.num_actions));
  values_.resize(static_cast<std::size_t>(s.num_players));
}

Action NeuralAgent::act(const SeatView& view) {
  view.legal_actions(legal_);
  KIBITZ_CHECK(!legal_.empty(), "act() with no legal action");
  view.information_state_tensor(input_);
  view.legal_action_mask(mask_);
  network_->evaluate(1, input_, mask_, policy_, values_);
  Rng rng = rng_.child("decision", decisions_++);
  // values_[0]: relative order, entry 0 is this seat.
  return choose_from_policy(legal_, policy_, values_[0], greedy_, rng, weights_, last_);
}

namespace {

// The model= and device= parameters both agents declare.
std::vector<ParamSpec> model_params() {
  return {
      ParamSpec::text("model", "",
                      "checkpoint file of a policy-value network, or a training run's "
                      "DIR/latest (its newest checkpoint) (required)")
          .as_file(FileKind::kModel),
      ParamSpec::text("device", "cpu", "where the network runs: cpu or cuda (cuda:N)"),
  };
}

std::shared_ptr<PolicyValueFunction> model_from(const std::string& owner, const Params& params,
                                                const Game& game) {
  return load_model(owner, params.get_string("model"), game, params.get_string("device"));
}

}  // namespace

std::shared_ptr<PolicyValueFunction> load_model(const std::string& owner, const std::string& path,
                                                const Game& game, const std::string& device) {
  if (path.empty()) throw error(owner, ": model= is required (the path of a checkpoint)");
  try {
    // Agents evaluate one row at a time (or one per search thread), where
    // LibTorch's per-operator overhead outweighs the arithmetic: on the CPU
    // the plain C++ copy of the network is about 20 times faster (cpu_mlp.h).
    // The checkpoint is read once per process and shared (model_cache.h).
    return cached_model(path, game, device);
  } catch (const KibitzError& e) {
    throw error(owner, ": ", e.what());
  }
}

AgentInfo NeuralAgent::info() {
  std::vector<ParamSpec> params = model_params();
  params.push_back(ParamSpec::boolean(
      "greedy", false, "play the most likely action instead of sampling from the policy"));
  return {"nn", "a policy-value network acting from its policy head alone (no search)",
          std::move(params),
          [](const Params& p, std::shared_ptr<const Game> game, std::uint64_t seed) {
            auto network = model_from("agent nn", p, *game);
            return std::make_unique<NeuralAgent>(p.to_spec("nn"), std::move(network),
                                                 std::move(game), p.get_bool("greedy"), seed);
          }};
}

std::unique_ptr<SearchAgent> make_ismcts_nn_agent(std::string spec, const SearchSettings& settings,
                                                  const SearchAgent::Budget& budget,
                                                  std::shared_ptr<const Game> game,
                                                  std::shared_ptr<PolicyValueFunction> network,
                                                  std::uint64_t seed,
                                                  NetworkEvaluator::LeafValue leaf_value,
                                                  RolloutLimit limit) {
  BatchingOptions options;
  // Root-parallel threads each wait for one row at a time, so a batch never
  // holds more rows than there are threads.
  options.threaded = budget.threads > 1;
  options.max_batch = budget.threads;
  // A thread that has finished its share of a decision still counts as a
  // client, so the others' last rows wait out max_wait: keep it below the
  // cost of one forward pass.
  options.max_wait = std::chrono::microseconds(200);
  auto batcher = std::make_shared<BatchingEvaluator>(std::move(network), options);
  return std::make_unique<SearchAgent>(
      std::move(spec), settings, budget, game,
      network_evaluator_factory(std::move(batcher), game, leaf_value, limit), seed);
}

AgentInfo ismcts_nn_info() {
  std::vector<ParamSpec> params = model_params();
  params.push_back(ParamSpec::integer("sims", 200, 1, 1'000'000'000, "simulations per decision")
                       .as_cost(CostKind::kSimulations));
  params.push_back(ParamSpec::real(
      "c", 1.0, 0.0, 100.0,
      "PUCT exploration constant (returns are scaled to [0, 1] by the game's bounds)"));
  params.push_back(ParamSpec::choice(
      "opponents", "tree", {"tree", "policy"},
      "the other seats' moves: tree selects them by PUCT in the shared tree; policy draws them "
      "from the network's policy on each seat's own information state in the sampled world"));
  params.push_back(ParamSpec::choice(
      "leaf_value", "actor", {"actor", "searcher", "rollout"},
      "how a leaf is valued: actor, by the value head of the seat to act there, from its own "
      "information state; searcher, by the searching seat's, at its next decision (the "
      "others' moves up to it drawn from the policy; needs opponents=policy); rollout, by "
      "playing the world to its end with every seat drawing from the policy head (exact "
      "returns, no value head, slower; rollout_moves and rollout_stop can stop it sooner)"));
  for (ParamSpec& p : rollout_limit_params(
           "the value head of the seat to act there (needs leaf_value=rollout)")) {
    params.push_back(std::move(p));
  }
  for (ParamSpec& p : belief_params(/*has_policy=*/true)) params.push_back(std::move(p));
  params.push_back(ParamSpec::integer("max_nodes", 1'000'000, 2, 100'000'000,
                                      "node bound per tree (threads: per thread)")
                       .as_cost(CostKind::kNodes));
  params.push_back(
      ParamSpec::integer("time_ms", 0, 0, 3'600'000,
                         "search time per decision in milliseconds; 0 counts simulations instead")
          .as_cost(CostKind::kMilliseconds));
  params.push_back(ParamSpec::integer(
      "threads", 1, 1, 256,
      "root-parallel search threads sharing one batched network; 1 is deterministic by seed")
                       .as_cost(CostKind::kThreads));
  return {"ismcts_nn",
          "SO-ISMCTS with PUCT on a policy-value network: the policy is the prior, the value "
          "head values the leaves (no rollouts)",
          std::move(params),
          [](const Params& p, std::shared_ptr<const Game> game, std::uint64_t seed) {
            SearchSettings settings;
            settings.variant = SearchVariant::kSingleObserver;
            settings.c = p.get_double("c");
            settings.max_nodes = p.get_int("max_nodes");
            settings.model_opponents = p.get_string("opponents") == "policy";
            settings.searcher_values = p.get_string("leaf_value") == "searcher";
            read_belief_params(p, /*has_policy=*/true, settings);
            if (settings.searcher_values && !settings.model_opponents) {
              throw error(
                  "agent ismcts_nn: leaf_value=searcher needs opponents=policy (in the "
                  "shared tree the other seats choose by their own values)");
            }
            SearchAgent::Budget budget;
            budget.simulations = p.get_int("sims");
            budget.time_ms = p.get_int("time_ms");
            budget.threads = static_cast<int>(p.get_int("threads"));
            const bool rollouts = p.get_string("leaf_value") == "rollout";
            const RolloutLimit limit = read_rollout_limit(p);
            if (!rollouts && !limit.unlimited()) {
              throw error(
                  "agent ismcts_nn: rollout_moves and rollout_stop need leaf_value=rollout "
                  "(the other leaf values play no rollout)");
            }
            auto network = model_from("agent ismcts_nn", p, *game);
            const auto leaf_value = rollouts ? NetworkEvaluator::LeafValue::kPolicyRollout
                                             : NetworkEvaluator::LeafValue::kValueHead;
            return make_ismcts_nn_agent(p.to_spec("ismcts_nn"), settings, budget, std::move(game),
                                        std::move(network), seed, leaf_value, limit);
          }};
}

std::vector<AgentInfo> neural_agents() { return {ismcts_nn_info(), NeuralAgent::info()}; }

void register_neural_agents() {
  static std::once_flag once;
  std::call_once(once, [] { add_agents(neural_agents()); });
}

}  // namespace kibitz::neural
