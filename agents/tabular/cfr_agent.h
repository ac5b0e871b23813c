// CfrAgent: plays a tabular policy, by default the CFR+ average policy of the
// game, sampling each action with its own seeded Rng.
//
//   cfr(iters=1000,max_nodes=5000000)  solve the game with CFR+ when built
//   cfr(policy=FILE)                   play a saved policy file instead
//
// The agent looks only at SeatView::information_state_string (and the legal
// actions): the policy is a table keyed by that string. Solves are cached per
// (game spec, iters, max_nodes) within the process, so seating the agent
// twice, or in every game of an arena, solves once. Games whose tree exceeds
// max_nodes are refused with an error naming the limit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/registry.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/game.h"
#include "env/core/rng.h"

namespace kibitz {

class CfrAgent : public Agent {
 public:
  // `spec` is what spec() returns; `policy` must cover every information
  // state the agent will be asked about.
  CfrAgent(std::string spec, std::shared_ptr<const TabularPolicy> policy, std::uint64_t seed);

  std::string spec() const override { return spec_; }
  // Samples the policy's distribution at the view's information state. The
  // same seed and sequence of views give the same actions.
  Action act(const SeatView& view) override;
  // The policy is shared and fixed: only the generator restarts.
  bool reseed(std::uint64_t seed) override {
    rng_ = Rng(seed);
    return true;
  }
  // The policy over the legal actions at the last decision.
  const DecisionInfo* last_decision() const override { return &last_; }

  const TabularPolicy& policy() const { return *policy_; }

  // The CFR+ average policy of `game` after `iterations` iterations, solved
  // once per (game spec, iterations, max_nodes) in this process and shared.
  static std::shared_ptr<const TabularPolicy> solved_policy(const Game& game,
                                                            std::int64_t iterations,
                                                            std::size_t max_nodes);

  // Registry entry.
  static AgentInfo info();

 private:
  std::string spec_;
  std::shared_ptr<const TabularPolicy> policy_;
  Rng rng_;
  ActionList legal_;
  std::vector<double> weights_;
  DecisionInfo last_;
};

}  // namespace kibitz
