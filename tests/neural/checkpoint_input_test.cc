// Checkpoints as untrusted input: weights that are not finite numbers or that
// could overflow, paths that are not regular files, files over the size
// limit, bytes shown in messages, and the `latest` file of a training run.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "agents/neural/checkpoint.h"
#include "agents/neural/cpu_mlp.h"
#include "agents/neural/network.h"
#include "agents/neural/neural_agents.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "tests/neural/test_util.h"
#include "tests/support/error_of.h"

namespace kibitz::neural {
namespace {

using testing::expect_refusal;
using testing::save_fresh_network;
using testing::temp_dir;

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Every way a checkpoint is loaded for play: both models, both agents.
template <typename Check>
void for_every_loader(const std::string& path, const Game& game, Check check) {
  register_neural_agents();
  check("load_network", [&] { load_network(path, game); });
  check("CpuMlp::load", [&] { CpuMlp::load(path, game); });
  check("nn", [&] { make_agent("nn(model=" + path + ")", game.shared(), 1); });
  check("ismcts_nn", [&] { make_agent("ismcts_nn(model=" + path + ")", game.shared(), 1); });
}

// Expects every loader to refuse `path` with a message holding `parts`.
void expect_every_loader_refuses(const std::string& path, const Game& game,
                                 const std::vector<std::string>& parts) {
  for_every_loader(path, game, [&](const std::string& loader, auto load) {
    SCOPED_TRACE(loader);
    expect_refusal(load, parts);
  });
}

// A fresh network's checkpoint at `path` with one weight replaced: the file
// is rewritten whole, so its checksum is right and only the value is wrong,
// as when training diverged.
void save_with_weight(const std::string& path, const Game& game, const std::string& tensor,
                      std::size_t index, float value) {
  save_fresh_network(path, game, {8}, 1);
  CheckpointFile file = read_checkpoint(path);
  for (NamedTensor& t : file.tensors) {
    if (t.name == tensor) t.values.at(index) = value;
  }
  write_checkpoint(path, file);
}

// NaN and infinite weights loaded; nn then stopped with an internal error
// and ismcts_nn played on, recording NaN values.
TEST(CheckpointInput, RefusesWeightsThatAreNotFiniteNamingTheParameter) {
  const auto game = load_game("leduc_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (const auto& [tensor, value] :
       std::vector<std::pair<std::string, float>>{{"trunk.0.weight", nan},
                                                  {"trunk.0.bias", inf},
                                                  {"policy.weight", -inf},
                                                  {"value.bias", nan}}) {
    SCOPED_TRACE(tensor);
    save_with_weight(path, *game, tensor, 1, value);
    expect_every_loader_refuses(path, *game,
                                {path, "corrupt", "parameter '" + tensor + "'", "finite"});
  }
}

// Finite weights so large that a forward pass overflows to inf and NaN.
TEST(CheckpointInput, RefusesWeightsThatCouldOverflow) {
  const auto game = load_game("leduc_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  save_fresh_network(path, *game, {8}, 1);
  CheckpointFile file = read_checkpoint(path);
  for (NamedTensor& t : file.tensors) {
    if (t.name == "trunk.0.weight") std::fill(t.values.begin(), t.values.end(), 3e38f);
  }
  write_checkpoint(path, file);
  expect_every_loader_refuses(path, *game, {path, "too large", "layer 'trunk.0'"});

  // The bound is carried through the layers: the first layer's outputs are
  // within it, the second layer multiplies them past it.
  save_fresh_network(path, *game, {8, 8, 8}, 1);
  file = read_checkpoint(path);
  for (NamedTensor& t : file.tensors) std::fill(t.values.begin(), t.values.end(), 1e14f);
  write_checkpoint(path, file);
  expect_every_loader_refuses(path, *game, {path, "too large", "layer 'trunk.1'"});
}

TEST(CheckpointInput, RefusesNonFiniteHeaderNumbers) {
  const auto game = load_game("kuhn_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  save_fresh_network(path, *game, {4}, 1);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* value : {"inf", "nan", "-inf"}) {
    SCOPED_TRACE(value);
    std::string bad = bytes;
    const std::size_t at = bad.find("value_max=");
    bad.replace(at, bad.find('\n', at) - at, std::string("value_max=") + value);
    write_file(path, bad);
    // Allowing other parameters skips the value range comparison, so only
    // the header check stands between the file and the network.
    LoadOptions options;
    options.allow_other_params = true;
    expect_refusal([&] { CpuMlp::load(path, *game, options); },
                   {path, "field value_max is not a finite number"});
  }
}

// nn(model=/tmp) was an internal error (basic_filebuf::underflow);
// nn(model=/dev/zero) read without end.
TEST(CheckpointInput, RefusesPathsThatAreNotRegularFiles) {
  const auto game = load_game("kuhn_poker");
  const std::string dir = temp_dir();
  expect_every_loader_refuses(dir, *game, {"cannot read checkpoint '" + dir + "': is a directory"});
  expect_every_loader_refuses("/dev/zero", *game,
                              {"cannot read checkpoint '/dev/zero': not a regular file"});
  expect_every_loader_refuses(dir + "/missing.pt", *game,
                              {"cannot read checkpoint '" + dir + "/missing.pt': no such file"});
}

TEST(CheckpointInput, RefusesAFileOverTheSizeLimitUnread) {
  const auto game = load_game("kuhn_poker");
  const std::string path = temp_dir() + "/huge.pt";
  std::ofstream(path).close();
  std::filesystem::resize_file(path, kMaxCheckpointBytes + 1);  // sparse: nothing written
  expect_refusal([&] { read_checkpoint(path); },
                 {"cannot read checkpoint '" + path + "'",
                  "more than the limit of " + std::to_string(kMaxCheckpointBytes)});
  std::filesystem::remove(path);
}

bool printable(const std::string& text) {
  for (const char c : text) {
    if (c < 0x20 || c >= 0x7f) return false;
  }
  return true;
}

// nn(model=FILE) from a web request echoed the first 24 bytes of any server
// file (issue 30): no message shows the file's bytes, escaped or not.
TEST(CheckpointInput, NoMessageQuotesTheFilesBytes) {
  const auto game = load_game("kuhn_poker");
  const std::string path = temp_dir() + "/net.ckpt";
  for (const std::string& text : {std::string("\x1b[2J\x00\x01\xff SECRET garbage", 22),
                                  std::string("root:x:0:0:SECRET:/root\n"),
                                  std::string("kibitz-checkpoint SECRET\n"), std::string("SECRET\n")}) {
    write_file(path, text);
    const std::string message = error_of([&] { read_checkpoint(path); });
    EXPECT_TRUE(message.find("not a kibitz checkpoint") != std::string::npos ||
                message.find("is corrupt: its first line is not") != std::string::npos)
        << message;
    EXPECT_EQ(message.find("SECRET"), std::string::npos) << message;
    EXPECT_EQ(message.find("\\x"), std::string::npos) << message;
    EXPECT_TRUE(printable(message)) << message;
  }
  std::string message;

  save_fresh_network(path, *game, {4}, 1);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Control bytes in a header line, a header field, the format version.
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"game_name=kuhn_poker", "game_name=kuhn\x1b[31mpoker"},
           {"num_actions=2", "num_actions=\x07\x08"},
           {"kibitz-checkpoint 1", std::string("kibitz-checkpoint \x1b\x00", 20)}}) {
    std::string bad = bytes;
    bad.replace(bad.find(from), from.size(), to);
    write_file(path, bad);
    message = error_of([&] { read_checkpoint(path); });
    EXPECT_NE(message.find("corrupt"), std::string::npos) << message;
    EXPECT_EQ(message.find("\\x"), std::string::npos) << message;
    EXPECT_TRUE(printable(message)) << message;
  }

  // A tensor name with a control byte (checksummed, so only its header is
  // wrong).
  save_fresh_network(path, *game, {4}, 1);
  CheckpointFile file = read_checkpoint(path);
  file.tensors[0].name = "trunk\x1b.0.weight";
  write_checkpoint(path, file);
  message = error_of([&] { read_checkpoint(path); });
  EXPECT_NE(message.find("the header of tensor 0 is not"), std::string::npos) << message;
  EXPECT_EQ(message.find("trunk"), std::string::npos) << message;
  EXPECT_TRUE(printable(message)) << message;
}

// nn(model=runs/x/latest) said "not a kibitz checkpoint": `latest` holds the
// name of the run's newest checkpoint, which is loaded instead.
TEST(CheckpointInput, ATrainingRunsLatestFileLoadsTheCheckpointItNames) {
  const auto game = load_game("leduc_poker");
  const std::string run = temp_dir();
  save_fresh_network(run + "/ckpt-000003.pt", *game, {8}, 3);
  save_fresh_network(run + "/ckpt-000012.pt", *game, {8}, 12);
  // As training/trainer.cc writes it: the stem and a newline.
  write_file(run + "/latest", "ckpt-000012\n");

  const CheckpointFile latest = read_checkpoint(run + "/latest");
  EXPECT_EQ(latest.path, run + "/ckpt-000012.pt");
  const CheckpointFile direct = read_checkpoint(run + "/ckpt-000012.pt");
  EXPECT_EQ(latest.path, direct.path);
  ASSERT_EQ(latest.tensors.size(), direct.tensors.size());
  for (std::size_t i = 0; i < latest.tensors.size(); ++i) {
    EXPECT_EQ(latest.tensors[i].values, direct.tensors[i].values);
  }
  for_every_loader(run + "/latest", *game, [](const std::string& loader, auto load) {
    SCOPED_TRACE(loader);
    EXPECT_EQ(error_of(load), "");
  });
  // A full name with its extension reads too.
  write_file(run + "/latest", "ckpt-000003.pt");
  EXPECT_EQ(read_checkpoint(run + "/latest").path, run + "/ckpt-000003.pt");
  // Messages about the network name the checkpoint, not the pointer.
  const auto kuhn = load_game("kuhn_poker");
  expect_refusal([&] { CpuMlp::load(run + "/latest", *kuhn); },
                 {"checkpoint '" + run + "/ckpt-000003.pt' is for game 'leduc_poker'"});
}

TEST(CheckpointInput, ALatestFileNamingAMissingCheckpointIsAClearError) {
  const auto game = load_game("leduc_poker");
  const std::string run = temp_dir();
  write_file(run + "/latest", "ckpt-000099\n");
  // Without the name it holds: a short one-word file may be a secret.
  expect_every_loader_refuses(
      run + "/latest", *game,
      {"'" + run + "/latest' is not a kibitz checkpoint: it holds one file name",
       "no readable checkpoint of that name"});
  EXPECT_EQ(error_of([&] { read_checkpoint(run + "/latest"); }).find("ckpt-000099"),
            std::string::npos);
  // One step only: a pointer to a pointer is not followed.
  write_file(run + "/other", "latest\n");
  write_file(run + "/latest.pt", "ckpt-000099\n");
  expect_refusal([&] { read_checkpoint(run + "/other"); }, {"not a kibitz checkpoint"});
  // Text that is not one file name is no pointer.
  for (const char* text : {"two words\n", "../ckpt-000001\n", "a/b\n", "\n", ".."}) {
    write_file(run + "/text", text);
    expect_refusal([&] { read_checkpoint(run + "/text"); }, {"not a kibitz checkpoint"});
  }
}

}  // namespace
}  // namespace kibitz::neural
