// kibitz_tea_game_bench: the Tea Game figures of issue 19 (docs/PERFORMANCE.md,
// "Tea Game"), on one thread, as bench/game_benchmarks.h describes them:
// random episodes per second (the default 5 days x 3 games at 5 players, and
// a small 1-day table), the world sampler's cost per start and per world,
// and the heuristic's cost per decision (it simulates the odds of the table
// it faces, so it is far dearer than a random seat).
#include "bench/game_benchmarks.h"

namespace {

const bool registered = kibitz::bench::game_benchmarks::register_all(
    "tea_game", {"tea_game", "tea_game(players=3,days=1,delay_prob=0.5)"});

}  // namespace

BENCHMARK_MAIN();
