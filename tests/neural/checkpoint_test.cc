// Checkpoints: a round trip gives identical outputs, and every mismatch is
// refused with a message naming what was expected and what was found.
#include "agents/neural/checkpoint.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "agents/neural/encoders.h"
#include "agents/neural/network.h"
#include "agents/neural/torch_model.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/neural/test_util.h"

namespace kibitz::neural {
namespace {

using testing::expect_refusal;
using testing::save_fresh_network;
using testing::temp_dir;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(Encoders, VersionsAndSizes) {
  EXPECT_EQ(encoder_version("kuhn_poker"), 1);
  EXPECT_EQ(encoder_version("leduc_poker"), 1);
  EXPECT_EQ(encoder_version("loyalist_spies"), 1);
  const auto game = load_game("loyalist_spies");
  EXPECT_EQ(encoder_info(*game), (EncoderInfo{"loyalist_spies", 1, 818}));
  expect_refusal([] { encoder_version("chess"); }, {"chess", "kuhn_poker", "loyalist_spies"});
}

TEST(Checkpoint, RoundTripGivesIdenticalOutputs) {
  for (const std::string spec : {"kuhn_poker", "leduc_poker", "loyalist_spies(players=3)"}) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    const std::string path = temp_dir() + "/net.ckpt";
    PolicyValueNet net(network_shape_for(*game, {16, 8}), 5);
    save_network(path, net, make_checkpoint_info(*game, net->shape(), 1234));

    LoadedNetwork loaded = load_network(path, *game);
    EXPECT_EQ(loaded.info.game_name, game->name());
    EXPECT_EQ(loaded.info.game_spec, game->spec());
    EXPECT_EQ(loaded.info.encoder_version, encoder_version(game->name()));
    EXPECT_EQ(loaded.info.training_step, 1234);
    EXPECT_EQ(loaded.info.shape, net->shape());

    std::vector<float> inputs, masks;
    testing::random_rows(*game, 32, 9, inputs, masks);
    const torch::Tensor x =
        torch::from_blob(inputs.data(), {32, game->information_state_tensor_size()});
    torch::NoGradGuard no_grad;
    const auto before = net->forward(x);
    const auto after = loaded.net->forward(x);
    EXPECT_TRUE(torch::equal(before.logits, after.logits));
    EXPECT_TRUE(torch::equal(before.values, after.values));

    // The same through the inference models: the loaded one and one wrapping
    // the original network.
    const auto loaded_model = TorchModel::load(path, *game);
    TorchModel original_model(net.ptr());
    const std::size_t value_count = 32 * static_cast<std::size_t>(game->num_players());
    std::vector<float> policy(masks.size()), values(value_count);
    std::vector<float> original_policy(masks.size()), original_values(value_count);
    loaded_model->evaluate(32, inputs, masks, policy, values);
    original_model.evaluate(32, inputs, masks, original_policy, original_values);
    EXPECT_EQ(policy, original_policy);
    EXPECT_EQ(values, original_values);
    EXPECT_EQ(loaded_model->checkpoint().training_step, 1234);
  }
}

TEST(Checkpoint, SameSeedSameWeights) {
  const auto game = load_game("leduc_poker");
  PolicyValueNet a(network_shape_for(*game, {8}), 3), b(network_shape_for(*game, {8}), 3),
      c(network_shape_for(*game, {8}), 4);
  const auto ta = network_tensors(a), tb = network_tensors(b), tc = network_tensors(c);
  ASSERT_EQ(ta.size(), 6u);  // weight and bias of the trunk layer and both heads
  EXPECT_EQ(ta[0].name, "trunk.0.weight");
  EXPECT_EQ(ta[2].name, "policy.weight");
  EXPECT_EQ(ta[4].name, "value.weight");
  for (std::size_t i = 0; i < ta.size(); ++i) EXPECT_EQ(ta[i].values, tb[i].values);
  EXPECT_NE(ta[0].values, tc[0].values);
}

TEST(Network, OneDnnPathMatchesTheLinearLayers) {
  // On the CPU the layers run as oneDNN inner products; set_use_onednn(false)
  // gives the plain Linear layers. Outputs and gradients must agree up to
  // rounding, with and without a trunk.
  const auto game = load_game("loyalist_spies");
  std::vector<float> inputs, masks;
  testing::random_rows(*game, 64, 3, inputs, masks);
  const torch::Tensor x = torch::from_blob(inputs.data(), {64, 818});
  for (const std::vector<int>& hidden : {std::vector<int>{32, 16}, std::vector<int>{}}) {
    PolicyValueNet net(network_shape_for(*game, hidden), 2);
    std::vector<torch::Tensor> outputs, gradients;
    for (const bool onednn : {true, false}) {
      net->set_use_onednn(onednn);
      net->zero_grad();
      const auto out = net->forward(x);
      (out.logits.square().sum() + out.values.sum()).backward();
      outputs.push_back(torch::cat({out.logits, out.values}, 1).detach());
      std::vector<torch::Tensor> grads;
      for (const torch::Tensor& p : net->parameters()) grads.push_back(p.grad().flatten());
      gradients.push_back(torch::cat(grads));
    }
    EXPECT_TRUE(torch::allclose(outputs[0], outputs[1], 1e-4, 1e-5));
    EXPECT_TRUE(torch::allclose(gradients[0], gradients[1], 1e-3, 1e-4));
  }
}

TEST(Checkpoint, NoHiddenLayer) {
  const auto game = load_game("kuhn_poker");
  const std::string path = temp_dir() + "/linear.ckpt";
  save_fresh_network(path, *game, {}, 1);
  EXPECT_TRUE(load_network(path, *game).info.shape.hidden.empty());
}

TEST(Checkpoint, WriteIsAtomicAndReplaces) {
  const auto game = load_game("kuhn_poker");
  const std::string dir = temp_dir();
  const std::string path = dir + "/net.ckpt";
  save_fresh_network(path, *game, {4}, 1);
  const std::string first = read_file(path);
  save_fresh_network(path, *game, {4}, 2);
  EXPECT_NE(read_file(path), first);
  // Only the checkpoint itself: no temporary file left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1);
  // A folder that does not exist is a clear error, not a crash.
  PolicyValueNet net(network_shape_for(*game, {4}), 1);
  expect_refusal(
      [&] {
        save_network(dir + "/missing/net.ckpt", net, make_checkpoint_info(*game, net->shape()));
      },
      {"cannot write checkpoint", "missing/net.ckpt"});
}

TEST(NetworkShape, FitsOnlyItsGamesTensorsActionsAndSeats) {
  const auto kuhn = load_game("kuhn_poker");
  const auto leduc = load_game("leduc_poker");
  const auto kuhn3 = load_game("kuhn_poker(players=3)");
  const NetworkShape shape = network_shape_for(*kuhn, {8});
  EXPECT_TRUE(network_fits(shape, *kuhn));
  EXPECT_TRUE(network_fits(network_shape_for(*kuhn, {}), *kuhn));  // the trunk does not matter
  EXPECT_FALSE(network_fits(shape, *leduc));
  EXPECT_FALSE(network_fits(shape, *kuhn3));
  NetworkShape wrong_seats = shape;
  wrong_seats.num_players = 3;
  EXPECT_FALSE(network_fits(wrong_seats, *kuhn));
}

TEST(Checkpoint, RefusesWrongGame) {
  const auto kuhn = load_game("kuhn_poker");
  const auto leduc = load_game("leduc_poker");
  const std::string path = temp_dir() + "/kuhn.ckpt";
  save_fresh_network(path, *kuhn, {4}, 1);
  expect_refusal([&] { load_network(path, *leduc); }, {path, "'kuhn_poker'", "not 'leduc_poker'"});
  expect_refusal([&] { TorchModel::load(path, *leduc); }, {"'kuhn_poker'", "'leduc_poker'"});
}

TEST(Checkpoint, RefusesOtherParametersUnlessAllowed) {
  const auto one_round = load_game("loyalist_spies(rounds=1)");
  const auto full = load_game("loyalist_spies");
  const std::string path = temp_dir() + "/spies.ckpt";
  save_fresh_network(path, *one_round, {4}, 1);
  expect_refusal([&] { load_network(path, *full); },
                 {one_round->spec(), full->spec(), "parameters differ"});
  LoadOptions options;
  options.allow_other_params = true;
  EXPECT_NO_THROW(load_network(path, *full, options));
}

TEST(Checkpoint, RefusesWrongEncoderVersion) {
  const auto game = load_game("leduc_poker");
  const std::string path = temp_dir() + "/old.ckpt";
  PolicyValueNet net(network_shape_for(*game, {4}), 1);
  CheckpointInfo info = make_checkpoint_info(*game, net->shape());
  info.encoder_version = 7;  // as if written by a build with another layout
  save_network(path, net, info);
  expect_refusal([&] { load_network(path, *game); },
                 {path, "encoder version 7", "this build's encoder is version 1"});
}

TEST(Checkpoint, RefusesWrongShape) {
  const auto two = load_game("kuhn_poker(players=2)");
  const auto three = load_game("kuhn_poker(players=3)");
  const std::string path = temp_dir() + "/kuhn2.ckpt";
  save_fresh_network(path, *two, {4}, 1);
  LoadOptions other_params;
  other_params.allow_other_params = true;
  // Three seats encode more floats: the input size is named first.
  expect_refusal([&] { load_network(path, *three, other_params); },
                 {"wrong network shape",
                  "input size expected " + std::to_string(three->information_state_tensor_size()),
                  "found " + std::to_string(two->information_state_tensor_size())});
  // A caller expecting another trunk.
  LoadOptions hidden;
  hidden.hidden = std::vector<int>{8, 8};
  expect_refusal([&] { load_network(path, *two, hidden); },
                 {"hidden layers expected 8,8, found 4"});
  // A header whose shape disagrees with the weights stored under it.
  CheckpointFile file = read_checkpoint(path);
  file.info.shape.hidden = {5};
  write_checkpoint(path, file);
  expect_refusal([&] { load_network(path, *two); }, {"does not match its own shape", "trunk.0"});
}

TEST(Checkpoint, RefusesWrongFormatVersion) {
  const auto game = load_game("kuhn_poker");
  const std::string path = temp_dir() + "/v2.ckpt";
  save_fresh_network(path, *game, {4}, 1);
  std::string bytes = read_file(path);
  ASSERT_EQ(bytes.rfind("kibitz-checkpoint 1\n", 0), 0u);
  bytes.replace(0, 19, "kibitz-checkpoint 2");
  write_file(path, bytes);
  expect_refusal([&] { load_network(path, *game); },
                 {path, "format version 2", "reads format version 1"});
}

TEST(Checkpoint, RefusesNotACheckpoint) {
  const auto game = load_game("kuhn_poker");
  const std::string path = temp_dir() + "/other.pt";
  write_file(path,
             std::string("PK\x03\x04 a zip file, say"));  // a zip header, as torch::save writes
  expect_refusal([&] { load_network(path, *game); }, {path, "not a kibitz checkpoint"});
  write_file(path, "");
  expect_refusal([&] { load_network(path, *game); }, {"not a kibitz checkpoint"});
  expect_refusal([&] { load_network(path + ".missing", *game); },
                 {"cannot read checkpoint '" + path + ".missing': no such file"});
}

TEST(Checkpoint, RefusesTruncatedFiles) {
  const auto game = load_game("leduc_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  save_fresh_network(path, *game, {8}, 1);
  const std::string bytes = read_file(path);
  const std::size_t header_end = bytes.find("end\n") + 4;
  // Cut in the weights, exactly after the header, and inside the header.
  for (const std::size_t keep : {bytes.size() - 1, bytes.size() / 2, header_end, header_end / 2}) {
    SCOPED_TRACE(keep);
    write_file(path, bytes.substr(0, keep));
    expect_refusal([&] { load_network(path, *game); }, {path, "truncated"});
  }
}

TEST(Checkpoint, RefusesCorruptFiles) {
  const auto game = load_game("leduc_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  save_fresh_network(path, *game, {8}, 1);
  const std::string bytes = read_file(path);
  const std::size_t header_end = bytes.find("end\n") + 4;
  // One flipped bit anywhere in the weights is caught by the checksum.
  for (const std::size_t at : {header_end, header_end + 100, bytes.size() - 1}) {
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    write_file(path, bad);
    expect_refusal([&] { load_network(path, *game); }, {path, "corrupt", "checksum"});
  }
  // Extra bytes after the weights.
  write_file(path, bytes + "x");
  expect_refusal([&] { load_network(path, *game); }, {"corrupt", "unexpected bytes"});
  // A damaged header field.
  std::string bad = bytes;
  bad.replace(bad.find("num_actions=3"), 13, "num_actions=x");
  write_file(path, bad);
  expect_refusal([&] { load_network(path, *game); }, {"corrupt", "field num_actions is not a number"});
  bad = bytes;
  bad.replace(bad.find("training_step"), 13, "training_stop");
  write_file(path, bad);
  expect_refusal([&] { load_network(path, *game); }, {"corrupt", "training_step"});
}

}  // namespace
}  // namespace kibitz::neural
