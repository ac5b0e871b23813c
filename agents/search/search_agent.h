// SearchAgent: the search agents of the registry, one class for three specs:
//
//   ismcts(sims=1000,c=0.7,rollout=random,max_nodes=1000000,time_ms=0,threads=1)
//   mo_ismcts(same parameters)
//   pimc(worlds=20,sims=200,c=0.7,rollout=random,max_nodes=1000000,time_ms=0,threads=1)
//
// The algorithms are in search_engine.h; this class splits the budget over
// root-parallel threads (each its own engine, tree and Rng stream; visits are
// summed), picks the most visited root action and reports the root policy and
// statistics through last_decision(). docs/search.md has the details.
//
// Threads call SeatView::sample_world concurrently: State::
// resample_from_infostate is const and games keep it free of shared mutable
// state. With threads=1 no thread is created.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/registry.h"
#include "agents/search/evaluator.h"
#include "agents/search/search_engine.h"
#include "env/core/rng.h"

namespace kibitz {

class SearchAgent : public Agent {
 public:
  // The budget and parallelism of each decision.
  struct Budget {
    std::int64_t simulations = 1000;  // ISMCTS: in total; PIMC: per world
    std::int64_t worlds = 1;          // PIMC only
    std::int64_t time_ms = 0;         // > 0: search this long instead
    int threads = 1;
  };

  // `spec` is what spec() returns. `factory` makes one evaluator per thread.
  SearchAgent(std::string spec, const SearchSettings& settings, const Budget& budget,
              std::shared_ptr<const Game> game, const EvaluatorFactory& factory,
              std::uint64_t seed);

  std::string spec() const override { return spec_; }
  // Searches from the view's information set. A fresh agent with the same
  // seed, shown the same sequence of views, makes the same decisions when the
  // budget is by simulations.
  Action act(const SeatView& view) override;
  const DecisionInfo* last_decision() const override { return &last_; }
  // Restarts the generator and the decision count and builds the engines
  // and their evaluators again from the new seed.
  bool reseed(std::uint64_t seed) override;
  // simulations replaces sims (PIMC: per world, as its sims parameter) and
  // searches by count; time_ms searches that long instead. stop is taken as
  // given by every call (a budget of zeros clears it): every thread's engine
  // reads it after each simulation and the decision answers with the visits
  // so far, after at least one simulation.
  void set_budget(const ActBudget& budget) override;

  // The engine of thread `index`, for tests.
  const SearchEngine& engine(int index) const { return *engines_[static_cast<std::size_t>(index)]; }

  // Registry entries.
  static AgentInfo ismcts_info();
  static AgentInfo mo_ismcts_info();
  static AgentInfo pimc_info();

 private:
  // One engine per thread, each with an evaluator seeded from rng_.
  void build_engines();
  void run_engines(const SeatView& view, const Rng& decision_rng);
  void record_decision(Action chosen);

  std::string spec_;
  SearchSettings settings_;
  Budget budget_;
  Budget spec_budget_;                       // what the spec gave; set_budget starts from it
  const std::atomic<bool>* stop_ = nullptr;  // from set_budget; not owned
  std::shared_ptr<const Game> game_;
  EvaluatorFactory factory_;
  Rng rng_;
  std::uint64_t decisions_ = 0;
  std::vector<std::unique_ptr<SearchEngine>> engines_;
  std::vector<RootSummary> partial_;  // per engine
  RootSummary summary_;
  ActionList legal_;
  DecisionInfo last_;
};

}  // namespace kibitz
