// CpuMlp against TorchModel: the same outputs for random weights and biases
// over several shapes (no hidden layer included), inputs with zeros and
// nonzeros of both signs, batches of several rows; exact zeros on illegal
// actions; refusals of tensors that do not fit the shape, with the messages
// of load_network for checkpoints; and load_model choosing it on the CPU.
#include "agents/neural/cpu_mlp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "agents/neural/network.h"
#include "agents/neural/neural_agents.h"
#include "agents/neural/torch_model.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "tests/neural/test_util.h"
#include "tests/support/error_of.h"

namespace kibitz::neural {
namespace {

using testing::expect_refusal;
using testing::save_fresh_network;
using testing::temp_dir;

// A network of `shape` whose every weight and bias is drawn from `seed`:
// the initialiser leaves biases at zero, which would hide a bias mix-up.
// Weights stay within +-1/sqrt(fan_in), as trained ones roughly do, so the
// activations stay near 1 and float rounding near 1e-7 relative; larger
// weights make both models' sums cancel and their roundings drift apart.
PolicyValueNet random_network(const NetworkShape& shape, std::uint64_t seed) {
  PolicyValueNet net(shape, seed);
  std::vector<NamedTensor> tensors = network_tensors(net);
  Rng rng(seed);
  for (NamedTensor& t : tensors) {
    const double bound =
        t.sizes.size() == 2 ? 1.0 / std::sqrt(static_cast<double>(t.sizes[1])) : 0.5;
    for (float& v : t.values) v = static_cast<float>((2.0 * rng.uniform_double() - 1.0) * bound);
  }
  set_network_tensors(net, tensors);
  return net;
}

// `rows` input rows where about half the entries are zero and the rest are
// uniform in [-2, 2], and masks with about a third of the actions illegal;
// the second row (when there is one) has no legal action at all.
void random_inputs(const NetworkShape& shape, int rows, std::uint64_t seed,
                   std::vector<float>& inputs, std::vector<float>& masks) {
  Rng rng(seed);
  inputs.assign(static_cast<std::size_t>(rows * shape.input_size), 0.0f);
  for (float& x : inputs) {
    if (rng.uniform_double() < 0.5) x = static_cast<float>(4.0 * rng.uniform_double() - 2.0);
  }
  masks.assign(static_cast<std::size_t>(rows * shape.num_actions), 0.0f);
  for (int r = 0; r < rows; ++r) {
    for (int a = 0; a < shape.num_actions; ++a) {
      const bool legal = r != 1 && (a == 0 || rng.uniform_double() < 0.67);
      masks[static_cast<std::size_t>(r * shape.num_actions + a)] = legal ? 1.0f : 0.0f;
    }
  }
}

// Evaluates `rows` rows with both models and compares: within 1e-5 relative
// (plus a tiny absolute slack for outputs near zero: the two sum in different
// orders), and exactly 0 on every illegal action.
void expect_same_outputs(PolicyValueFunction& expected, PolicyValueFunction& actual, int rows,
                         const std::vector<float>& inputs, const std::vector<float>& masks) {
  const NetworkShape& s = expected.shape();
  ASSERT_EQ(actual.shape(), s);
  std::vector<float> policy_e(masks.size()), policy_a(masks.size());
  std::vector<float> values_e(static_cast<std::size_t>(rows * s.num_players));
  std::vector<float> values_a(values_e.size());
  expected.evaluate(rows, inputs, masks, policy_e, values_e);
  actual.evaluate(rows, inputs, masks, policy_a, values_a);
  auto tolerance = [](float reference) { return 1e-5 * std::abs(reference) + 1e-7; };
  for (std::size_t i = 0; i < masks.size(); ++i) {
    if (masks[i] == 0.0f) {
      EXPECT_EQ(policy_a[i], 0.0f) << "illegal entry " << i;
    } else {
      EXPECT_NEAR(policy_a[i], policy_e[i], tolerance(policy_e[i])) << "policy entry " << i;
    }
  }
  for (std::size_t i = 0; i < values_e.size(); ++i) {
    EXPECT_NEAR(values_a[i], values_e[i], tolerance(values_e[i])) << "value entry " << i;
  }
}

TEST(CpuMlp, MatchesTorchModelOnRandomWeights) {
  struct Case {
    std::vector<int> hidden;
    double value_min, value_max;
  };
  const std::vector<Case> cases = {
      {{}, -1.0, 1.0},  // the heads read the input directly
      {{16}, -13.0, 13.0},
      {{32, 16}, 0.0, 3.0},
      {{64, 48, 24}, -5.0, 2.0},
  };
  for (const Case& c : cases) {
    NetworkShape shape;
    shape.input_size = 40;
    shape.num_actions = 7;
    shape.num_players = 3;
    shape.hidden = c.hidden;
    shape.value_min = c.value_min;
    shape.value_max = c.value_max;
    SCOPED_TRACE(shape.to_string());
    PolicyValueNet net = random_network(shape, 11);
    TorchModel torch_model(net.ptr());
    CpuMlp mlp(shape, network_tensors(net));
    for (const int rows : {1, 3}) {
      SCOPED_TRACE("batch " + std::to_string(rows));
      std::vector<float> inputs, masks;
      random_inputs(shape, rows, 5 + static_cast<std::uint64_t>(rows), inputs, masks);
      expect_same_outputs(torch_model, mlp, rows, inputs, masks);
    }
  }
}

TEST(CpuMlp, MatchesTorchModelOnGameStates) {
  for (const std::string spec : {"leduc_poker", "loyalist_spies(players=3)"}) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    PolicyValueNet net = random_network(network_shape_for(*game, {64, 32}), 3);
    TorchModel torch_model(net.ptr());
    CpuMlp mlp(net->shape(), network_tensors(net));
    std::vector<float> inputs, masks;
    testing::random_rows(*game, 3, 17, inputs, masks);
    expect_same_outputs(torch_model, mlp, 3, inputs, masks);
  }
}

TEST(CpuMlp, LoadsCheckpointsLikeTorchModel) {
  const auto game = load_game("leduc_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  const CheckpointInfo info = save_fresh_network(path, *game, {16, 8}, 4);
  auto torch_model = TorchModel::load(path, *game);
  auto mlp = CpuMlp::load(path, *game);
  EXPECT_EQ(mlp->checkpoint().training_step, info.training_step);
  EXPECT_EQ(mlp->checkpoint().game_spec, info.game_spec);
  std::vector<float> inputs, masks;
  testing::random_rows(*game, 4, 1, inputs, masks);
  expect_same_outputs(*torch_model, *mlp, 4, inputs, masks);

  // The agents' loader gives this model on the CPU.
  auto loaded = load_model("agent nn", path, *game, "cpu");
  EXPECT_NE(dynamic_cast<CpuMlp*>(loaded.get()), nullptr);

  // Refusals word for word as TorchModel's: another game...
  const auto kuhn = load_game("kuhn_poker");
  const std::string other_game = error_of([&] { CpuMlp::load(path, *kuhn); });
  EXPECT_NE(other_game, "");
  EXPECT_EQ(other_game, error_of([&] { TorchModel::load(path, *kuhn); }));
  // ... and a header whose shape disagrees with its weights.
  CheckpointFile file = read_checkpoint(path);
  file.info.shape.hidden = {16, 9};
  write_checkpoint(path, file);
  const std::string own_shape = error_of([&] { CpuMlp::load(path, *game); });
  EXPECT_NE(own_shape.find("does not match its own shape"), std::string::npos) << own_shape;
  EXPECT_NE(own_shape.find("trunk.1.weight"), std::string::npos) << own_shape;
}

TEST(CpuMlp, RefusesTensorsThatDoNotFitTheShape) {
  NetworkShape shape;
  shape.input_size = 6;
  shape.num_actions = 4;
  shape.num_players = 2;
  shape.hidden = {5};
  PolicyValueNet net(shape, 1);
  const std::vector<NamedTensor> good = network_tensors(net);
  ASSERT_EQ(good.size(), 6u);
  EXPECT_NO_THROW((CpuMlp{shape, good}));

  // A tensor missing.
  std::vector<NamedTensor> tensors(good.begin(), good.end() - 1);
  expect_refusal([&] { CpuMlp{shape, tensors}; }, {"6 parameter tensors", "the weights 5"});
  // The heads in the other order.
  tensors = good;
  std::swap(tensors[2], tensors[4]);
  std::swap(tensors[3], tensors[5]);
  expect_refusal([&] { CpuMlp{shape, tensors}; }, {"'value.weight'", "expects 'policy.weight'"});
  // A weight stored transposed.
  tensors = good;
  tensors[0].sizes = {6, 5};
  expect_refusal([&] { CpuMlp{shape, tensors}; }, {"trunk.0.weight", "[6, 5]", "[5, 6]"});
  // Sizes that promise more values than there are.
  tensors = good;
  tensors[1].values.pop_back();
  expect_refusal([&] { CpuMlp{shape, tensors}; }, {"trunk.0.bias", "4 values"});
  // Another trunk than the shape says.
  NetworkShape wider = shape;
  wider.hidden = {7};
  expect_refusal([&] { CpuMlp{wider, good}; }, {"trunk.0.weight", "[7, 6]"});
}

}  // namespace
}  // namespace kibitz::neural
