// kibitz_laws_and_disorder_bench: the Laws and Disorder figures of issue 18
// (docs/PERFORMANCE.md, "Laws and Disorder"), on one thread, as
// bench/game_benchmarks.h describes them: random 4-player games per second
// and the cost per decision, the world sampler's cost per start and per
// world, and the heuristic's cost per decision; the 4-player game with the
// online version's variants beside the default.
#include "bench/game_benchmarks.h"

namespace {

const bool registered = kibitz::bench::game_benchmarks::register_all(
    "laws_and_disorder", {"laws_and_disorder(players=4)",
                          "laws_and_disorder(players=4,draw_at=start,hand_limit=11,max_laws=8)"});

}  // namespace

BENCHMARK_MAIN();
