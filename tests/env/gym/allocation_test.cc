// The gym layer's no-allocation promise: once built and reset, Env::step,
// Env::reset and VectorEnv::step (auto-resets and worker threads included)
// allocate nothing, for every registered game spec.
//
// This executable links kibitz_counting_allocator
// (tests/support/counting_allocator.h), which replaces the global operator
// new/delete with counting versions; that is why it is separate from
// kibitz_gym_tests.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/gym/env.h"
#include "env/gym/vector_env.h"
#include "tests/env/gym/gym_test_util.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::gym {
namespace {

using testing::all_specs;
using testing_support::allocation_count;

// Random actions from the masks into a reused vector, without allocating.
void choose(const VectorEnv& envs, Rng& rng, std::vector<Action>& actions) {
  const auto width = static_cast<std::size_t>(envs.num_actions());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::span<const float> row = envs.legal_masks().subspan(i * width, width);
    actions[i] = 0;
    std::uint64_t seen = 0;
    // Reservoir sampling over the legal actions: one pass, no list.
    for (std::size_t a = 0; a < width; ++a) {
      if (row[a] != 0.0f && rng.uniform_int(++seen) == 0) actions[i] = static_cast<Action>(a);
    }
  }
}

class GymAllocationTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GymAllocationTest, EnvStepsAndResetsAllocateNothing) {
  Env env(load_game(GetParam()));
  Rng rng(1);
  TimeStep step = env.reset(3);
  const std::int64_t before = allocation_count();
  int steps = 0;
  for (; steps < 2000; ++steps) {
    if (step.done()) {
      step = env.reset();
      continue;
    }
    Action chosen = kInvalidAction;
    std::uint64_t seen = 0;
    for (std::size_t a = 0; a < step.legal_mask.size(); ++a) {
      if (step.legal_mask[a] != 0.0f && rng.uniform_int(++seen) == 0)
        chosen = static_cast<Action>(a);
    }
    step = env.step(chosen);
  }
  EXPECT_EQ(allocation_count() - before, 0) << "over " << steps << " steps and resets";
}

TEST_P(GymAllocationTest, VectorEnvStepsAllocateNothing) {
  for (int threads : {1, 2}) {
    VectorEnv envs(load_game(GetParam()), 16, threads);
    Rng rng(2);
    std::vector<Action> actions(16);
    envs.reset(4);
    const std::int64_t before = allocation_count();
    for (int t = 0; t < 300; ++t) {
      choose(envs, rng, actions);
      envs.step(actions);
    }
    EXPECT_EQ(allocation_count() - before, 0) << threads << " threads";
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllGames, GymAllocationTest, ::testing::ValuesIn(all_specs()), test_name);

}  // namespace
}  // namespace kibitz::gym
