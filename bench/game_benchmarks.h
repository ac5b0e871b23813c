// The per-game figures that bench/<game>_bench.cc programs time, shared so
// that every game is measured the same way (docs/PERFORMANCE.md), on one
// thread:
//
//   <game>/playout/<spec>         a random full game from a fresh state (reset
//                                 by clone_into): games/s (items_per_second),
//                                 moves/s and decisions/s (seats' moves). The
//                                 state is quiet (State::stop_logging), as a
//                                 search's random rollout and kibitz_env_bench's
//                                 playout play;
//   <game>/playout_logged/<spec>  the same games with the observation log
//                                 written, as a match or the gym plays them;
//   <game>/sampler_build/<spec>   new_world_sampler from a mid-game stream:
//                                 what a seat pays to start sampling;
//   <game>/world_draw/<spec>      one world drawn by that sampler: what search
//                                 pays per world;
//   <game>/heuristic_game/<spec>  a game of heuristic seats through the match
//                                 runner: decisions/s (items_per_second);
//   <game>/heuristic_cold/<spec>  one decision of a fresh heuristic at a
//                                 mid-game node (it reads the whole stream).
//
// Positions come from fixed seeds, so every run times the same ones.
#pragma once

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

namespace kibitz::bench::game_benchmarks {

inline constexpr std::uint64_t kSeed = 20261126;
inline constexpr int kPositions = 64;

inline void time_playouts(benchmark::State& bench, const std::string& spec, bool logged) {
  const auto game = load_game(spec);
  // clone_into carries whether the state logs.
  const std::unique_ptr<State> initial = game->new_initial_state();
  if (!logged) initial->stop_logging();
  std::unique_ptr<State> state = game->new_initial_state();
  std::vector<double> returns(static_cast<std::size_t>(game->num_players()));
  PlayoutBuffers buffers(*game);
  Rng rng = Rng(kSeed).child("playout");
  std::int64_t moves = 0;
  std::int64_t decisions = 0;
  for (auto _ : bench) {
    initial->clone_into(*state);
    for (Player player = state->current_player(); player != kTerminalPlayer; player = state->current_player()) {
      const bool by_seat = player != kChancePlayer;
      decisions += by_seat ? 1 : 0;
      state->apply_legal_action(by_seat ? random_seat_move(*state, rng, buffers) : state->sample_chance_outcome(rng));
      ++moves;
    }
    state->returns(returns);
    benchmark::DoNotOptimize(returns.data());
    benchmark::ClobberMemory();
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["moves"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  // The seats' moves per second: its inverse is the cost of a random decision
  // (legal actions, the move and its observations).
  bench.counters["decisions"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}

inline void bm_playout(benchmark::State& bench, const std::string& spec) { time_playouts(bench, spec, false); }
inline void bm_playout_logged(benchmark::State& bench, const std::string& spec) { time_playouts(bench, spec, true); }

// Decision nodes about halfway through random games: the state and the
// stream of the seat to act.
struct Position {
  std::unique_ptr<State> state;
  Player seat = 0;
  SeatStream stream;
};

inline std::vector<Position> mid_game_positions(const Game& game) {
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

inline void bm_sampler_build(benchmark::State& bench, const std::string& spec) {
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

inline void bm_world_draw(benchmark::State& bench, const std::string& spec) {
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

inline void bm_heuristic_game(benchmark::State& bench, const std::string& spec) {
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

inline void bm_heuristic_cold(benchmark::State& bench, const std::string& spec) {
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

// Registers the six benchmarks for each spec, named "<prefix>/<what>/<spec>".
inline bool register_all(const std::string& prefix, const std::vector<std::string>& specs) {
  for (const std::string& s : specs) {
    benchmark::RegisterBenchmark((prefix + "/playout/" + s).c_str(), bm_playout, s);
    benchmark::RegisterBenchmark((prefix + "/playout_logged/" + s).c_str(), bm_playout_logged, s);
    benchmark::RegisterBenchmark((prefix + "/sampler_build/" + s).c_str(), bm_sampler_build, s);
    benchmark::RegisterBenchmark((prefix + "/world_draw/" + s).c_str(), bm_world_draw, s);
    benchmark::RegisterBenchmark((prefix + "/heuristic_game/" + s).c_str(), bm_heuristic_game, s);
    benchmark::RegisterBenchmark((prefix + "/heuristic_cold/" + s).c_str(), bm_heuristic_cold, s);
  }
  return true;
}

}  // namespace kibitz::bench::game_benchmarks
