// Where the gym's tensors come from (issue 31): an Env encodes information
// states from per-seat folds fed only the new observations (env/gym/env.h,
// "Tensors"), restarted at every reset. Every row of a VectorEnv, at every
// step of every registered spec, must still equal the State's own tensor for
// the seat to act bit for bit, across auto-resets and truncations, on worker
// threads; the observation tensor, read from the State, is checked alike.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/gym/vector_env.h"
#include "tests/env/gym/gym_test_util.h"

namespace kibitz::gym {
namespace {

using testing::all_specs;
using testing::random_legal;

constexpr int kNumEnvs = 6;
constexpr int kSteps = 200;

// The State's tensor of `seat` for the Env's observation type.
std::vector<float> state_tensor(const Env& env, Player seat) {
  return env.options().observation == ObservationType::kInformationState
             ? env.state().information_state_tensor(seat)
             : env.state().observation_tensor(seat);
}

// Steps a VectorEnv with random legal actions, comparing every live row with
// the State's tensor; returns the episodes started after the first reset
// (auto-resets), so a caller can tell that restarts were exercised.
int check_rows(const std::string& spec, EnvOptions options) {
  VectorEnv envs(load_game(spec), kNumEnvs, 2, options);
  const auto width = static_cast<std::size_t>(envs.observation_size());
  const auto mask_width = static_cast<std::size_t>(envs.num_actions());
  Rng rng(11);
  std::vector<Action> actions(kNumEnvs);
  int restarts = 0;
  envs.reset(5);
  for (int t = 0; t <= kSteps; ++t) {
    for (int i = 0; i < kNumEnvs; ++i) {
      const auto at = static_cast<std::size_t>(i);
      if (t > 0 && envs.first()[at] != 0) ++restarts;
      if (envs.terminated()[at] != 0) continue;
      const std::vector<float> expected = state_tensor(envs.env(i), envs.players()[at]);
      const std::span<const float> row = envs.observations().subspan(at * width, width);
      EXPECT_TRUE(expected.size() == width && std::memcmp(row.data(), expected.data(), width * sizeof(float)) == 0)
          << spec << " env " << i << " at step " << t << " (episode " << envs.env(i).episode() << ", move "
          << envs.env(i).state().move_number() << "): the row differs from the State's tensor of seat "
          << envs.players()[at];
      if (::testing::Test::HasFailure()) return restarts;
    }
    if (t == kSteps) break;
    for (int i = 0; i < kNumEnvs; ++i) {
      const Action a = random_legal(envs.legal_masks().subspan(static_cast<std::size_t>(i) * mask_width, mask_width),
                                    rng);
      actions[static_cast<std::size_t>(i)] = a == kInvalidAction ? 0 : a;
    }
    envs.step(actions);
  }
  return restarts;
}

class GymObservationTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GymObservationTest, InformationStatesEqualTheStateTensorAtEveryStep) {
  check_rows(GetParam(), EnvOptions{});
}

// Truncation after a few decisions resets every env often, so the folds are
// restarted many times mid-game.
TEST_P(GymObservationTest, RestartedFoldsEqualTheStateTensorAfterEveryReset) {
  const int restarts = check_rows(GetParam(), EnvOptions{.max_steps = 7});
  EXPECT_GE(restarts, kNumEnvs) << "too few resets to check the restarted folds";
}

TEST_P(GymObservationTest, ObservationTensorsEqualTheStateTensorAtEveryStep) {
  check_rows(GetParam(), EnvOptions{.observation = ObservationType::kObservation, .max_steps = 30});
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllGames, GymObservationTest, ::testing::ValuesIn(all_specs()), test_name);

}  // namespace
}  // namespace kibitz::gym
