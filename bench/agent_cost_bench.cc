// kibitz_agent_cost_bench: the CPU time one decision of each shipped agent
// costs in each seed game (issue 32: "the cost per decision of each shipped
// agent in each game, as a table"). The agent plays seat 0 of whole games
// against the game's heuristic in the other seats, through the match runner
// as the arena plays them; each of its decisions is timed on the calling
// thread's CPU clock (CLOCK_THREAD_CPUTIME_ID), so other processes on a
// shared machine do not count. An iteration is one game (manual time: the
// agent's decisions alone), ten games per agent; counters: decisions and
// us_per_decision.
//
//   build/bench/kibitz_agent_cost_bench
//
// The models are those the main job plays (training/models/<game>/model.pt,
// found from KIBITZ_SOURCE_DIR); search agents at the budgets the docs
// compare them at.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/neural/neural_agents.h"
#include "agents/registry.h"
#include "bench/thread_cpu_clock.h"
#include "env/core/registry.h"
#include "env/core/rng.h"

namespace kibitz::bench {
namespace {

// Forwards to an agent and sums the CPU time of its decisions.
class TimedAgent : public Agent {
 public:
  explicit TimedAgent(std::unique_ptr<Agent> inner) : inner_(std::move(inner)) {}
  std::string spec() const override { return inner_->spec(); }
  void new_game(Player seat) override { inner_->new_game(seat); }
  bool reseed(std::uint64_t seed) override { return inner_->reseed(seed); }
  void set_budget(const ActBudget& budget) override { inner_->set_budget(budget); }
  const DecisionInfo* last_decision() const override { return inner_->last_decision(); }
  void game_over(const GameEnd& end) override { inner_->game_over(end); }
  Action act(const SeatView& view) override {
    const std::int64_t start = thread_cpu_ns();
    const Action action = inner_->act(view);
    seconds_ += static_cast<double>(thread_cpu_ns() - start) * 1e-9;
    ++decisions_;
    return action;
  }
  double seconds() const { return seconds_; }
  int decisions() const { return decisions_; }

 private:
  std::unique_ptr<Agent> inner_;
  double seconds_ = 0;
  int decisions_ = 0;
};

constexpr int kGamesPerAgent = 10;

struct GameModel {
  const char* label;  // the benchmark's name for the game
  const char* spec;
  const char* model;  // training/models/<model>/model.pt
};

// The seed games as the main job plays them (setup.sh).
constexpr GameModel kGames[] = {
    {"loyalist_spies", "loyalist_spies(rounds=1)", "loyalist_spies"},
    {"adulting", "adulting(players=4,variant=bidding)", "adulting"},
    {"laws_and_disorder", "laws_and_disorder(players=4)", "laws_and_disorder"},
    {"tea_game", "tea_game", "tea_game"},
    {"spoon_nomic", "spoon_nomic", "spoon_nomic"},
};

void agent_cost(benchmark::State& bench, const std::string& spec, const std::string& agent_spec) {
  const auto game = load_game(spec);
  const Rng root(20261203);
  std::uint64_t index = 0;
  double seconds = 0;
  long decisions = 0;
  for (auto _ : bench) {
    const Rng deal = root.child("deal", index++);
    TimedAgent timed(make_agent(agent_spec, game, deal.child("seat", 0).seed()));
    std::vector<std::unique_ptr<Agent>> others;
    std::vector<Agent*> seats = {&timed};
    for (Player s = 1; s < game->num_players(); ++s) {
      others.push_back(make_agent("heuristic", game, deal.child("seat", s).seed()));
      seats.push_back(others.back().get());
    }
    Rng chance = deal;
    play_game(*game, seats, chance);
    bench.SetIterationTime(timed.seconds());
    seconds += timed.seconds();
    decisions += timed.decisions();
  }
  bench.counters["decisions"] = static_cast<double>(decisions);
  if (decisions > 0) bench.counters["us_per_decision"] = seconds * 1e6 / static_cast<double>(decisions);
}

// At run time, not by a static initializer: the agent registry must be
// built after every game part (a heuristic's parameters) has registered.
void register_benchmarks() {
  neural::register_neural_agents();
  for (const GameModel& g : kGames) {
    const std::string model = std::string(KIBITZ_SOURCE_DIR) + "/training/models/" + g.model + "/model.pt";
    const std::vector<std::pair<std::string, std::string>> agents = {
        {"random", "random"},
        {"heuristic", "heuristic"},
        {"nn", "nn(model=" + model + ")"},
        {"ismcts_sims100", "ismcts(sims=100)"},
        {"ismcts_nn_sims100", "ismcts_nn(model=" + model + ",sims=100)"},
    };
    for (const auto& [name, spec] : agents) {
      benchmark::RegisterBenchmark((std::string(g.label) + "/" + name).c_str(), agent_cost, std::string(g.spec), spec)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond)
          // A fixed number of games: the time counted is the agent's alone,
          // which for random play is too small for the library's own sizing
          // to reach its minimum time in any number of games.
          ->Iterations(kGamesPerAgent);
    }
  }
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  kibitz::bench::register_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
