#include "tests/neural/test_util.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <system_error>
#include <vector>

#include "agents/neural/network.h"
#include "agents/neural/torch_model.h"
#include "env/core/rng.h"

namespace kibitz::neural::testing {

namespace {

// These tests load checkpoints on other devices too (the device option and
// its refusals), as kibitz-torch does.
[[maybe_unused]] const bool torch_models_registered = (register_torch_models(), true);

// The folders temp_dir() made; removed when the test program ends.
std::vector<std::filesystem::path>& made_dirs() {
  static std::vector<std::filesystem::path> dirs;
  return dirs;
}

// Removes every folder of made_dirs() after the last test.
class TempDirCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ignored;
    for (const auto& dir : made_dirs()) std::filesystem::remove_all(dir, ignored);
  }
};

// Registered when the test program starts (this file is linked directly into
// it, so the initializer always runs).
[[maybe_unused]] ::testing::Environment* const cleanup =
    ::testing::AddGlobalTestEnvironment(new TempDirCleanup);

}  // namespace

std::string temp_dir() {
  static std::atomic<int> counter{0};
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("kibitz_neural_" + std::string(test->name()) + "_" +
                                     std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  made_dirs().push_back(dir);
  return dir.string();
}

CheckpointInfo save_fresh_network(const std::string& path, const Game& game,
                                  const std::vector<int>& hidden, std::uint64_t seed) {
  PolicyValueNet net(network_shape_for(game, hidden), seed);
  const CheckpointInfo info = make_checkpoint_info(game, net->shape(), /*training_step=*/42);
  save_network(path, net, info);
  return info;
}

std::unique_ptr<State> random_decision(const Game& game, std::uint64_t seed, int moves) {
  Rng rng(seed);
  std::unique_ptr<State> state = game.new_initial_state();
  for (int m = 0; !state->is_terminal(); ++m) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
      continue;
    }
    if (m >= moves) break;
    const ActionList legal = state->legal_actions();
    state->apply_action(legal[rng.uniform_int(legal.size())]);
  }
  return state;
}

void random_rows(const Game& game, int count, std::uint64_t seed, std::vector<float>& inputs,
                 std::vector<float>& masks) {
  const auto in = static_cast<std::size_t>(game.information_state_tensor_size());
  const auto na = static_cast<std::size_t>(game.num_distinct_actions());
  inputs.assign(static_cast<std::size_t>(count) * in, 0.0f);
  masks.assign(static_cast<std::size_t>(count) * na, 0.0f);
  Rng rng(seed);
  for (int r = 0; r < count;) {
    std::unique_ptr<State> state =
        random_decision(game, rng.next(), static_cast<int>(rng.uniform_int(6)));
    if (state->is_terminal()) continue;
    const auto row = static_cast<std::size_t>(r);
    const Player seat = state->current_player();
    state->information_state_tensor(seat, std::span<float>(inputs).subspan(row * in, in));
    state->legal_action_mask(std::span<float>(masks).subspan(row * na, na));
    ++r;
  }
}

}  // namespace kibitz::neural::testing
