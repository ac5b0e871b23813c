// CFR+ (agents/tabular/cfr.h) and the cfr agent: convergence within the
// iteration counts docs/cfr.md gives, Kuhn's known game value, policy files
// written by the solver and played back, and the agent's parameter errors.
#include "agents/tabular/cfr.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/tabular/cfr_agent.h"
#include "agents/tabular/exploitability.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

using ::testing::HasSubstr;

// The iteration counts docs/cfr.md reports: from these on, NashConv of the
// average policy stays below the target.
constexpr std::int64_t kKuhnIterations = 32;   // NashConv < 0.01
constexpr std::int64_t kLeducIterations = 61;  // NashConv < 0.05

std::shared_ptr<const Game> kuhn() { return load_game("kuhn_poker"); }
std::shared_ptr<const Game> leduc() { return load_game("leduc_poker"); }

// A file under the test temp dir, named after the running test.
std::string temp_path(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "kibitz_" + info->name() + suffix;
}

// P(bet) (action 1) at a two-player Kuhn information state ("-" is the
// empty betting history).
double bet_probability(const TabularPolicy& policy, int seat, const char* card,
                       const char* betting) {
  const std::string key = "seat " + std::to_string(seat) + " card " + card + " betting " + betting;
  const ActionProbabilities* entry = policy.find(key);
  EXPECT_NE(entry, nullptr) << key;
  if (entry == nullptr) return -1.0;
  for (const ActionProbability& e : *entry) {
    if (e.action == 1) return e.probability;
  }
  return 0.0;
}

TEST(CfrPlusSolverTest, KuhnNashConvBelowOneHundredthWithinTheDocumentedIterations) {
  CfrPlusSolver solver(*kuhn());
  solver.run(kKuhnIterations);
  EXPECT_EQ(solver.iterations(), kKuhnIterations);
  EXPECT_LT(solver.nash_conv(), 0.01);
}

TEST(CfrPlusSolverTest, LeducNashConvBelowFiveHundredthsWithinTheDocumentedIterations) {
  CfrPlusSolver solver(*leduc());
  solver.run(kLeducIterations);
  EXPECT_LT(solver.nash_conv(), 0.05);
  // The solver's own NashConv agrees with the exploitability code fed its
  // average policy as a TabularPolicy.
  EXPECT_NEAR(exploitability(solver.tree(), solver.average_policy()).nash_conv, solver.nash_conv(),
              1e-12);
}

TEST(CfrPlusSolverTest, NashConvDecreasesOverIterations) {
  for (const auto& game : {kuhn(), leduc()}) {
    CfrPlusSolver solver(*game);
    // No iterations yet: the average is uniform, whose NashConv is known
    // (exploitability_test.cc): Kuhn 11/12, Leduc 4.747222...
    double previous = solver.nash_conv();
    EXPECT_NEAR(previous, exploitability(*game, TabularPolicy::uniform(*game)).nash_conv, 1e-12);
    for (std::int64_t checkpoint : {3, 10, 30, 100, 300}) {
      solver.run(checkpoint - solver.iterations());
      const double now = solver.nash_conv();
      EXPECT_LT(now, previous) << game->spec() << " after " << checkpoint << " iterations";
      previous = now;
    }
  }
}

TEST(CfrPlusSolverTest, KuhnAveragePolicyIsAnEquilibriumWorthMinusOneEighteenthToSeatZero) {
  CfrPlusSolver solver(*kuhn());
  solver.run(1000);
  const std::vector<double> values = solver.average_policy_values();
  EXPECT_NEAR(values[0], -1.0 / 18, 1e-4);
  EXPECT_NEAR(values[1], 1.0 / 18, 1e-4);
  EXPECT_LT(solver.nash_conv(), 1e-3);
  // Kuhn's equilibrium family: seat 0 bets K three times as often as it
  // bluffs J, never bets Q first; seat 1 calls a bet with Q a third of the
  // time and always bets K.
  const TabularPolicy policy = solver.average_policy();
  const double alpha = bet_probability(policy, 0, "J", "-");
  EXPECT_LE(alpha, 1.0 / 3 + 0.01);
  EXPECT_NEAR(bet_probability(policy, 0, "K", "-"), 3 * alpha, 0.02);
  EXPECT_NEAR(bet_probability(policy, 0, "Q", "-"), 0.0, 0.01);
  EXPECT_NEAR(bet_probability(policy, 1, "Q", "b"), 1.0 / 3, 0.02);
  EXPECT_NEAR(bet_probability(policy, 1, "K", "p"), 1.0, 0.01);
}

TEST(CfrPlusSolverTest, RunUntilStopsOnceTheTargetIsReached) {
  CfrPlusSolver solver(*leduc());
  EXPECT_TRUE(solver.run_until(0.05, 10'000, 10));
  EXPECT_LT(solver.nash_conv(), 0.05);
  // Checked every 10 iterations, and the target is first met after 61.
  EXPECT_EQ(solver.iterations(), 70);
  CfrPlusSolver capped(*kuhn());
  EXPECT_FALSE(capped.run_until(1e-9, 25, 10));
  EXPECT_EQ(capped.iterations(), 25);
}

TEST(CfrPlusSolverTest, RunsAreDeterministicAndSplitRunsEqualOneRun) {
  CfrPlusSolver whole(*leduc());
  whole.run(20);
  CfrPlusSolver split(*leduc());
  split.run(7);
  split.run(13);
  EXPECT_EQ(whole.average_table(), split.average_table());
  EXPECT_TRUE(std::equal(whole.current_table().begin(), whole.current_table().end(),
                         split.current_table().begin(), split.current_table().end()));
}

TEST(CfrPlusSolverTest, CurrentPolicyStartsUniformAndStaysAProbabilityPerInfoset) {
  CfrPlusSolver solver(*kuhn());
  for (double p : solver.current_table()) EXPECT_EQ(p, 0.5);  // Kuhn: two actions everywhere
  solver.run(50);
  const TabularPolicy current = solver.current_policy();  // set() checks the sums
  EXPECT_EQ(current.size(), solver.tree().infosets().size());
  // Regret-matching+ plays the dominated choice (folding K to a bet) never.
  EXPECT_EQ(bet_probability(current, 1, "K", "b"), 1.0);
}

TEST(CfrPlusSolverTest, CumulativeRegretsAreFlooredAtZero) {
  CfrPlusSolver solver(*leduc());
  bool some_positive = false;
  for (int i = 0; i < 20; ++i) {
    solver.run(1);
    for (double r : solver.regret_table()) {
      ASSERT_GE(r, 0.0) << "after " << solver.iterations() << " iterations";
      some_positive = some_positive || r > 0.0;
    }
  }
  EXPECT_TRUE(some_positive);
}

TEST(CfrPlusSolverTest, AveragingDelayLeavesEarlyIterationsOutOfTheAverage) {
  CfrOptions options;
  options.averaging_delay = 10;
  CfrPlusSolver delayed(*kuhn(), options);
  delayed.run(10);
  // Nothing has weight yet, so every infoset falls back to uniform.
  for (double p : delayed.average_table()) EXPECT_EQ(p, 0.5);
  delayed.run(1);
  // Iteration 11 alone has weight: the average is its strategy.
  CfrPlusSolver plain(*kuhn());
  plain.run(10);
  const std::span<const double> eleventh = plain.current_table();
  const std::vector<double> average = delayed.average_table();
  for (std::size_t i = 0; i < average.size(); ++i) EXPECT_NEAR(average[i], eleventh[i], 1e-12) << i;
}

TEST(CfrPlusSolverTest, ThreePlayerKuhnRunsAndApproachesAnEquilibrium) {
  CfrPlusSolver solver(*load_game("kuhn_poker(players=3)"));
  const double start = solver.nash_conv();
  solver.run(100);
  EXPECT_LT(solver.nash_conv(), start / 100);
}

TEST(CfrPlusSolverTest, RefusesTreesOverTheNodeLimitAndBadOptions) {
  CfrOptions small;
  small.max_nodes = 10;
  const std::string message = error_of([&] { CfrPlusSolver(*kuhn(), small); });
  EXPECT_THAT(message, HasSubstr("CFR+"));
  EXPECT_THAT(message, HasSubstr("kuhn_poker"));
  EXPECT_THAT(message, HasSubstr("more than 10 nodes"));
  CfrOptions negative;
  negative.averaging_delay = -1;
  EXPECT_THAT(error_of([&] { CfrPlusSolver(*kuhn(), negative); }), HasSubstr("delay"));
}

TEST(CfrPlusSolverTest, SavedAveragePolicyReadsBackExactlyWithAHeaderComment) {
  CfrPlusSolver solver(*leduc());
  solver.run(30);
  const std::string path = temp_path(".policy");
  save_average_policy(solver, path);
  EXPECT_EQ(load_policy(path, solver.tree()).entries(), solver.average_policy().entries());
  std::ifstream in(path);
  std::string header, comment;
  std::getline(in, header);
  std::getline(in, comment);
  EXPECT_EQ(header, "# kibitz-policy 1");
  EXPECT_EQ(comment, "# CFR+ average policy of " + leduc()->spec());
}

// Plays `games` games of `game` with `agent` in every seat (chance from its
// own generator); checks legality and the agent's reported policy, and
// returns every action it chose.
std::vector<Action> play(const Game& game, Agent& agent, int games) {
  Rng chance(99);
  std::vector<Action> chosen;
  std::vector<double> weights;
  for (int g = 0; g < games; ++g) {
    auto state = game.new_initial_state();
    while (!state->is_terminal()) {
      if (state->is_chance_node()) {
        const ChanceOutcomeList outcomes = state->chance_outcomes();
        weights.clear();
        for (const ChanceOutcome& o : outcomes) weights.push_back(o.probability);
        state->apply_action(outcomes[chance.sample_index(weights)].action);
        continue;
      }
      const Player seat = state->current_player();
      const Action action = agent.act(SeatView(*state, seat));
      const ActionList legal = state->legal_actions();
      EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), action))
          << "illegal action " << action << " in " << state->to_string();
      const DecisionInfo* info = agent.last_decision();
      EXPECT_NE(info, nullptr);
      if (info != nullptr) {
        EXPECT_EQ(info->policy.size(), legal.size());
        double sum = 0.0;
        for (std::size_t i = 0; i < info->policy.size() && i < legal.size(); ++i) {
          EXPECT_EQ(info->policy[i].first, legal[i]);
          sum += info->policy[i].second;
        }
        EXPECT_NEAR(sum, 1.0, 1e-9);
      }
      chosen.push_back(action);
      state->apply_action(action);
    }
  }
  return chosen;
}

TEST(CfrAgentTest, PlaysOnlyLegalActionsAndIsDeterministicBySeed) {
  for (const auto& game : {kuhn(), leduc()}) {
    auto a = make_agent("cfr(iters=100)", game, 7);
    auto b = make_agent("cfr(iters=100)", game, 7);
    auto c = make_agent("cfr(iters=100)", game, 8);
    const std::vector<Action> first = play(*game, *a, 200);
    EXPECT_EQ(play(*game, *b, 200), first) << game->spec();
    EXPECT_NE(play(*game, *c, 200), first) << game->spec();
  }
}

TEST(CfrAgentTest, ReportsAndSamplesTheSolvedAveragePolicy) {
  const auto game = kuhn();
  CfrPlusSolver solver(*game);
  solver.run(200);
  const TabularPolicy expected = solver.average_policy();
  auto agent = make_agent("cfr(iters=200)", game, 3);
  // Seat 0 holding K, first to act: a mixed choice in Kuhn's equilibria.
  auto state = game->new_initial_state();
  state->apply_action(2);  // seat 0 gets K
  state->apply_action(0);  // seat 1 gets J
  const SeatView view(*state, 0);
  const ActionProbabilities target = expected.probabilities(view);
  ASSERT_EQ(target.size(), 2u);
  ASSERT_GT(target[1].probability, 0.1);
  ASSERT_LT(target[1].probability, 0.9);
  int bets = 0;
  constexpr int kDraws = 20'000;
  for (int i = 0; i < kDraws; ++i) {
    bets += agent->act(view) == 1 ? 1 : 0;
    const DecisionInfo* info = agent->last_decision();
    ASSERT_NE(info, nullptr);
    ASSERT_EQ(info->policy.size(), 2u);
    EXPECT_EQ(info->policy[0], std::make_pair(Action{0}, target[0].probability));
    EXPECT_EQ(info->policy[1], std::make_pair(Action{1}, target[1].probability));
  }
  // Binomial standard deviation is at most 0.0036 at 20,000 draws.
  EXPECT_NEAR(static_cast<double>(bets) / kDraws, target[1].probability, 0.015);
}

TEST(CfrAgentTest, PolicyFileRoundTripGivesTheSameDistribution) {
  const auto game = leduc();
  CfrPlusSolver solver(*game);
  solver.run(40);
  const std::string path = temp_path(".policy");
  save_average_policy(solver, path);
  auto solved = make_agent("cfr(iters=40)", game, 5);
  auto loaded = make_agent("cfr(policy=" + path + ")", game, 5);
  EXPECT_EQ(loaded->spec(), "cfr(policy=" + path + ",max_nodes=5000000)");
  EXPECT_EQ(dynamic_cast<const CfrAgent&>(*loaded).policy().entries(),
            dynamic_cast<const CfrAgent&>(*solved).policy().entries());
  // Same seed, same distributions: the two play identical games, and report
  // identical policies at every decision.
  EXPECT_EQ(play(*game, *loaded, 100), play(*game, *solved, 100));
}

TEST(CfrAgentTest, SolvesOncePerGameAndIterationCount) {
  auto a = make_agent("cfr(iters=60)", kuhn(), 1);
  auto b = make_agent("cfr(iters=60)", kuhn(), 2);
  auto c = make_agent("cfr(iters=61)", kuhn(), 1);
  const auto policy_of = [](const Agent& agent) {
    return &dynamic_cast<const CfrAgent&>(agent).policy();
  };
  EXPECT_EQ(policy_of(*a), policy_of(*b));
  EXPECT_NE(policy_of(*a), policy_of(*c));
  EXPECT_EQ(a->spec(), "cfr(iters=60,max_nodes=5000000)");
}

TEST(CfrAgentTest, BadParametersAreErrorsNamingThem) {
  const auto make = [](const std::string& spec) {
    return error_of([&] { make_agent(spec, kuhn(), 1); });
  };
  EXPECT_THAT(make("cfr(iters=0)"), HasSubstr("iters"));
  EXPECT_THAT(make("cfr(iters=many)"), HasSubstr("iters"));
  EXPECT_THAT(make("cfr(sims=10)"), HasSubstr("sims"));
  EXPECT_THAT(make("cfr(iters=10,policy=x.policy)"), HasSubstr("not both"));
  const std::string missing = temp_path(".does_not_exist");
  EXPECT_THAT(make("cfr(policy=" + missing + ")"),
              HasSubstr("cannot read policy file '" + missing + "': no such file"));
  // Paths that are not regular files are refused before reading (/dev/zero
  // was read without end).
  EXPECT_THAT(make("cfr(policy=/dev/zero)"),
              HasSubstr("agent cfr: cannot read policy file '/dev/zero': not a regular file"));
  EXPECT_THAT(make("cfr(policy=/)"), HasSubstr("cannot read policy file '/': is a directory"));
  const std::string too_large = make("cfr(max_nodes=10)");
  EXPECT_THAT(too_large, HasSubstr("more than 10 nodes"));
  EXPECT_THAT(too_large, HasSubstr("kuhn_poker"));
  EXPECT_THAT(make("cfr(max_nodes=0)"), HasSubstr("max_nodes"));
  // A file for another game is refused at construction, not mid-game.
  CfrPlusSolver solver(*kuhn());
  solver.run(5);
  const std::string kuhn_file = temp_path(".policy");
  save_average_policy(solver, kuhn_file);
  EXPECT_THAT(error_of([&] { make_agent("cfr(policy=" + kuhn_file + ")", leduc(), 1); }),
              HasSubstr(kuhn_file));
}

}  // namespace
}  // namespace kibitz
