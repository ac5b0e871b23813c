// The review against the exact answer (issue 35, item 3): on scripted Leduc
// and Kuhn poker games, with the other seat playing a shipped tabular
// policy, the review's value of every legal action at every decision of
// the reviewed seat must match the exact value against that policy -- its
// expected return taking the action and best-responding afterwards, from
// the game tree (best_response_action_values) -- within the review's own
// stated error. The engine is ismcts with its opponents drawn from the
// same policy and its worlds weighted by how likely the policy made the
// opponent's moves (docs/review.md, "Checked against exact losses").
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "agents/tabular/best_response.h"
#include "agents/tabular/cfr_agent.h"
#include "agents/tabular/game_tree.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/registry.h"
#include "replays/replay_record.h"
#include "tests/tools/scripted_record.h"
#include "tools/review/seat_decisions.h"
#include "tools/review/seat_review.h"

namespace kibitz::tools {
namespace {

const std::string kLeducPolicy =
    std::string(KIBITZ_SOURCE_DIR) + "/training/models/leduc_poker/policy.txt";

replays::ReplayRecord scripted(const std::string& game_spec, const std::vector<std::string>& texts) {
  return testing::scripted_record(game_spec, texts);
}

// The engine whose values estimate the exact ones: the other seat is drawn
// from `model` in the tree and weights the worlds.
std::string engine_against(const std::string& model) {
  return "ismcts(c=0.3,opponents=" + model + ",values=best,belief=2000,belief_model=" + model +
         ",belief_floor=0)";
}

// An estimate agrees with the exact figure within this many of its
// standard errors (16 replicates: a t with 15 degrees of freedom exceeds 4
// once in 800; the backed-up values also keep a small bias, docs/review.md
// gives the worst gaps seen over five seeds), plus a floor for estimates
// whose error is zero (an action that ends the game, valued alike in every
// world).
constexpr double kErrors = 4.0;
constexpr double kFloor = 1e-6;

// The loss of the action played against the engine's best, checked against
// the exact values of the same two actions.
void check_loss(const DecisionReview& decision, const GameTree::Infoset& set,
                const std::vector<double>& exact) {
  if (decision.forced) return;
  auto exact_of = [&](const std::string& name) {
    for (std::size_t i = 0; i < set.action_names.size(); ++i) {
      if (set.action_names[i] == name) return exact[i];
    }
    ADD_FAILURE() << "no action " << name;
    return 0.0;
  };
  ASSERT_TRUE(decision.loss.has_value()) << "move " << decision.move;
  const double exact_loss = exact_of(decision.best) - exact_of(decision.played);
  const double error = decision.loss_error.value_or(0.0);
  std::printf("  move %d: played %s, loss %.4f +- %.4f, exact loss of it against %s %.4f\n",
              decision.move, decision.played.c_str(), *decision.loss, error,
              decision.best.c_str(), exact_loss);
  EXPECT_LE(std::abs(*decision.loss - exact_loss), kErrors * error + kFloor)
      << "move " << decision.move;
}

struct Checked {
  int actions = 0;
  double worst_z = 0.0;  // the largest |review - exact| / error
};

// Reviews `seat` of `record` and checks every valued action against the
// exact value of the infoset the seat was in, the other seat playing
// `policy`. Prints each comparison (the figures docs/review.md quotes).
Checked check_against_exact(const replays::ReplayRecord& record, Player seat,
                            const std::string& model, const TabularPolicy& policy,
                            std::int64_t sims) {
  const auto game = load_game(record.game);
  const GameTree tree = GameTree::build(*game);
  const std::vector<double> table = tabulate_policy(tree, policy, seat);
  const SeatGame seat_game = seat_game_of(record, seat);
  ReviewOptions options;
  options.agent = engine_against(model);
  options.budget.simulations = sims;
  options.replicates = 16;
  const SeatReview review = review_seat(seat_game, options);
  EXPECT_EQ(review.decisions.size(), seat_game.decisions.size());
  Checked checked;
  for (const DecisionReview& decision : review.decisions) {
    // The seat's infoset at the decision, from the record's true history
    // (the test may read it; the review did not).
    auto state = game->new_initial_state();
    for (int m = 0; m < decision.move; ++m) state->apply_action(record.actions[static_cast<std::size_t>(m)]);
    const int infoset = tree.find_infoset(state->information_state_string(seat));
    EXPECT_GE(infoset, 0);
    if (infoset < 0) continue;
    const std::vector<double> exact = best_response_action_values(tree, table, seat, infoset);
    const GameTree::Infoset& set = tree.infoset(infoset);
    EXPECT_EQ(decision.actions.size(), set.legal_actions.size()) << "move " << decision.move;
    for (const ActionEstimate& estimate : decision.actions) {
      std::size_t i = 0;
      while (i < set.action_names.size() && set.action_names[i] != estimate.action) ++i;
      EXPECT_LT(i, set.action_names.size()) << estimate.action;
      if (i == set.action_names.size()) continue;
      EXPECT_TRUE(estimate.error.has_value());
      const double error = estimate.error.value_or(0.0);
      const double gap = estimate.value - exact[i];
      const double z = error > 0 ? std::abs(gap) / error : (gap == 0 ? 0.0 : 1e9);
      std::printf("  %s seat %d move %d %-6s review %+.4f +- %.4f exact %+.4f (%.1f errors)\n",
                  game->name().c_str(), seat, decision.move, estimate.action.c_str(),
                  estimate.value, error, exact[i], z);
      EXPECT_LE(std::abs(gap), kErrors * error + kFloor)
          << "move " << decision.move << " action " << estimate.action;
      ++checked.actions;
      checked.worst_z = std::max(checked.worst_z, z);
    }
    check_loss(decision, set, exact);
  }
  return checked;
}

TEST(ReviewExact, LeducValuesMatchTheExactBestResponseToTheShippedPolicy) {
  const auto game = load_game("leduc_poker");
  const TabularPolicy policy = load_policy(kLeducPolicy, *game, /*allow_missing=*/false);
  const std::string model = "cfr(policy=" + kLeducPolicy + ")";
  // Seat 1 holds a king; seat 0 checks twice and seat 1 checks back its
  // pair of kings on the flop: the check costs against every policy.
  const replays::ReplayRecord record =
      scripted("leduc_poker", {"deal Qh", "deal Ks", "call", "call", "deal Kh", "call", "call"});
  const Checked one = check_against_exact(record, 1, model, policy, 80000);
  const Checked zero = check_against_exact(record, 0, model, policy, 80000);
  EXPECT_EQ(one.actions + zero.actions, 8);
  std::printf("leduc: %d actions, worst %.2f standard errors\n", one.actions + zero.actions,
              std::max(one.worst_z, zero.worst_z));
}

TEST(ReviewExact, KuhnValuesMatchTheExactBestResponseToCfrAndToUniformPlay) {
  const auto game = load_game("kuhn_poker");
  // Seat 0 holds the jack, checks, and folds to a bet; seat 1 bets its king.
  const replays::ReplayRecord record =
      scripted("kuhn_poker", {"deal J", "deal K", "pass", "bet", "pass"});
  const std::vector<std::pair<std::string, TabularPolicy>> policies = {
      {"cfr(iters=1000)", *CfrAgent::solved_policy(*game, 1000, kDefaultMaxTreeNodes)},
      {"random", TabularPolicy::uniform(*game)}};
  for (const auto& [model, policy] : policies) {
    SCOPED_TRACE(model);
    int actions = 0;
    for (Player seat = 0; seat < 2; ++seat) {
      actions += check_against_exact(record, seat, model, policy, 20000).actions;
    }
    EXPECT_EQ(actions, 6);
  }
}

}  // namespace
}  // namespace kibitz::tools
