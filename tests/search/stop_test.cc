// ActBudget::stop: a search told to stop from another thread answers at once
// with a legal action and what it found, in every variant, threaded or not;
// a flag that stays clear changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "agents/registry.h"
#include "agents/search/mock_evaluator.h"
#include "agents/search/search_agent.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "tests/support/time_scale.h"

namespace kibitz {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// A state where a seat acts after the deal.
std::unique_ptr<State> first_decision(const Game& game, std::uint64_t seed) {
  std::unique_ptr<State> state = game.new_initial_state();
  Rng rng(seed);
  while (state->is_chance_node()) {
    state->apply_action(sample_chance_outcome(state->chance_outcomes(), rng));
  }
  return state;
}

double stat(const DecisionInfo& info, const std::string& name) {
  for (const auto& [key, value] : info.stats) {
    if (key == name) return value;
  }
  ADD_FAILURE() << "no stat " << name;
  return -1;
}

struct StoppedDecision {
  Action action = kInvalidAction;
  milliseconds took{0};
};

// Asks `agent` for a decision and sets its stop flag from another thread
// `after` the call began.
StoppedDecision act_stopped_after(Agent& agent, const State& state, milliseconds after) {
  std::atomic<bool> stop{false};
  ActBudget budget;
  budget.stop = &stop;
  agent.set_budget(budget);
  const auto start = steady_clock::now();
  std::thread stopper([&] {
    std::this_thread::sleep_for(after);
    stop = true;
  });
  StoppedDecision out;
  out.action = agent.act(SeatView(state, state.current_player()));
  out.took = std::chrono::duration_cast<milliseconds>(steady_clock::now() - start);
  stopper.join();
  agent.set_budget({});  // the flag dies with this frame
  return out;
}

bool is_legal(const State& state, Action action) {
  const ActionList legal = state.legal_actions();
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// Budgets no test could wait out: only the flag can end these decisions.
TEST(SearchStop, AnEndlessSearchStopsSoonAfterTheFlagIsSet) {
  auto game = load_game("leduc_poker");
  auto state = first_decision(*game, 3);
  for (const char* spec : {
           "ismcts(sims=1000000000)",
           "mo_ismcts(sims=1000000000)",
           "pimc(worlds=1000000,sims=1000000000)",
           "pimc(worlds=1000000,sims=100)",
           "ismcts(sims=1000000000,threads=4)",
           "pimc(worlds=1000000,sims=1000,threads=3)",
           "ismcts(time_ms=3600000)",
           "ismcts(sims=1000000000,rollout=random)",
       }) {
    auto agent = make_agent(spec, game, 1);
    const StoppedDecision d = act_stopped_after(*agent, *state, milliseconds(50));
    EXPECT_TRUE(is_legal(*state, d.action)) << spec;
    // Ignoring the flag would take hours (or forever); stopping takes one
    // simulation per thread. The limit only guards a hung machine.
    EXPECT_LT(d.took, test_support::scaled(std::chrono::seconds(20))) << spec;
    const double sims = stat(*agent->last_decision(), "simulations");
    EXPECT_GE(sims, 1) << spec;
    EXPECT_LT(sims, 1e8) << spec;
  }
}

TEST(SearchStop, AFlagSetBeforehandStillRunsOneSimulation) {
  auto game = load_game("kuhn_poker");
  auto state = first_decision(*game, 1);
  std::atomic<bool> stop{true};
  ActBudget budget;
  budget.stop = &stop;
  for (const char* spec :
       {"ismcts(sims=1000)", "mo_ismcts(sims=1000)", "pimc(worlds=20,sims=50)"}) {
    auto agent = make_agent(spec, game, 1);
    agent->set_budget(budget);
    const Action action = agent->act(SeatView(*state, 0));
    EXPECT_TRUE(is_legal(*state, action)) << spec;
    EXPECT_EQ(stat(*agent->last_decision(), "simulations"), 1) << spec;
  }
  auto pimc = make_agent("pimc(worlds=20,sims=50)", game, 1);
  pimc->set_budget(budget);
  pimc->act(SeatView(*state, 0));
  EXPECT_EQ(stat(*pimc->last_decision(), "worlds"), 1) << "the worlds not started are skipped";
}

TEST(SearchStop, AClearFlagChangesNothing) {
  // A search by simulations is deterministic by seed; watching a flag that
  // is never set must keep it so, decision by decision.
  auto game = load_game("leduc_poker");
  for (const char* spec : {"ismcts(sims=300)", "mo_ismcts(sims=300)", "pimc(worlds=5,sims=40)"}) {
    auto plain = make_agent(spec, game, 9);
    auto watched = make_agent(spec, game, 9);
    std::atomic<bool> stop{false};
    ActBudget budget;
    budget.stop = &stop;
    watched->set_budget(budget);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto state = first_decision(*game, seed);
      const SeatView view(*state, state->current_player());
      EXPECT_EQ(plain->act(view), watched->act(view)) << spec;
      EXPECT_EQ(plain->last_decision()->policy, watched->last_decision()->policy) << spec;
      EXPECT_EQ(stat(*watched->last_decision(), "simulations"),
                stat(*plain->last_decision(), "simulations"))
          << spec;
    }
  }
}

TEST(SearchStop, ABudgetOfZerosClearsTheFlag) {
  auto game = load_game("kuhn_poker");
  auto state = first_decision(*game, 2);
  auto agent = make_agent("ismcts(sims=200)", game, 1);
  std::atomic<bool> stop{true};
  ActBudget budget;
  budget.simulations = 100;
  budget.stop = &stop;
  agent->set_budget(budget);
  agent->act(SeatView(*state, 0));
  EXPECT_EQ(stat(*agent->last_decision(), "simulations"), 1);
  agent->set_budget({});
  agent->act(SeatView(*state, 0));
  EXPECT_EQ(stat(*agent->last_decision(), "simulations"), 200) << "the spec's own budget, no flag";
}

TEST(SearchStop, APuctSearchStopsToo) {
  // The evaluator with a prior (the ismcts_nn path) over threads: each thread
  // reads the same flag.
  auto game = load_game("leduc_poker");
  auto state = first_decision(*game, 5);
  SearchAgent::Budget budget;
  budget.simulations = 1'000'000'000;
  budget.threads = 2;
  const EvaluatorFactory factory = [](std::uint64_t) {
    auto mock = std::make_unique<MockEvaluator>(
        [](const State&, std::span<double> v) { std::fill(v.begin(), v.end(), 0.0); });
    mock->set_policy_fn([](const State& world, std::vector<double>& weights) {
      weights.assign(world.legal_actions().size(), 1.0);
    });
    return mock;
  };
  SearchAgent agent("ismcts(puct mock)", SearchSettings(), budget, game, factory, 4);
  const StoppedDecision d = act_stopped_after(agent, *state, milliseconds(50));
  EXPECT_TRUE(is_legal(*state, d.action));
  EXPECT_LT(d.took, test_support::scaled(std::chrono::seconds(20)));
  EXPECT_LT(stat(*agent.last_decision(), "simulations"), 1e8);
}

}  // namespace
}  // namespace kibitz
