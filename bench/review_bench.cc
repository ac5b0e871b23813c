// kibitz_review_bench: the CPU time of `kibitz review` on one seat of a
// whole Loyalist Spies game (issue 35's target: about 1 s of CPU a game at
// 10 ms a decision). The game is played once, by heuristics, with a fixed
// seed; each iteration reviews seat 1's every decision with ismcts at
// --time-ms 10, shared by 4 replicates (review_seat, tools/review/), and
// reports the CPU time of the whole review and per decision.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "bench/thread_cpu_clock.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "replays/recorder.h"
#include "tools/review/seat_decisions.h"
#include "tools/review/seat_review.h"

namespace kibitz {
namespace {

// A whole Spies game played by heuristics, as a replay record.
replays::ReplayRecord spies_game() {
  const auto game = load_game("loyalist_spies");
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<Agent*> seats;
  std::vector<std::string> specs;
  for (int s = 0; s < game->num_players(); ++s) {
    agents.push_back(make_agent("heuristic", game, 40 + static_cast<std::uint64_t>(s)));
    seats.push_back(agents.back().get());
    specs.push_back(agents.back()->spec());
  }
  replays::Recorder recorder(*game, 11, specs, specs);
  class Noting : public MatchObserver {
   public:
    explicit Noting(replays::Recorder& r) : recorder_(r) {}
    void on_move(const State& state, Player, Action action, const DecisionInfo*) override {
      recorder_.on_action(state, action);
    }

   private:
    replays::Recorder& recorder_;
  } noting(recorder);
  Rng chance(11);
  const std::unique_ptr<State> final_state = play_game(*game, seats, chance, &noting);
  return recorder.finish(*final_state);
}

void BM_ReviewSpiesSeatAt10Ms(benchmark::State& bench) {
  const tools::SeatGame seat_game = tools::seat_game_of(spies_game(), 1);
  tools::ReviewOptions options;
  options.budget.time_ms = 10;
  options.replicates = 4;
  double cpu_seconds = 0.0;
  for (auto _ : bench) {
    const std::int64_t start = bench::thread_cpu_ns();
    const tools::SeatReview review = tools::review_seat(seat_game, options);
    cpu_seconds += static_cast<double>(bench::thread_cpu_ns() - start) / 1e9;
    benchmark::DoNotOptimize(review.accuracy);
  }
  const double reviews = static_cast<double>(bench.iterations());
  bench.counters["decisions"] = static_cast<double>(seat_game.decisions.size());
  bench.counters["cpu_s_per_game"] = cpu_seconds / reviews;
  bench.counters["cpu_ms_per_decision"] = 1000.0 * cpu_seconds / reviews / static_cast<double>(seat_game.decisions.size());
}
BENCHMARK(BM_ReviewSpiesSeatAt10Ms)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace kibitz

BENCHMARK_MAIN();
