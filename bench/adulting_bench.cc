// kibitz_adulting_bench: the Adulting figures of issue 17 (docs/PERFORMANCE.md,
// "Adulting"), on one thread, as bench/game_benchmarks.h describes them: for
// the 4-player bidding variant (the target: 100,000 random games/s)
// and the default full game with the legal system.
#include "bench/game_benchmarks.h"

namespace {

const bool registered = kibitz::bench::game_benchmarks::register_all(
    "adulting", {"adulting(players=4,variant=bidding)", "adulting"});

}  // namespace

BENCHMARK_MAIN();
