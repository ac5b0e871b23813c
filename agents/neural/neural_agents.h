// The network agents of the registry:
//
//   nn(model=PATH,greedy=false,device=cpu)
//       acts from the policy head alone: samples from the masked policy with
//       its seeded Rng, or plays the most likely action when greedy.
//   ismcts_nn(model=PATH,sims=200,c=1.0,device=cpu,max_nodes=1000000,time_ms=0,threads=1)
//       SO-ISMCTS with PUCT: the policy head is the prior and the value head
//       values the leaves (no rollouts), through NetworkEvaluator.
//
// kibitz_agents must not depend on LibTorch, so these agents are not in
// agents/all_agents.cc: a program that links kibitz_neural calls
// register_neural_agents() once at start-up (tools/main.cc does) and
// make_agent then finds them like any other.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/neural/batching_evaluator.h"
#include "agents/neural/policy_value.h"
#include "agents/registry.h"
#include "agents/search/search_agent.h"
#include "env/core/game.h"
#include "env/core/rng.h"

namespace kibitz::neural {

// Acts from a network's policy for the seat to act.
class NeuralAgent : public Agent {
 public:
  // `spec` is what spec() returns; `network` must fit `game` (its shape's
  // input size, actions and seats).
  NeuralAgent(std::string spec, std::shared_ptr<PolicyValueFunction> network,
              std::shared_ptr<const Game> game, bool greedy, std::uint64_t seed);

  std::string spec() const override { return spec_; }
  // One forward pass; the k-th decision samples with Rng(seed).child("decision", k),
  // so a fresh agent with the same seed repeats its choices. Greedy ties go
  // to the lower action.
  Action act(const SeatView& view) override;
  bool reseed(std::uint64_t seed) override {
    rng_ = Rng(seed);
    decisions_ = 0;
    return true;
  }
  // The masked policy over the legal actions and the value head's estimate
  // of this seat's return.
  const DecisionInfo* last_decision() const override { return &last_; }

  static AgentInfo info();

 private:
  std::string spec_;
  std::shared_ptr<PolicyValueFunction> network_;
  std::shared_ptr<const Game> game_;
  bool greedy_;
  Rng rng_;
  std::uint64_t decisions_ = 0;
  std::vector<float> input_, mask_, policy_, values_;
  ActionList legal_;
  std::vector<double> weights_;  // choose_from_policy's scratch
  DecisionInfo last_;
};

// Builds the ismcts_nn search agent around `network`: one BatchingEvaluator
// shared by `budget.threads` search threads (unthreaded when there is one
// search thread, so that case is deterministic by seed). `leaf_value` says
// how its evaluators value a leaf, and `limit` where a policy rollout stops.
std::unique_ptr<SearchAgent> make_ismcts_nn_agent(
    std::string spec, const SearchSettings& settings, const SearchAgent::Budget& budget,
    std::shared_ptr<const Game> game, std::shared_ptr<PolicyValueFunction> network,
    std::uint64_t seed,
    NetworkEvaluator::LeafValue leaf_value = NetworkEvaluator::LeafValue::kValueHead,
    RolloutLimit limit = {});
AgentInfo ismcts_nn_info();

// Loads a checkpoint for the agents' model= and device= parameters: a CpuMlp
// for device "cpu" (much faster at the agents' small batches), a TorchModel
// on any other device, read once per process and shared with every other
// agent of the same file (model_cache.h). Errors name `owner` (e.g. "agent
// nn") and the path.
std::shared_ptr<PolicyValueFunction> load_model(const std::string& owner, const std::string& path,
                                                const Game& game, const std::string& device);

// The registry entries of this folder, and the one-time hook that adds them
// to registered_agents() (safe to call more than once).
std::vector<AgentInfo> neural_agents();
void register_neural_agents();

}  // namespace kibitz::neural
