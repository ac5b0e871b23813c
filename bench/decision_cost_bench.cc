// kibitz_decision_cost_bench: what one decision costs as a game grows long
// (issue 31: "a decision's cost no longer grows with the game's length").
//
//   heuristic/<spec>/from:<N>   the heuristic in every seat, games played by
//                               the match runner (agents/match) as the arena
//                               plays them; timed: the decisions at moves
//                               N..N+kWindow-1 alone, from the runner's
//                               before_move to its on_move hook (the view,
//                               the stream the agent reads, its choice).
//                               An iteration is one game's window (manual
//                               time); counter us_per_decision. Games that
//                               end before move N are played untimed.
//   ismcts_heuristic/<spec>/from:<N>
//                               ismcts(rollout=heuristic) asked at the first
//                               decision at or after move N of heuristic
//                               games, 50 simulations an act; counter
//                               sims_per_s.
//
// Only the match runner's public API is used, so the same file measures the
// code before and after a change (docs/PERFORMANCE.md).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/match/seat_agents.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"

namespace kibitz::bench {
namespace {

constexpr std::uint64_t kSeed = 20261202;
constexpr int kWindow = 50;
// Where each game is measured. A Laws and Disorder game ends after about
// 180 to 250 moves (chance included) whatever its parameters, as its deck
// runs out, so its late point is move 150 rather than the 500.
struct Points {
  const char* spec;
  int moves[3];
};
const Points kPoints[] = {{"adulting(players=4,variant=bidding)", {10, 100, 500}},
                          {"laws_and_disorder(players=4)", {10, 100, 150}}};

// Thrown to end a game once its window is measured.
struct WindowDone {};

// Times the seats' decisions whose move number is in [from, from + kWindow).
class WindowClock : public MatchObserver {
 public:
  explicit WindowClock(int from) : from_(from) {}

  void before_move(const State& state, Player actor) override {
    before_move_done(state);
    timing_ = actor >= 0 && state.move_number() >= from_ && state.move_number() < from_ + kWindow;
    if (timing_) start_ = std::chrono::steady_clock::now();
  }
  void before_move_done(const State& state) {
    // Past the window: the rest of the game is not measured, so it is not
    // played (a hook may throw to abandon the game).
    if (state.move_number() >= from_ + kWindow) throw WindowDone{};
  }
  void on_move(const State&, Player, Action, const DecisionInfo*) override {
    if (!timing_) return;
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    ++decisions_;
    timing_ = false;
  }

  double seconds() const { return seconds_; }
  std::int64_t decisions() const { return decisions_; }

 private:
  int from_;
  bool timing_ = false;
  std::chrono::steady_clock::time_point start_;
  double seconds_ = 0;
  std::int64_t decisions_ = 0;
};

void heuristic_decisions(benchmark::State& bench, const std::string& spec, int from) {
  const auto game = load_game(spec);
  SeatAgents agents(game);
  std::vector<Agent*> seats(static_cast<std::size_t>(game->num_players()));
  const Rng root(kSeed);
  std::uint64_t index = 0;
  std::int64_t decisions = 0;
  double seconds = 0;
  for (auto _ : bench) {
    // Deals are played until one reaches the window: an iteration is the
    // window of one game.
    for (int tries = 0;; ++tries) {
      KIBITZ_CHECK(tries < 1000, spec, ": no game reaches move ", from);
      const Rng deal = root.child("deal", index++);
      for (Player s = 0; s < game->num_players(); ++s) {
        seats[static_cast<std::size_t>(s)] = &agents.get("heuristic", s, deal.child("seat", s).seed());
      }
      Rng chance = deal;
      WindowClock clock(from);
      try {
        play_game(*game, seats, chance, &clock);
      } catch (const WindowDone&) {
      }
      if (clock.decisions() == 0) continue;
      // The whole window, not one decision: the benchmark library sizes
      // its run by the timed total, and a game's untimed moves before the
      // window cost a hundred times more than the window itself.
      bench.SetIterationTime(clock.seconds());
      seconds += clock.seconds();
      decisions += clock.decisions();
      break;
    }
  }
  bench.counters["decisions"] = static_cast<double>(decisions);
  if (decisions > 0) bench.counters["us_per_decision"] = seconds * 1e6 / static_cast<double>(decisions);
}

// The first seat decision at or after move `from` of seeded heuristic games.
std::vector<std::unique_ptr<State>> positions_from(const std::shared_ptr<const Game>& game, int from, int count) {
  std::vector<std::unique_ptr<State>> pool;
  const Rng root(kSeed + 1);
  for (std::uint64_t g = 0; static_cast<int>(pool.size()) < count; ++g) {
    KIBITZ_CHECK(g < 1000, game->spec(), ": no game reaches move ", from);
    Rng rng = root.child("game", g);
    std::vector<std::unique_ptr<Agent>> bots;
    for (Player s = 0; s < game->num_players(); ++s) bots.push_back(make_agent("heuristic", game, rng.next()));
    auto state = game->new_initial_state();
    while (!state->is_terminal() && (state->move_number() < from || state->is_chance_node())) {
      const Player p = state->current_player();
      state->apply_action(p == kChancePlayer ? state->sample_chance_outcome(rng)
                                             : bots[static_cast<std::size_t>(p)]->act(SeatView(*state, p)));
    }
    if (!state->is_terminal()) pool.push_back(std::move(state));
  }
  return pool;
}

void ismcts_heuristic(benchmark::State& bench, const std::string& spec, int from) {
  const auto game = load_game(spec);
  const auto pool = positions_from(game, from, 4);
  auto agent = make_agent("ismcts(sims=50,rollout=heuristic)", game, kSeed);
  std::size_t next = 0;
  double simulations = 0;
  for (auto _ : bench) {
    const State& state = *pool[next++ % pool.size()];
    agent->act(SeatView(state, state.current_player()));
    for (const auto& [key, value] : agent->last_decision()->stats) {
      if (key == "simulations") simulations += value;
    }
  }
  bench.counters["sims_per_s"] = benchmark::Counter(simulations, benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (const Points& points : kPoints) {
    const char* spec = points.spec;
    for (int from : points.moves) {
      const std::string suffix = std::string(spec) + "/from:" + std::to_string(from);
      benchmark::RegisterBenchmark(("heuristic/" + suffix).c_str(), heuristic_decisions, spec, from)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
      benchmark::RegisterBenchmark(("ismcts_heuristic/" + suffix).c_str(), ismcts_heuristic, spec, from)
          ->Unit(benchmark::kMillisecond)
          ->MinTime(0.5);
    }
  }
  return true;
}();

}  // namespace
}  // namespace kibitz::bench

BENCHMARK_MAIN();
