// kibitz_spoon_nomic_bench: the Spoon Nomic figures of issue 19
// (docs/PERFORMANCE.md, "Spoon Nomic"), on one thread, as
// bench/game_benchmarks.h describes them: random games per second and the
// cost per decision, the world sampler's cost per start and per world, and
// the heuristic's cost per decision; the default (4 players, 4 packs, 10
// nweeks) beside a one-pack game long enough to empty the Deck, where
// rejected rolls are many.
#include "bench/game_benchmarks.h"

namespace {

const bool registered = kibitz::bench::game_benchmarks::register_all(
    "spoon_nomic", {"spoon_nomic", "spoon_nomic(players=6,packs=1,nweeks=10)"});

}  // namespace

BENCHMARK_MAIN();
