// kibitz_adulting_bench: the Adulting figures of issue 17 (docs/PERFORMANCE.md,
// "Adulting"), on one thread:
//
//   adulting/playout/<spec>     a random full game from a fresh state (reset
//                               by clone_into), as kibitz_env_bench's playout:
//                               games/s (items_per_second) and moves/s, for
//                               the 4-player bidding variant (the issue's
//                               target: 100,000 games/s) and the default
//                               full game with the legal system;
//   adulting/sampler_build/...  new_world_sampler from a mid-game stream (the
//                               sampler checks the stream once by drawing a
//                               world): what a seat pays to start sampling;
//   adulting/world_draw/...     one world drawn by that sampler: what search
//                               pays per world;
//   adulting/heuristic_game/... a game of four heuristic seats through the
//                               match runner: decisions/s (items_per_second)
//                               with chance, the engine and the SeatView;
//   adulting/heuristic_cold/... one decision of a fresh heuristic at a
//                               mid-game node (it reads the whole stream).
//
// Positions come from fixed seeds, so every run times the same ones.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "bench/random_playout.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"

namespace kibitz::bench {
namespace {

constexpr const char* kBidding = "adulting(players=4,variant=bidding)";
constexpr const char* kFull = "adulting";
constexpr std::uint64_t kSeed = 20261126;
constexpr int kPositions = 64;

void bm_playout(benchmark::State& bench, const std::string& spec) {
  const auto game = load_game(spec);
  const std::unique_ptr<State> initial = game->new_initial_state();
  std::unique_ptr<State> state = game->new_initial_state();
  std::vector<double> returns(static_cast<std::size_t>(game->num_players()));
  PlayoutBuffers buffers(*game);
  Rng rng = Rng(kSeed).child("playout");
  std::int64_t moves = 0;
  for (auto _ : bench) {
    initial->clone_into(*state);
    moves += play_to_end(*state, rng, buffers);
    state->returns(returns);
    benchmark::DoNotOptimize(returns.data());
    benchmark::ClobberMemory();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["moves"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

// Decision nodes about halfway through random games: the state and the
// stream of the seat to act.
struct Position {
  std::unique_ptr<State> state;
  Player seat = 0;
  SeatStream stream;
};

std::vector<Position> mid_game_positions(const Game& game) {
  std::vector<Position> out;
  PlayoutBuffers buffers(game);
  for (int i = 0; static_cast<int>(out.size()) < kPositions; ++i) {
    Rng rng = Rng(kSeed).child("position", static_cast<std::uint64_t>(i));
    // A whole game first, to know its length; then the same game again up
    // to the first decision past its middle.
    std::unique_ptr<State> probe = game.new_initial_state();
    const int length = play_to_end(*probe, rng, buffers);
    rng = Rng(kSeed).child("position", static_cast<std::uint64_t>(i));
    std::unique_ptr<State> state = game.new_initial_state();
    for (int m = 0; m < length / 2 || state->is_chance_node(); ++m) {
      if (state->is_terminal()) break;
      state->apply_action(random_move(*state, rng, buffers));
    }
    if (state->is_terminal()) continue;
    Position p;
    p.seat = state->current_player();
    p.stream = state->seat_stream(p.seat);
    p.state = std::move(state);
    out.push_back(std::move(p));
  }
  return out;
}

void bm_sampler_build(benchmark::State& bench, const std::string& spec) {
  const auto game = load_game(spec);
  const std::vector<Position> positions = mid_game_positions(*game);
  std::size_t next = 0;
  std::int64_t observations = 0;
  for (auto _ : bench) {
    const Position& p = positions[next++ % positions.size()];
    auto sampler = game->new_world_sampler(p.seat, p.stream);
    observations += static_cast<std::int64_t>(p.stream.size());
    benchmark::DoNotOptimize(sampler.get());
  }
  bench.counters["stream_length"] =
      benchmark::Counter(static_cast<double>(observations), benchmark::Counter::kAvgIterations);
}

void bm_world_draw(benchmark::State& bench, const std::string& spec) {
  const auto game = load_game(spec);
  const std::vector<Position> positions = mid_game_positions(*game);
  std::vector<std::unique_ptr<WorldSampler>> samplers;
  for (const Position& p : positions) samplers.push_back(game->new_world_sampler(p.seat, p.stream));
  std::unique_ptr<State> world = game->new_initial_state();
  Rng rng = Rng(kSeed).child("worlds");
  std::size_t next = 0;
  for (auto _ : bench) {
    samplers[next++ % samplers.size()]->sample(rng, *world);
    benchmark::DoNotOptimize(world.get());
    benchmark::ClobberMemory();
  }
  bench.SetItemsProcessed(bench.iterations());
}

// Counts the seats' moves of a game.
struct DecisionCounter : MatchObserver {
  void on_move(const State&, Player actor, Action, const DecisionInfo*) override { decisions += actor >= 0; }
  std::int64_t decisions = 0;
};

void bm_heuristic_game(benchmark::State& bench, const std::string& spec) {
  const auto game = load_game(spec);
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<Agent*> seats;
  for (Player s = 0; s < game->num_players(); ++s) {
    agents.push_back(make_agent("heuristic", game, kSeed + static_cast<std::uint64_t>(s)));
    seats.push_back(agents.back().get());
  }
  std::uint64_t index = 0;
  DecisionCounter counter;
  for (auto _ : bench) {
    Rng chance = Rng(kSeed).child("deal", index++);
    const auto state = play_game(*game, seats, chance, &counter);
    benchmark::DoNotOptimize(state.get());
  }
  bench.SetItemsProcessed(counter.decisions);
  bench.counters["games"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}

void bm_heuristic_cold(benchmark::State& bench, const std::string& spec) {
  const auto game = load_game(spec);
  const std::vector<Position> positions = mid_game_positions(*game);
  auto agent = make_agent("heuristic", game, kSeed);
  std::size_t next = 0;
  for (auto _ : bench) {
    const Position& p = positions[next++ % positions.size()];
    agent->new_game(p.seat);
    benchmark::DoNotOptimize(agent->act(SeatView(*p.state, p.seat)));
  }
  bench.SetItemsProcessed(bench.iterations());
}

const bool registered = [] {
  for (const char* spec : {kBidding, kFull}) {
    const std::string s = spec;
    benchmark::RegisterBenchmark(("adulting/playout/" + s).c_str(), bm_playout, s);
    benchmark::RegisterBenchmark(("adulting/sampler_build/" + s).c_str(), bm_sampler_build, s);
    benchmark::RegisterBenchmark(("adulting/world_draw/" + s).c_str(), bm_world_draw, s);
    benchmark::RegisterBenchmark(("adulting/heuristic_game/" + s).c_str(), bm_heuristic_game, s);
    benchmark::RegisterBenchmark(("adulting/heuristic_cold/" + s).c_str(), bm_heuristic_cold, s);
  }
  return true;
}();

}  // namespace
}  // namespace kibitz::bench

BENCHMARK_MAIN();
