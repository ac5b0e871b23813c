// kibitz_search_bench: simulations per second of the search agents, single
// thread, random rollouts (the issue-4 targets: at least 1,000,000/s on
// leduc_poker and 100,000/s on 4-seat single-round loyalist_spies, which is
// loyalist_spies(rounds=1), with ismcts). Benchmarks are registered at
// start-up for every registered game's test specs and every search variant.
//
// One iteration is one act() call at a game's first decision, cycling over
// a fixed pool of seeded deals. Counters:
//   sims_per_s        simulations per second
//   allocs_per_sim    heap allocations per simulation, counted by the global
//                     operator new of kibitz_counting_allocator
//                     (tests/support/counting_allocator.h) over one untimed
//                     act() after the timed loop (trees keep their capacity,
//                     so a warm search should allocate next to nothing); a
//                     forced decision (no simulation) is passed over for the
//                     pool's next one, and a pool with no decision to search
//                     has no counter but the label "allocs_per_sim n/a"
//   tree_nodes        nodes of that decision's trees
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/search/evaluator.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::bench {
namespace {

constexpr std::uint64_t kSeed = 20261122;
constexpr int kPoolSize = 16;

// A search spec and how many simulations one act() of it runs.
struct Variant {
  const char* name;
  const char* spec;
  double simulations;
};

const Variant kVariants[] = {
    {"ismcts", "ismcts(sims=20000)", 20000},
    {"mo_ismcts", "mo_ismcts(sims=5000)", 5000},
    {"pimc", "pimc(worlds=20,sims=500)", 10000},
};

// Decision points: the first decision of seeded random deals, where the
// tree below is deepest (the slowest point of a game for search).
std::vector<std::unique_ptr<State>> decision_pool(const Game& game) {
  std::vector<std::unique_ptr<State>> pool;
  Rng rng(kSeed);
  ChanceOutcomeList outcomes;
  for (int i = 0; i < kPoolSize; ++i) {
    std::unique_ptr<State> state = game.new_initial_state();
    while (state->is_chance_node()) {
      state->chance_outcomes(outcomes);
      state->apply_action(sample_chance_outcome(outcomes, rng));
    }
    KIBITZ_CHECK(!state->is_terminal(), game.spec(), " ends before any decision");
    pool.push_back(std::move(state));
  }
  return pool;
}

double stat(const DecisionInfo& info, const std::string& name) {
  for (const auto& [key, value] : info.stats) {
    if (key == name) return value;
  }
  throw error("no statistic ", name);
}

void run_search(benchmark::State& bench, const std::string& game_spec, const Variant& variant) {
  auto game = load_game(game_spec);
  const auto pool = decision_pool(*game);
  auto agent = make_agent(variant.spec, game, kSeed);
  std::size_t next = 0;
  auto act = [&] {
    const State& state = *pool[next++ % pool.size()];
    benchmark::DoNotOptimize(agent->act(SeatView(state, state.current_player())));
  };
  act();  // warm up: the trees grow their capacity once
  double simulations = 0;
  for (auto _ : bench) {
    act();
    simulations += stat(*agent->last_decision(), "simulations");
  }
  bench.counters["sims_per_s"] = benchmark::Counter(simulations, benchmark::Counter::kIsRate);
  // Allocations are counted over the next decision that searches: a forced
  // one (a single legal action) runs no simulation, so it has no ratio. A
  // pool of forced decisions reports none, and says so.
  for (std::size_t tries = 0; tries < pool.size(); ++tries) {
    const std::int64_t before = testing_support::allocation_count();
    act();
    const double allocations = static_cast<double>(testing_support::allocation_count() - before);
    const double searched = stat(*agent->last_decision(), "simulations");
    if (searched <= 0) continue;
    bench.counters["allocs_per_sim"] = allocations / searched;
    bench.counters["tree_nodes"] = stat(*agent->last_decision(), "tree_nodes");
    return;
  }
  bench.SetLabel("allocs_per_sim n/a: every decision of the pool is forced");
}

void register_all() {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) specs.push_back(spec);
  }
  for (const std::string& spec : specs) {
    for (const Variant& variant : kVariants) {
      benchmark::RegisterBenchmark(
          (std::string(variant.name) + "/" + spec).c_str(),
          [spec, variant](benchmark::State& s) { run_search(s, spec, variant); })
          ->Unit(benchmark::kMillisecond)
          ->MinTime(0.5);
    }
  }
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  kibitz::bench::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
