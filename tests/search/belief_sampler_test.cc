// BeliefSampler: worlds weighted by how likely the other seats' moves were
// under a policy, checked on Kuhn poker where the weights can be worked out
// by hand.
#include "agents/search/belief_sampler.h"

#include <gtest/gtest.h>

#include <chrono>

#include <cmath>
#include <memory>
#include <vector>

#include "agents/registry.h"
#include "agents/search/belief_model.h"
#include "agents/search/mock_evaluator.h"
#include "agents/search/search_engine.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/games/kuhn_poker/kuhn_poker.h"

namespace kibitz {
namespace {

using kuhn_poker::kBet;
using kuhn_poker::kPass;
using kuhn_poker::KuhnState;

constexpr int kJack = 0;
constexpr int kQueen = 1;
constexpr int kKing = 2;

int card_of(const State& world, Player seat) {
  return static_cast<const KuhnState&>(world).card(seat);
}

// Seat 0 holds the King, seat 1 the Jack, and seat 0 has bet: seat 1 is to
// act and cannot tell whether seat 0 holds the Queen or the King.
std::unique_ptr<State> after_a_bet(const Game& game) {
  auto state = game.new_initial_state();
  state->apply_action(kKing);
  state->apply_action(kJack);
  state->apply_action(kBet);
  return state;
}

// A policy that bets with the King `king_bets` of the time and with any
// other card `other_bets` of the time.
std::unique_ptr<MockEvaluator> betting_model(double king_bets, double other_bets) {
  auto model =
      std::make_unique<MockEvaluator>(std::vector<double>{0.0, 0.0}, std::vector<double>{1.0, 1.0});
  model->set_policy_fn([=](const State& world, std::vector<double>& weights) {
    const double bet = card_of(world, world.current_player()) == kKing ? king_bets : other_bets;
    weights = {1.0 - bet, bet};  // Kuhn's legal actions are pass (0), bet (1)
  });
  return model;
}

// A pool of `worlds` for `seat` at `state`, weighed by `model`.
BeliefSampler weighed_pool(std::shared_ptr<const Game> game, const State& state, Player seat,
                           Evaluator& model, int worlds, double floor, double power,
                           std::uint64_t seed) {
  BeliefSampler sampler(std::move(game), worlds, floor, power);
  Rng rng(seed);
  sampler.refill(SeatView(state, seat), model, rng);
  return sampler;
}

// The pool's total weight on worlds where seat 0 holds the King.
double king_weight(const BeliefSampler& sampler) {
  double weight = 0;
  for (int i = 0; i < sampler.size(); ++i) {
    if (card_of(sampler.world(i), 0) == kKing) weight += sampler.weight(i);
  }
  return weight;
}

int kings_in_pool(const BeliefSampler& sampler) {
  int kings = 0;
  for (int i = 0; i < sampler.size(); ++i) kings += card_of(sampler.world(i), 0) == kKing;
  return kings;
}

TEST(BeliefSampler, WeightsFollowBayesRule) {
  // The model bets 90% with the King and 30% with the Queen. A pool world's
  // weight is its seat-0 bet probability mixed with the uniform 1/2 by the
  // floor, normalised over the pool.
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  auto model = betting_model(0.9, 0.3);
  for (double floor : {0.0, 0.2}) {
    const BeliefSampler sampler = weighed_pool(game, *state, 1, *model, 64, floor, 1.0, 3);
    const int kings = kings_in_pool(sampler);
    ASSERT_GT(kings, 0);
    ASSERT_LT(kings, 64);  // both hidden cards were drawn
    const double king = (1 - floor) * 0.9 + floor * 0.5;
    const double queen = (1 - floor) * 0.3 + floor * 0.5;
    const double expected = kings * king / (kings * king + (64 - kings) * queen);
    EXPECT_NEAR(king_weight(sampler), expected, 1e-12) << "floor " << floor;
    double total = 0;
    for (int i = 0; i < sampler.size(); ++i) total += sampler.weight(i);
    EXPECT_NEAR(total, 1.0, 1e-12);
  }
}

TEST(BeliefSampler, PowerTempersTheWeights) {
  // power 1/2: the likelihood ratio 0.9 : 0.3 becomes sqrt(3) : 1.
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  auto model = betting_model(0.9, 0.3);
  const BeliefSampler sampler = weighed_pool(game, *state, 1, *model, 64, 0.0, 0.5, 3);
  const int kings = kings_in_pool(sampler);
  const double ratio = std::sqrt(3.0);
  EXPECT_NEAR(king_weight(sampler), kings * ratio / (kings * ratio + (64 - kings)), 1e-12);
}

TEST(BeliefSampler, AMoveTheModelRulesOutZeroesTheWorldWithoutAFloor) {
  // Only the King bets: the Queen worlds weigh nothing, and every world
  // drawn from the pool gives seat 0 the King.
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  auto model = betting_model(1.0, 0.0);
  const BeliefSampler sampler = weighed_pool(game, *state, 1, *model, 32, 0.0, 1.0, 5);
  ASSERT_LT(kings_in_pool(sampler), 32);
  EXPECT_DOUBLE_EQ(king_weight(sampler), 1.0);
  EXPECT_NEAR(sampler.effective_size(), kings_in_pool(sampler), 1e-9);
  auto world = game->new_initial_state();
  Rng rng(6);
  for (int i = 0; i < 200; ++i) {
    sampler.draw(rng, *world);
    EXPECT_EQ(card_of(*world, 0), kKing);
    EXPECT_EQ(world->history(), state->history());
  }
}

TEST(BeliefSampler, FlatSettingsGiveEqualWeights) {
  // floor 1 or power 0: the model is not even asked, every weight is 1/n.
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  for (const auto& [floor, power] : {std::pair{1.0, 1.0}, std::pair{0.0, 0.0}}) {
    auto model = betting_model(1.0, 0.0);
    const BeliefSampler sampler = weighed_pool(game, *state, 1, *model, 16, floor, power, 5);
    for (int i = 0; i < sampler.size(); ++i) EXPECT_DOUBLE_EQ(sampler.weight(i), 1.0 / 16);
    EXPECT_NEAR(sampler.effective_size(), 16.0, 1e-9);
    EXPECT_EQ(model->policy_calls(), 0);
  }
}

TEST(BeliefSampler, OnlyTheOtherSeatsMovesAreWeighed) {
  // Seat 0 passed, seat 1 bet, seat 0 is to act: the model is asked once per
  // world (seat 1's bet), never about seat 0's own pass. A model under which
  // seat 0 never passes would otherwise zero every world.
  auto game = load_game("kuhn_poker");
  auto state = game->new_initial_state();
  for (Action a : {kQueen, kJack, kPass, kBet}) state->apply_action(a);
  auto model = betting_model(1.0, 1.0);  // everyone always bets
  const BeliefSampler sampler = weighed_pool(game, *state, 0, *model, 8, 0.0, 1.0, 2);
  EXPECT_EQ(model->policy_calls(), 8);
  EXPECT_NEAR(sampler.effective_size(), 8.0, 1e-9);
}

TEST(BeliefSampler, SearchCallsOrFoldsByTheBelief) {
  // Seat 1 holds the Queen and faces seat 0's bet; seat 0 holds the Jack or
  // the King. Drawn uniformly, half the worlds are the Jack's: calling wins
  // 2 there and loses 2 against the King, better than folding's -1. Under a
  // model in which only the King bets, every world is the King's, and
  // folding is better. The search must follow.
  auto game = load_game("kuhn_poker");
  auto state = game->new_initial_state();
  for (Action a : {kKing, kQueen, kBet}) state->apply_action(a);
  for (int belief_worlds : {0, 16}) {
    SearchSettings settings;
    settings.belief_worlds = belief_worlds;
    settings.belief_floor = 0.0;
    SearchEngine engine(game, settings, betting_model(1.0, 0.0));
    RootSummary summary;
    summary.clear(game->num_distinct_actions());
    SearchBudget budget;
    budget.simulations = 400;
    Rng rng(4);
    engine.search(SeatView(*state, 1), rng, budget, summary);
    const bool folds = summary.visits[kPass] > summary.visits[kBet];
    EXPECT_EQ(folds, belief_worlds > 0) << "belief_worlds " << belief_worlds;
    if (belief_worlds > 0) {
      // The Jack worlds of the pool weigh nothing.
      EXPECT_GE(summary.belief_effective_worlds, 1.0);
      EXPECT_LT(summary.belief_effective_worlds, 16.0);
    } else {
      EXPECT_EQ(summary.belief_effective_worlds, 0.0);
    }
  }
}

// A decision's time budget covers its belief pool (issue 32): a pool whose
// time is up stops growing, at one world, weighted alone; without a limit,
// or with one far ahead, it is full. Refilled after a short pool, it is full
// again.
TEST(BeliefSampler, APoolStopsGrowingWhenItsTimeIsUp) {
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  auto model = betting_model(0.9, 0.3);
  BeliefSampler sampler(game, 32, 0.2, 1.0);
  Rng rng(7);
  const SeatView view(*state, 1);
  sampler.refill(view, *model, rng, std::chrono::steady_clock::now());
  ASSERT_EQ(sampler.size(), 1);
  EXPECT_DOUBLE_EQ(sampler.weight(0), 1.0);
  auto world = game->new_initial_state();
  sampler.draw(rng, *world);
  EXPECT_EQ(world->history(), sampler.world(0).history());
  sampler.refill(view, *model, rng, std::chrono::steady_clock::now() + std::chrono::hours(1));
  EXPECT_EQ(sampler.size(), 32);
  sampler.refill(view, *model, rng, std::chrono::steady_clock::now());
  sampler.refill(view, *model, rng);
  EXPECT_EQ(sampler.size(), 32);
  double total = 0;
  for (int i = 0; i < sampler.size(); ++i) total += sampler.weight(i);
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(BeliefSamplerDeathTest, RefusesAnEvaluatorWithoutAPolicyAndBadSettings) {
  auto game = load_game("kuhn_poker");
  SearchSettings settings;
  settings.belief_worlds = 8;
  EXPECT_DEATH(SearchEngine(game, settings, std::make_unique<RandomRolloutEvaluator>()),
               "belief_worlds needs a belief model or an evaluator with a policy");
  EXPECT_DEATH(BeliefSampler(game, 0, 0.2, 1.0), "at least one world");
  EXPECT_DEATH(BeliefSampler(game, 4, 1.5, 1.0), "floor");
  EXPECT_DEATH(BeliefSampler(game, 4, 0.2, -1.0), "power");
  EXPECT_DEATH(BeliefSampler(game, 4, 0.2, 1.0, 1.5, 2), "min_ess");
  EXPECT_DEATH(BeliefSampler(game, 4, 0.2, 1.0, 0.5, 0), "at least one round");
}

int kings_in_first(const BeliefSampler& sampler, int n) {
  int kings = 0;
  for (int i = 0; i < n; ++i) kings += card_of(sampler.world(i), 0) == kKing;
  return kings;
}

// With min_ess, a pool whose effective size falls short grows by a pool's
// worth of worlds at a time, up to `rounds` pools. Only the King bets, with
// no floor: the Queen worlds weigh nothing, so a pool's effective size is
// its number of King worlds, about half of it.
TEST(BeliefSampler, APoolShortOfItsEffectiveSizeGrows) {
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  auto model = betting_model(1.0, 0.0);
  const SeatView view(*state, 1);
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    // Asked for an effective size of 16 from pools of 16: it grows a round
    // at a time while its King worlds are fewer than 16, and stops at 3.
    BeliefSampler sampler(game, 16, 0.0, 1.0, /*min_ess=*/1.0, /*rounds=*/3);
    Rng rng(seed);
    sampler.refill(view, *model, rng);
    ASSERT_EQ(sampler.size() % 16, 0);
    const int rounds = sampler.size() / 16;
    ASSERT_GE(rounds, 2) << "16 King worlds of 16 is all but impossible";
    for (int r = 1; r < rounds; ++r) {
      EXPECT_LT(kings_in_first(sampler, 16 * r), 16) << seed;
    }
    if (rounds < 3) {
      EXPECT_GE(kings_in_pool(sampler), 16) << seed;
    }
    EXPECT_NEAR(sampler.effective_size(), kings_in_pool(sampler), 1e-9);
    EXPECT_DOUBLE_EQ(king_weight(sampler), 1.0);
  }
  // Asked for a quarter, the first pool's King worlds (about 8) suffice.
  BeliefSampler modest(game, 16, 0.0, 1.0, /*min_ess=*/0.25, /*rounds=*/3);
  Rng rng(8);
  modest.refill(view, *model, rng);
  ASSERT_GE(kings_in_pool(modest), 4);
  EXPECT_EQ(modest.size(), 16);
  // A flat pool (floor 1) never grows: every world weighs alike.
  BeliefSampler flat(game, 16, 1.0, 1.0, 1.0, 3);
  flat.refill(view, *model, rng);
  EXPECT_EQ(flat.size(), 16);
}

// The `random` model knows its probabilities exactly: uniform over the legal
// moves, so in Kuhn (always two) every world weighs alike.
TEST(BeliefSampler, TheRandomModelWeighsKuhnWorldsAlike) {
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  AgentBeliefModel model("random", game, 1);
  BeliefSampler sampler(game, 16, 0.0, 1.0);
  Rng rng(9);
  sampler.refill(SeatView(*state, 1), model, rng);
  for (int i = 0; i < sampler.size(); ++i) EXPECT_DOUBLE_EQ(sampler.weight(i), 1.0 / 16);
}

// A Kuhn agent for the tests below: from its own view, it bets 90% of the
// time with the King and 30% otherwise. With `reports`, it says so
// (DecisionInfo::policy); without, it only acts, betting with the King and
// passing otherwise.
class KuhnBettor : public Agent {
 public:
  explicit KuhnBettor(bool reports) : reports_(reports) {}
  std::string spec() const override { return reports_ ? "test_bettor_reports" : "test_bettor"; }
  Action act(const SeatView& view) override {
    std::vector<float> tensor(static_cast<std::size_t>(view.game().information_state_tensor_size()));
    view.information_state_tensor(tensor);
    const bool king = tensor[2 + kKing] > 0.5f;  // seat one-hot, then card one-hot
    const double bet = king ? 0.9 : 0.3;
    info_.policy = {{kPass, 1.0 - bet}, {kBet, bet}};
    return king ? kBet : kPass;
  }
  const DecisionInfo* last_decision() const override { return reports_ ? &info_ : nullptr; }

 private:
  bool reports_;
  DecisionInfo info_;
};

void register_bettors() {
  static const bool once = [] {
    add_agents({{"test_bettor_reports", "test only", {},
                 [](const Params&, std::shared_ptr<const Game>, std::uint64_t) {
                   return std::make_unique<KuhnBettor>(true);
                 }},
                {"test_bettor", "test only", {},
                 [](const Params&, std::shared_ptr<const Game>, std::uint64_t) {
                   return std::make_unique<KuhnBettor>(false);
                 }}});
    return true;
  }();
  (void)once;
}

// An agent spec as the model: a reported distribution is the probability of
// each move (Bayes' rule as with the evaluator's policy); an agent that
// reports none counts as choosing its move for sure; a spec that does not
// build is refused naming itself.
TEST(BeliefSampler, AnAgentSpecModelsTheOtherSeats) {
  register_bettors();
  auto game = load_game("kuhn_poker");
  auto state = after_a_bet(*game);
  const SeatView view(*state, 1);
  auto reports = make_belief_model("agent ismcts", "test_bettor_reports", game, 3);
  BeliefSampler sampler(game, 64, 0.0, 1.0);
  Rng rng(10);
  sampler.refill(view, *reports, rng);
  const int kings = kings_in_pool(sampler);
  ASSERT_GT(kings, 0);
  ASSERT_LT(kings, 64);
  EXPECT_NEAR(king_weight(sampler), kings * 0.9 / (kings * 0.9 + (64 - kings) * 0.3), 1e-12);
  auto acts = make_belief_model("agent ismcts", "test_bettor", game, 3);
  sampler.refill(view, *acts, rng);
  EXPECT_DOUBLE_EQ(king_weight(sampler), 1.0);
  EXPECT_THROW(make_belief_model("agent ismcts", "no_such_agent", game, 3), KibitzError);
}

}  // namespace
}  // namespace kibitz
