// kibitz_tea_game_bench: the Tea Game figures of issue 19 (docs/PERFORMANCE.md,
// "Tea Game"), on one thread: random episodes per second (playout: the
// default 5 days x 3 games at 5 players, and a small 1-day table), the world
// sampler's cost per start (sampler_build) and per world (world_draw). The
// heuristic's figures are left out until the Tea heuristic exists.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/game_benchmarks.h"

namespace {

bool register_tea(const std::vector<std::string>& specs) {
  namespace gb = kibitz::bench::game_benchmarks;
  for (const std::string& s : specs) {
    benchmark::RegisterBenchmark(("tea_game/playout/" + s).c_str(), gb::bm_playout, s);
    benchmark::RegisterBenchmark(("tea_game/sampler_build/" + s).c_str(), gb::bm_sampler_build, s);
    benchmark::RegisterBenchmark(("tea_game/world_draw/" + s).c_str(), gb::bm_world_draw, s);
  }
  return true;
}

const bool registered = register_tea({"tea_game", "tea_game(players=3,days=1,delay_prob=0.5)"});

}  // namespace

BENCHMARK_MAIN();
