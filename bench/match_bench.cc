// kibitz_match_bench: games per second through the match runner
// (agents/match), the loop behind kibitz play, the arena and training's
// evaluation, for every registered game's test specs. Set against the
// `playout_logged` benchmark of kibitz_env_bench (the same random game,
// observation log written, without the runner), it shows what the runner
// adds per game: the SeatView per
// decision, the agents' virtual calls, the new-game and reseed calls.
//
//   match/<spec>   one game: random agents in every seat, kept from game to
//                  game by a SeatAgents and reseeded per game as the arena's
//                  workers do, chance drawn from a per-game generator.
// Counters: games/s (items_per_second) and moves/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/match/seat_agents.h"
#include "env/core/registry.h"

namespace kibitz::bench {
namespace {

void match_game(benchmark::State& bench, const std::string& spec) {
  const auto game = load_game(spec);
  SeatAgents agents(game);
  std::vector<Agent*> seats(static_cast<std::size_t>(game->num_players()));
  const Rng root(20261125);
  std::uint64_t index = 0;
  std::int64_t moves = 0;
  for (auto _ : bench) {
    const Rng deal = root.child("deal", index++);
    for (Player s = 0; s < game->num_players(); ++s) {
      seats[static_cast<std::size_t>(s)] = &agents.get("random", s, deal.child("seat", s).seed());
    }
    Rng chance = deal;
    const auto state = play_game(*game, seats, chance);
    moves += state->move_number();
    benchmark::DoNotOptimize(state.get());
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

// One benchmark per test spec of every registered game.
const bool registered = [] {
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      benchmark::RegisterBenchmark(("match/" + spec).c_str(), match_game, spec);
    }
  }
  return true;
}();

}  // namespace
}  // namespace kibitz::bench

BENCHMARK_MAIN();
