// The batching evaluator: batched results equal unbatched ones, concurrent
// submitters each get their own row's result, and the search seam turns the
// network's outputs into absolute values and a prior over the legal actions.
#include "agents/neural/batching_evaluator.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "agents/neural/mock_network.h"
#include "agents/neural/network.h"
#include "agents/neural/torch_model.h"
#include "env/core/registry.h"
#include "tests/neural/test_util.h"

namespace kibitz::neural {
namespace {

// Unbatched reference results: the network called one row at a time.
void one_by_one(PolicyValueFunction& net, int rows, const std::vector<float>& inputs,
                const std::vector<float>& masks, std::vector<float>& policy,
                std::vector<float>& values) {
  const auto in = static_cast<std::size_t>(net.shape().input_size);
  const auto na = static_cast<std::size_t>(net.shape().num_actions);
  const auto np = static_cast<std::size_t>(net.shape().num_players);
  policy.resize(static_cast<std::size_t>(rows) * na);
  values.resize(static_cast<std::size_t>(rows) * np);
  for (std::size_t r = 0; r < static_cast<std::size_t>(rows); ++r) {
    net.evaluate(1, std::span(inputs).subspan(r * in, in), std::span(masks).subspan(r * na, na),
                 std::span(policy).subspan(r * na, na), std::span(values).subspan(r * np, np));
  }
}

TEST(MockNetwork, RowsAreIndependentOfTheBatch) {
  const auto game = load_game("leduc_poker");
  MockNetwork net(network_shape_for(*game, {}), 3);
  std::vector<float> inputs, masks, policy, values;
  testing::random_rows(*game, 20, 1, inputs, masks);
  one_by_one(net, 20, inputs, masks, policy, values);
  std::vector<float> batch_policy(policy.size()), batch_values(values.size());
  net.evaluate(20, inputs, masks, batch_policy, batch_values);
  EXPECT_EQ(batch_policy, policy);
  EXPECT_EQ(batch_values, values);
  for (float v : values) {
    EXPECT_GE(v, game->min_return());
    EXPECT_LE(v, game->max_return());
  }
}

// Many threads submit rows at once through evaluate(); each must get exactly
// the result of its own row, and rows must actually share forward passes.
void concurrent_submitters(std::shared_ptr<PolicyValueFunction> net, const Game& game,
                           float tolerance) {
  constexpr int kThreads = 8;
  constexpr int kRowsPerThread = 60;
  constexpr int kRows = kThreads * kRowsPerThread;
  std::vector<float> inputs, masks, policy, values;
  testing::random_rows(game, kRows, 5, inputs, masks);
  one_by_one(*net, kRows, inputs, masks, policy, values);

  BatchingOptions options;
  options.max_batch = kThreads;
  options.max_wait = std::chrono::milliseconds(5);
  BatchingEvaluator batcher(net, options);
  const auto in = static_cast<std::size_t>(net->shape().input_size);
  const auto na = static_cast<std::size_t>(net->shape().num_actions);
  const auto np = static_cast<std::size_t>(net->shape().num_players);
  std::vector<float> got_policy(policy.size()), got_values(values.size());
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      batcher.attach();
      for (int i = 0; i < kRowsPerThread; ++i) {
        const auto r = static_cast<std::size_t>(t * kRowsPerThread + i);
        batcher.evaluate(
            std::span(inputs).subspan(r * in, in), std::span(masks).subspan(r * na, na),
            std::span(got_policy).subspan(r * na, na), std::span(got_values).subspan(r * np, np));
      }
      batcher.detach();
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (std::size_t i = 0; i < policy.size(); ++i) {
    ASSERT_NEAR(got_policy[i], policy[i], tolerance) << "policy entry " << i;
    if (masks[i] == 0) {
      ASSERT_EQ(got_policy[i], 0.0f);
    }
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    ASSERT_NEAR(got_values[i], values[i], tolerance) << "value entry " << i;
  }
  EXPECT_EQ(batcher.rows(), kRows);
  // Eight clients, each waiting on one row: passes must have been shared.
  EXPECT_LT(batcher.batches(), kRows);
}

TEST(BatchingEvaluator, ConcurrentSubmittersGetTheirOwnRowsMock) {
  const auto game = load_game("leduc_poker");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 7);
  concurrent_submitters(net, *game, 0.0f);  // the mock is exact
  EXPECT_GT(net->largest_batch(), 1);
}

TEST(BatchingEvaluator, ConcurrentSubmittersGetTheirOwnRowsTorch) {
  const auto game = load_game("loyalist_spies(rounds=1)");
  auto net = std::make_shared<TorchModel>(
      std::make_shared<PolicyValueNetImpl>(network_shape_for(*game, {32, 32}), 1));
  // A batched matrix product may round differently from a single row's.
  concurrent_submitters(net, *game, 1e-5f);
}

TEST(BatchingEvaluator, SubmitFuturesAndFullBatches) {
  const auto game = load_game("kuhn_poker");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 7);
  std::vector<float> inputs, masks, policy, values;
  testing::random_rows(*game, 12, 2, inputs, masks);
  one_by_one(*net, 12, inputs, masks, policy, values);
  const auto in = static_cast<std::size_t>(game->information_state_tensor_size());
  BatchingOptions options;
  options.max_batch = 4;
  options.max_wait = std::chrono::seconds(10);  // only full batches, or shutdown, run
  std::vector<std::future<Evaluation>> futures;
  {
    BatchingEvaluator batcher(net, options);
    for (std::size_t r = 0; r < 12; ++r) {
      futures.push_back(batcher.submit(std::span(inputs).subspan(r * in, in),
                                       std::span(masks).subspan(r * 2, 2)));
    }
    for (std::size_t r = 0; r < 12; ++r) {
      const Evaluation e = futures[r].get();
      EXPECT_EQ(e.policy, std::vector<float>(policy.begin() + r * 2, policy.begin() + r * 2 + 2));
      EXPECT_EQ(e.values, std::vector<float>(values.begin() + r * 2, values.begin() + r * 2 + 2));
    }
    EXPECT_EQ(batcher.batches(), 3);
    EXPECT_EQ(net->largest_batch(), 4);
    // A lone row waits for company until the destructor runs it.
    futures.push_back(
        batcher.submit(std::span(inputs).subspan(0, in), std::span(masks).subspan(0, 2)));
  }
  EXPECT_EQ(futures.back().get().policy, std::vector<float>(policy.begin(), policy.begin() + 2));
}

TEST(BatchingEvaluator, SynchronousModeRunsOnTheCaller) {
  const auto game = load_game("kuhn_poker");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 7);
  BatchingOptions options;
  options.threaded = false;
  BatchingEvaluator batcher(net, options);
  std::vector<float> inputs, masks, policy(2), values(2);
  testing::random_rows(*game, 1, 3, inputs, masks);
  batcher.evaluate(inputs, masks, policy, values);
  std::future<Evaluation> ready = batcher.submit(inputs, masks);
  EXPECT_EQ(ready.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  EXPECT_EQ(ready.get().policy, policy);
  EXPECT_EQ(batcher.batches(), 2);
}

// A network that fails: the error reaches the waiting caller.
class FailingNetwork : public PolicyValueFunction {
 public:
  explicit FailingNetwork(NetworkShape shape) : shape_(std::move(shape)) {}
  const NetworkShape& shape() const override { return shape_; }
  void evaluate(int, std::span<const float>, std::span<const float>, std::span<float>,
                std::span<float>) override {
    throw KibitzError("device lost");
  }

 private:
  NetworkShape shape_;
};

TEST(BatchingEvaluator, NetworkErrorsReachTheCaller) {
  const auto game = load_game("kuhn_poker");
  BatchingEvaluator batcher(std::make_shared<FailingNetwork>(network_shape_for(*game, {})),
                            BatchingOptions{});
  std::vector<float> inputs, masks, policy(2), values(2);
  testing::random_rows(*game, 1, 3, inputs, masks);
  EXPECT_THROW(batcher.evaluate(inputs, masks, policy, values), KibitzError);
}

// A batcher that runs each request on the caller's thread, as search with
// one thread uses it.
std::shared_ptr<BatchingEvaluator> synchronous_batcher(std::shared_ptr<MockNetwork> net) {
  BatchingOptions options;
  options.threaded = false;
  return std::make_shared<BatchingEvaluator>(std::move(net), options);
}

TEST(NetworkEvaluator, PriorAndAbsoluteValues) {
  const auto game = load_game("loyalist_spies(players=3,rounds=1)");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 9);
  NetworkEvaluator evaluator(synchronous_batcher(net), game);
  EXPECT_TRUE(evaluator.has_prior());
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    std::unique_ptr<State> world = testing::random_decision(*game, seed, static_cast<int>(seed));
    if (world->is_terminal()) continue;
    const Player seat = world->current_player();
    const ActionList legal = world->legal_actions();
    // The expected outputs, straight from the network.
    const std::vector<float> input = world->information_state_tensor(seat);
    std::vector<float> mask(static_cast<std::size_t>(game->num_distinct_actions()));
    world->legal_action_mask(mask);
    std::vector<float> policy(mask.size()), relative(3);
    net->evaluate(1, input, mask, policy, relative);

    std::vector<double> values(3), prior;
    Rng rng(seed);
    evaluator.evaluate(*world, rng, values, &prior);
    ASSERT_EQ(prior.size(), legal.size());
    double total = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      EXPECT_NEAR(prior[i], policy[static_cast<std::size_t>(legal[i])], 1e-6);
      total += prior[i];
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
    for (int r = 0; r < 3; ++r) {
      EXPECT_EQ(values[static_cast<std::size_t>((seat + r) % 3)],
                relative[static_cast<std::size_t>(r)]);
    }
  }
}

TEST(NetworkEvaluator, ChanceIsSampledAndTerminalWorldsAreExact) {
  const auto game = load_game("kuhn_poker");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 9);
  NetworkEvaluator evaluator(synchronous_batcher(net), game);
  // From the initial (chance) state the evaluator deals, then evaluates.
  std::unique_ptr<State> world = game->new_initial_state();
  std::vector<double> values(2);
  Rng rng(1);
  evaluator.evaluate(*world, rng, values, nullptr);
  EXPECT_FALSE(world->is_chance_node());
  EXPECT_EQ(net->calls(), 1);
}

TEST(NetworkEvaluator, SeatValuesComeFromThatSeatsNextDecision) {
  // From random decisions of 3-seat Spies, seat 0's values: the world moves
  // on until seat 0 acts (then the values are the network's on seat 0's
  // tensor there) or the game ends (then they are the exact returns).
  const auto game = load_game("loyalist_spies(players=3,rounds=1)");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 9);
  NetworkEvaluator evaluator(synchronous_batcher(net), game);
  int advanced = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    // random_decision counts chance moves too: the deal alone is about 55.
    std::unique_ptr<State> world =
        testing::random_decision(*game, seed, 55 + 3 * static_cast<int>(seed));
    if (world->is_terminal()) continue;
    const bool others_first = world->current_player() != 0;
    std::vector<double> values(3);
    Rng rng(seed);
    evaluator.seat_values(*world, 0, rng, values);
    if (world->is_terminal()) {
      EXPECT_EQ(values, world->returns());
      continue;
    }
    ASSERT_EQ(world->current_player(), 0);
    advanced += others_first ? 1 : 0;
    const std::vector<float> input = world->information_state_tensor(0);
    std::vector<float> mask(static_cast<std::size_t>(game->num_distinct_actions()));
    world->legal_action_mask(mask);
    std::vector<float> policy(mask.size()), relative(3);
    net->evaluate(1, input, mask, policy, relative);
    for (int r = 0; r < 3; ++r) {
      EXPECT_EQ(values[static_cast<std::size_t>(r)], relative[static_cast<std::size_t>(r)]);
    }
  }
  EXPECT_GT(advanced, 5);  // the cases where other seats had to move first
}

TEST(NetworkEvaluator, PolicyRolloutsPlayToTheEndWithThePolicy) {
  // Leaf values by policy rollout: the world ends, the values are its exact
  // returns, the prior is still the policy at the leaf, and every seat's move
  // on the way cost one network call. The same generator state gives the
  // same rollout.
  const auto game = load_game("loyalist_spies(players=3,rounds=1)");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 9);
  NetworkEvaluator evaluator(synchronous_batcher(net), game,
                             NetworkEvaluator::LeafValue::kPolicyRollout);
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    std::unique_ptr<State> world =
        testing::random_decision(*game, seed, 55 + 5 * static_cast<int>(seed));
    if (world->is_terminal()) continue;
    const auto start = world->clone();
    const ActionList legal = world->legal_actions();
    std::vector<double> values(3), prior;
    Rng rng(seed);
    const std::int64_t calls_before = net->calls();
    evaluator.evaluate(*world, rng, values, &prior);
    ASSERT_TRUE(world->is_terminal());
    EXPECT_EQ(values, world->returns());
    EXPECT_EQ(prior.size(), legal.size());
    int decisions = 0;
    {
      auto replay = start->clone();
      for (std::size_t t = start->history().size(); t < world->history().size(); ++t) {
        decisions += replay->is_chance_node() ? 0 : 1;
        replay->apply_action(world->history()[t]);
      }
    }
    // One call for the leaf's prior plus one per decision of the rollout.
    EXPECT_EQ(net->calls() - calls_before, 1 + decisions);
    // seat_values rolls out too, and repeats with the same generator.
    auto again = start->clone();
    auto once_more = start->clone();
    std::vector<double> a(3), b(3);
    Rng rng_a(seed + 100), rng_b(seed + 100);
    evaluator.seat_values(*again, 0, rng_a, a);
    evaluator.seat_values(*once_more, 0, rng_b, b);
    EXPECT_TRUE(again->is_terminal());
    EXPECT_EQ(again->history(), once_more->history());
    EXPECT_EQ(a, again->returns());
  }
}

TEST(NetworkEvaluator, CutPolicyRolloutsAreScoredByTheValueHeadWhereTheyStop) {
  // A policy rollout limited to 2 seat moves stops there; the world where it
  // stops (after any chance moves) is valued by the value head of the seat
  // to act, in absolute seat order. In a one-round game rollout_stop=game
  // changes nothing: the rollout ends with the game.
  const auto game = load_game("loyalist_spies(players=3,rounds=1)");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 9);
  NetworkEvaluator cut(synchronous_batcher(net), game, NetworkEvaluator::LeafValue::kPolicyRollout,
                       RolloutLimit{2, false});
  NetworkEvaluator whole(synchronous_batcher(net), game, NetworkEvaluator::LeafValue::kPolicyRollout,
                         RolloutLimit{0, true});
  int scored_by_head = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    std::unique_ptr<State> world = testing::random_decision(*game, seed, 20 + 3 * static_cast<int>(seed));
    if (world->is_terminal()) continue;
    const auto start = world->clone();
    std::vector<double> values(3);
    Rng rng(seed);
    cut.evaluate(*world, rng, values, nullptr);
    if (world->is_terminal()) {
      EXPECT_EQ(values, world->returns());
    } else {
      ASSERT_FALSE(world->is_chance_node());
      int decisions = 0;
      auto replay = start->clone();
      for (std::size_t t = start->history().size(); t < world->history().size(); ++t) {
        decisions += replay->is_chance_node() ? 0 : 1;
        replay->apply_action(world->history()[t]);
      }
      EXPECT_EQ(decisions, 2);
      const Player seat = world->current_player();
      const std::vector<float> input = world->information_state_tensor(seat);
      std::vector<float> mask(static_cast<std::size_t>(game->num_distinct_actions()));
      world->legal_action_mask(mask);
      std::vector<float> policy(mask.size()), relative(3);
      net->evaluate(1, input, mask, policy, relative);
      std::vector<double> expected(3);
      to_absolute_values(seat, relative, expected);
      EXPECT_EQ(values, expected);
      ++scored_by_head;
    }
    auto to_end = start->clone();
    Rng rng_end(seed);
    whole.evaluate(*to_end, rng_end, values, nullptr);
    EXPECT_TRUE(to_end->is_terminal());
  }
  EXPECT_GT(scored_by_head, 5);
}

}  // namespace
}  // namespace kibitz::neural
