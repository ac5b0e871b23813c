// kibitz_env_bench: the speed of every hot-path call of the core API, for every
// registered game. Benchmarks are registered from kibitz::registered_games()
// at start-up, so a new game is measured as soon as it is listed in
// env/games/all_games.cc.
//
// Per game spec (every GameInfo::test_specs entry; --kibitz_specs=default
// keeps only the first):
//   playout             random full games, chance included: games/s and steps/s;
//                       the state does not write its observation log
//                       (State::stop_logging), as a search's random rollout
//   playout_logged      the same games with the log written, as a match or a
//                       gym episode plays them: the log's cost is the gap
//   apply_action        one action of a pre-recorded random game (chance and
//                       seats); a finished game is reset with clone_into
//   legal_actions       legal_actions(out) at a decision node, reused buffer
//   clone_into          copy into an existing state (allocation-free clone)
//   clone               clone(): allocates the new state, freed each iteration
//   resample            resample_from_infostate(p, rng, out) at a decision node
//                       (reads the seat's stream and draws from it); Loyalist
//                       Spies adds complete_share, the share of rounds whose
//                       draw met only dead ends and went to the complete
//                       search, and complete_draws, the draws that search ran
//                       per such round (world_sample reports them too)
//   world_sample        WorldSampler::sample(rng, out) with the sampler built
//                       once per position from the seat's stream: what search
//                       pays per world; also reports median_cpu_ns and
//                       p99_cpu_ns, the CPU time of single calls over the
//                       pool (an untimed pass; per-thread CPU time, so other
//                       processes' turns on the core do not count)
//   seat_stream         seat_stream(p, out) into a reused buffer
//   infostate_string    information_state_string(p, out) into a reused buffer
//   infostate_tensor    information_state_tensor(p, span) into a reused buffer
//   observation_tensor  observation_tensor(p, span) into a reused buffer (what
//                       the gym layer encodes every step)
//
// Every benchmark reports allocs_per_op: heap allocations per call, counted by
// the global operator new of kibitz_counting_allocator
// (tests/support/counting_allocator.h) during an untimed pass over the same
// calls (so the timed loop pays nothing for counting). The hot-path contract
// (DESIGN "Hot path") wants 0 for apply_action, legal_actions, clone_into and
// resample.
//
// The state pools are generated outside the timed region, once per game spec
// and only if one of its benchmarks runs, from fixed seeds: every run times
// the same states.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/random_playout.h"
#include "bench/thread_cpu_clock.h"
#include "env/core/game.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"
#include "env/games/loyalist_spies/resample.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::bench {
namespace {

constexpr std::uint64_t kSeed = 20261121;
// Enough distinct states to defeat branch-history memorisation of one
// position, few enough to stay in L2 for small states.
constexpr int kPoolSize = 1024;
// Random games recorded for the apply_action replay.
constexpr int kRecordedGames = 1024;
// Calls in the untimed allocation-counting pass (also the warm-up).
constexpr int kAllocProbeCalls = 4096;

// Everything one game spec's benchmarks read, built before any timing.
struct GamePools {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> initial;
  // Non-terminal states, chance nodes included, from uniformly random points
  // of random games.
  std::vector<std::unique_ptr<State>> mid_game;
  // States where a seat acts, and that seat.
  std::vector<std::unique_ptr<State>> decisions;
  std::vector<Player> decision_players;
  // Random games back to back, each followed by kInvalidAction.
  std::vector<Action> recorded_moves;
};

GamePools build_pools(const std::string& spec) {
  GamePools pools;
  pools.game = load_game(spec);
  pools.initial = pools.game->new_initial_state();
  Rng rng = Rng(kSeed).child("pools");
  PlayoutBuffers buffers(*pools.game);
  std::unique_ptr<State> state = pools.game->new_initial_state();
  std::vector<Action> history;
  std::vector<int> decision_points;
  const int games = std::max(kPoolSize, kRecordedGames);
  for (int g = 0; g < games; ++g) {
    pools.initial->clone_into(*state);
    history.clear();
    decision_points.clear();
    while (!state->is_terminal()) {
      if (!state->is_chance_node()) decision_points.push_back(static_cast<int>(history.size()));
      const Action action = random_move(*state, rng, buffers);
      state->apply_action(action);
      history.push_back(action);
    }
    if (g < kRecordedGames && !history.empty()) {
      pools.recorded_moves.insert(pools.recorded_moves.end(), history.begin(), history.end());
      pools.recorded_moves.push_back(kInvalidAction);
    }
    if (g >= kPoolSize) continue;
    if (!history.empty()) {
      const auto cut = rng.uniform_int(history.size());
      pools.mid_game.push_back(
          pools.game->state_from_history(std::span<const Action>(history.data(), cut)));
    }
    if (!decision_points.empty()) {
      const auto cut = decision_points[rng.uniform_int(decision_points.size())];
      pools.decisions.push_back(pools.game->state_from_history(
          std::span<const Action>(history.data(), static_cast<std::size_t>(cut))));
      pools.decision_players.push_back(pools.decisions.back()->current_player());
    }
  }
  return pools;
}

// Built on first use so that --benchmark_filter on one game skips the others.
class LazyPools {
 public:
  explicit LazyPools(std::string spec) : spec_(std::move(spec)) {}
  GamePools& get() {
    if (!pools_) pools_ = std::make_unique<GamePools>(build_pools(spec_));
    return *pools_;
  }

 private:
  std::string spec_;
  std::unique_ptr<GamePools> pools_;
};

// Heap allocations per call of `op`, over an untimed pass.
template <typename Op>
double allocs_per_call(Op& op, int calls) {
  const std::int64_t before = testing_support::allocation_count();
  for (int i = 0; i < calls; ++i) op();
  const std::int64_t after = testing_support::allocation_count();
  return static_cast<double>(after - before) / calls;
}

// Counts allocations, then times one call of `op` per iteration.
template <typename Op>
void time_calls(benchmark::State& bench, Op op) {
  const double allocs = allocs_per_call(op, kAllocProbeCalls);
  for (auto _ : bench) op();
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["allocs_per_op"] = allocs;
}

// Skips a benchmark that has nothing to time (a game with no decision node).
bool skip_if_empty(benchmark::State& bench, std::size_t pool_size) {
  if (pool_size > 0) return false;
  bench.SkipWithError("no states of this kind in the random games");
  return true;
}

// Random whole games from the initial state, with or without the
// observation log written (`logged`); the same games either way.
void time_playouts(benchmark::State& bench, LazyPools& lazy, bool logged) {
  GamePools& pools = lazy.get();
  // The start of every game: clone_into carries whether the state logs.
  std::unique_ptr<State> initial = pools.initial->clone();
  if (!logged) initial->stop_logging();
  std::unique_ptr<State> state = pools.game->new_initial_state();
  std::vector<double> returns(static_cast<std::size_t>(pools.game->num_players()));
  PlayoutBuffers buffers(*pools.game);
  Rng rng = Rng(kSeed).child("playout");
  std::int64_t steps = 0;
  auto play_one = [&] {
    initial->clone_into(*state);
    steps += play_to_end(*state, rng, buffers);
    state->returns(returns);
    benchmark::DoNotOptimize(returns.data());
    benchmark::ClobberMemory();
  };
  const double allocs = allocs_per_call(play_one, kAllocProbeCalls);
  steps = 0;
  for (auto _ : bench) play_one();
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["steps"] =
      benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
  bench.counters["steps_per_game"] =
      benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
  bench.counters["allocs_per_op"] = allocs;
}

void bm_playout(benchmark::State& bench, LazyPools& lazy) { time_playouts(bench, lazy, false); }
void bm_playout_logged(benchmark::State& bench, LazyPools& lazy) { time_playouts(bench, lazy, true); }

void bm_apply_action(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.recorded_moves.size())) return;
  std::unique_ptr<State> state = pools.game->new_initial_state();
  const std::vector<Action>& moves = pools.recorded_moves;
  std::size_t next = 0;
  time_calls(bench, [&] {
    Action action = moves[next++];
    if (action == kInvalidAction) {
      // End of a recorded game: start the next one from a fresh state.
      pools.initial->clone_into(*state);
      if (next == moves.size()) next = 0;
      action = moves[next++];
    }
    state->apply_action(action);
    benchmark::ClobberMemory();
  });
  bench.SetLabel("per action; includes a clone_into reset per game");
}

void bm_legal_actions(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  ActionList actions;
  actions.reserve(static_cast<std::size_t>(pools.game->num_distinct_actions()));
  std::size_t i = 0;
  time_calls(bench, [&] {
    pools.decisions[i]->legal_actions(actions);
    benchmark::DoNotOptimize(actions.data());
    benchmark::ClobberMemory();
    if (++i == pools.decisions.size()) i = 0;
  });
}

void bm_clone_into(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.mid_game.size())) return;
  std::unique_ptr<State> destination = pools.game->new_initial_state();
  std::size_t i = 0;
  time_calls(bench, [&] {
    pools.mid_game[i]->clone_into(*destination);
    benchmark::DoNotOptimize(destination.get());
    benchmark::ClobberMemory();
    if (++i == pools.mid_game.size()) i = 0;
  });
}

void bm_clone(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.mid_game.size())) return;
  std::size_t i = 0;
  time_calls(bench, [&] {
    std::unique_ptr<State> copy = pools.mid_game[i]->clone();
    benchmark::DoNotOptimize(copy.get());
    if (++i == pools.mid_game.size()) i = 0;
  });
  bench.SetLabel("allocating: new state + history, freed each call");
}

// Loyalist Spies draws each round fast and falls back on a complete search
// where the fast draw meets dead ends (issue 16): the share of rounds that
// needed it, and the draws it ran per such round.
void report_complete_method(benchmark::State& bench, const loyalist_spies::SampleStats& stats) {
  if (stats.rounds == 0) return;
  bench.counters["complete_share"] = static_cast<double>(stats.complete) / static_cast<double>(stats.rounds);
  bench.counters["complete_draws"] =
      stats.complete == 0 ? 0.0 : static_cast<double>(stats.complete_runs) / static_cast<double>(stats.complete);
}

void bm_resample(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  std::unique_ptr<State> world = pools.game->new_initial_state();
  Rng rng = Rng(kSeed).child("resample");
  std::size_t i = 0;
  const loyalist_spies::SampleStats before = loyalist_spies::resample_stats();
  time_calls(bench, [&] {
    pools.decisions[i]->resample_from_infostate(pools.decision_players[i], rng, *world);
    benchmark::DoNotOptimize(world.get());
    benchmark::ClobberMemory();
    if (++i == pools.decisions.size()) i = 0;
  });
  loyalist_spies::SampleStats during = loyalist_spies::resample_stats();
  during.rounds -= before.rounds;
  during.complete -= before.complete;
  during.complete_runs -= before.complete_runs;
  report_complete_method(bench, during);
}

// The median CPU time of reading the clock twice: the reading itself is a
// system call that costs about as much as the cheapest samplers, so it is
// taken off every timed call.
double thread_clock_overhead_ns() {
  constexpr int kReadings = 1001;
  std::vector<std::int64_t> nanos(kReadings);
  for (std::int64_t& n : nanos) {
    const std::int64_t start = thread_cpu_ns();
    n = thread_cpu_ns() - start;
  }
  std::nth_element(nanos.begin(), nanos.begin() + kReadings / 2, nanos.end());
  return static_cast<double>(nanos[kReadings / 2]);
}

// The median and 99th percentile of the CPU time of single sample() calls,
// each timed on its own over the pool (a few passes), less the clock's own
// cost, as counters median_cpu_ns and p99_cpu_ns: the target is a
// median, which the mean of the timed loop does not show.
void report_sample_percentiles(benchmark::State& bench,
                               const std::vector<std::unique_ptr<WorldSampler>>& samplers,
                               State& world) {
  constexpr int kPasses = 4;
  Rng rng = Rng(kSeed).child("percentiles");
  const double overhead = thread_clock_overhead_ns();
  std::vector<double> nanos;
  nanos.reserve(samplers.size() * kPasses);
  for (int pass = 0; pass < kPasses; ++pass) {
    for (const auto& sampler : samplers) {
      const std::int64_t start = thread_cpu_ns();
      sampler->sample(rng, world);
      const std::int64_t stop = thread_cpu_ns();
      nanos.push_back(std::max(0.0, static_cast<double>(stop - start) - overhead));
    }
  }
  std::sort(nanos.begin(), nanos.end());
  bench.counters["median_cpu_ns"] = nanos[nanos.size() / 2];
  bench.counters["p99_cpu_ns"] = nanos[nanos.size() * 99 / 100];
}

void bm_world_sample(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  std::vector<std::unique_ptr<WorldSampler>> samplers;
  SeatStream stream;
  for (std::size_t i = 0; i < pools.decisions.size(); ++i) {
    pools.decisions[i]->seat_stream(pools.decision_players[i], stream);
    samplers.push_back(pools.game->new_world_sampler(pools.decision_players[i], stream));
  }
  std::unique_ptr<State> world = pools.game->new_initial_state();
  report_sample_percentiles(bench, samplers, *world);
  Rng rng = Rng(kSeed).child("world_sample");
  std::size_t i = 0;
  time_calls(bench, [&] {
    samplers[i]->sample(rng, *world);
    benchmark::DoNotOptimize(world.get());
    benchmark::ClobberMemory();
    if (++i == samplers.size()) i = 0;
  });
  loyalist_spies::SampleStats stats;
  for (const auto& sampler : samplers) {
    if (const auto* spies = dynamic_cast<const loyalist_spies::SpiesWorldSampler*>(sampler.get())) {
      stats.add(spies->stats());
    }
  }
  report_complete_method(bench, stats);
}

void bm_seat_stream(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  SeatStream stream;
  std::size_t i = 0;
  time_calls(bench, [&] {
    pools.decisions[i]->seat_stream(pools.decision_players[i], stream);
    benchmark::DoNotOptimize(stream.data());
    benchmark::ClobberMemory();
    if (++i == pools.decisions.size()) i = 0;
  });
}

void bm_infostate_string(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  std::string text;
  std::size_t i = 0;
  time_calls(bench, [&] {
    pools.decisions[i]->information_state_string(pools.decision_players[i], text);
    benchmark::DoNotOptimize(text.data());
    benchmark::ClobberMemory();
    if (++i == pools.decisions.size()) i = 0;
  });
}

void bm_infostate_tensor(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  std::vector<float> tensor(static_cast<std::size_t>(pools.game->information_state_tensor_size()));
  std::size_t i = 0;
  time_calls(bench, [&] {
    pools.decisions[i]->information_state_tensor(pools.decision_players[i], tensor);
    benchmark::DoNotOptimize(tensor.data());
    benchmark::ClobberMemory();
    if (++i == pools.decisions.size()) i = 0;
  });
}

void bm_observation_tensor(benchmark::State& bench, LazyPools& lazy) {
  GamePools& pools = lazy.get();
  if (skip_if_empty(bench, pools.decisions.size())) return;
  std::vector<float> tensor(static_cast<std::size_t>(pools.game->observation_tensor_size()));
  std::size_t i = 0;
  time_calls(bench, [&] {
    pools.decisions[i]->observation_tensor(pools.decision_players[i], tensor);
    benchmark::DoNotOptimize(tensor.data());
    benchmark::ClobberMemory();
    if (++i == pools.decisions.size()) i = 0;
  });
}

using BenchFn = void (*)(benchmark::State&, LazyPools&);

struct NamedBench {
  const char* name;
  BenchFn fn;
};

constexpr NamedBench kBenches[] = {
    {"playout", bm_playout},
    {"playout_logged", bm_playout_logged},
    {"apply_action", bm_apply_action},
    {"legal_actions", bm_legal_actions},
    {"clone_into", bm_clone_into},
    {"clone", bm_clone},
    {"resample", bm_resample},
    {"world_sample", bm_world_sample},
    {"seat_stream", bm_seat_stream},
    {"infostate_string", bm_infostate_string},
    {"infostate_tensor", bm_infostate_tensor},
    {"observation_tensor", bm_observation_tensor},
};

// Registers every benchmark for every spec; the pools live until exit.
void register_all(bool default_specs_only) {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      specs.push_back(spec);
      if (default_specs_only) break;
    }
  }
  for (const std::string& spec : specs) {
    // Leaked on purpose: benchmarks hold references until the process ends.
    auto* lazy = new LazyPools(spec);
    for (const NamedBench& bench : kBenches) {
      const std::string name = spec + "/" + bench.name;
      const BenchFn fn = bench.fn;
      benchmark::RegisterBenchmark(name.c_str(),
                                   [fn, lazy](benchmark::State& state) { fn(state, *lazy); });
    }
  }
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  // Our one flag is taken out before Google Benchmark sees the arguments,
  // since it rejects flags it does not know.
  bool default_specs_only = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--kibitz_specs=default") {
      default_specs_only = true;
    } else if (arg == "--kibitz_specs=all") {
      default_specs_only = false;
    } else if (arg.starts_with("--kibitz_specs")) {
      std::fprintf(stderr, "bad flag %s: use --kibitz_specs=all or --kibitz_specs=default\n",
                   argv[i]);
      return 2;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("kibitz_specs", default_specs_only ? "default" : "all");
  kibitz::bench::register_all(default_specs_only);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
