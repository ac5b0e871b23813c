// VectorEnv: rows equal standalone Envs (auto-reset included), buffers are
// identical whatever the thread count, a bad batch changes nothing, views
// describe the buffers, truncation resets.
#include "env/gym/vector_env.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "tests/env/gym/gym_test_util.h"

namespace kibitz::gym {
namespace {

using testing::all_specs;
using testing::random_legal;

template <typename T>
std::span<const T> row(std::span<const T> buffer, int i, int width) {
  return buffer.subspan(static_cast<std::size_t>(i) * static_cast<std::size_t>(width),
                        static_cast<std::size_t>(width));
}

template <typename T>
std::vector<T> as_vector(std::span<const T> values) {
  return std::vector<T>(values.begin(), values.end());
}

// Random legal actions for every env from the current masks (any action for a
// row that will auto-reset, which ignores it).
std::vector<Action> random_actions(const VectorEnv& envs, Rng& rng) {
  std::vector<Action> actions(static_cast<std::size_t>(envs.num_envs()));
  for (int i = 0; i < envs.num_envs(); ++i) {
    const Action a = random_legal(row(envs.legal_masks(), i, envs.num_actions()), rng);
    actions[static_cast<std::size_t>(i)] = a == kInvalidAction ? 0 : a;
  }
  return actions;
}

// Every buffer, as bytes: equal snapshots mean identical outputs.
std::vector<unsigned char> snapshot(const VectorEnv& envs) {
  std::vector<unsigned char> bytes;
  auto add = [&](const auto& span) {
    const auto* p = reinterpret_cast<const unsigned char*>(span.data());
    bytes.insert(bytes.end(), p, p + span.size_bytes());
  };
  add(envs.observations());
  add(envs.legal_masks());
  add(envs.rewards());
  add(envs.episode_returns());
  add(envs.players());
  add(envs.first());
  add(envs.terminated());
  add(envs.truncated());
  return bytes;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

class VectorEnvGameTest : public ::testing::TestWithParam<std::string> {};

TEST_P(VectorEnvGameTest, RowsEqualStandaloneEnvsWithAutoReset) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  constexpr int kEnvs = 5;
  constexpr std::uint64_t kSeed = 42;
  VectorEnv batch(game, kEnvs, 2);
  std::vector<std::unique_ptr<Env>> singles;
  for (int i = 0; i < kEnvs; ++i) {
    singles.push_back(std::make_unique<Env>(game));
    singles.back()->reset(derive_seed(kSeed, "env", static_cast<std::uint64_t>(i)));
  }
  batch.reset(kSeed);
  Rng rng(3);
  int episodes_ended = 0;
  // 400 steps, and on for games whose episodes are longer until one ends.
  for (int t = 0; t <= 400 || (episodes_ended == 0 && t <= game->max_game_length()); ++t) {
    for (int i = 0; i < kEnvs; ++i) {
      const TimeStep step = singles[static_cast<std::size_t>(i)]->time_step();
      const auto at = static_cast<std::size_t>(i);
      ASSERT_EQ(batch.players()[at], step.player) << "env " << i << " step " << t;
      ASSERT_EQ(batch.first()[at] != 0, step.first);
      ASSERT_EQ(batch.terminated()[at] != 0, step.terminated);
      ASSERT_EQ(batch.truncated()[at] != 0, step.truncated);
      ASSERT_EQ(as_vector(row(batch.observations(), i, batch.observation_size())),
                as_vector(step.observation));
      ASSERT_EQ(as_vector(row(batch.legal_masks(), i, batch.num_actions())),
                as_vector(step.legal_mask));
      ASSERT_EQ(as_vector(row(batch.rewards(), i, batch.num_players())), as_vector(step.rewards));
      if (step.done()) {
        ++episodes_ended;
        ASSERT_EQ(as_vector(row(batch.episode_returns(), i, batch.num_players())),
                  as_vector(step.episode_returns));
      }
    }
    const std::vector<Action> actions = random_actions(batch, rng);
    batch.step(actions);
    for (int i = 0; i < kEnvs; ++i) {
      Env& single = *singles[static_cast<std::size_t>(i)];
      if (single.needs_reset()) {
        single.reset();
      } else {
        single.step(actions[static_cast<std::size_t>(i)]);
      }
    }
  }
  EXPECT_GT(episodes_ended, 0) << "the run should cover auto-resets";
}

TEST_P(VectorEnvGameTest, BuffersAreIdenticalForOneTwoAndThreeThreads) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  constexpr int kEnvs = 7;  // uneven chunks for 2 and 3 threads
  std::vector<std::unique_ptr<VectorEnv>> batches;
  for (int threads : {1, 2, 3}) {
    batches.push_back(std::make_unique<VectorEnv>(game, kEnvs, threads));
    batches.back()->reset(2026);
  }
  Rng rng(9);
  for (int t = 0; t < 300; ++t) {
    const std::vector<unsigned char> expected = snapshot(*batches[0]);
    for (std::size_t b = 1; b < batches.size(); ++b) {
      ASSERT_EQ(snapshot(*batches[b]), expected) << batches[b]->threads() << " threads, step " << t;
    }
    const std::vector<Action> actions = random_actions(*batches[0], rng);
    for (auto& batch : batches) batch->step(actions);
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, VectorEnvGameTest, ::testing::ValuesIn(all_specs()), test_name);

TEST(VectorEnvTest, AnEndedEpisodeRestartsOnTheNextStepIgnoringItsAction) {
  const std::shared_ptr<const Game> game = load_game("kuhn_poker");
  VectorEnv batch(game, 4, 1);
  batch.reset(5);
  Rng rng(2);
  // Play until some env ends its episode.
  int ended = -1;
  for (int t = 0; t < 10 && ended < 0; ++t) {
    batch.step(random_actions(batch, rng));
    for (int i = 0; i < 4 && ended < 0; ++i) {
      if (batch.terminated()[static_cast<std::size_t>(i)] != 0) ended = i;
    }
  }
  ASSERT_GE(ended, 0);
  const auto at = static_cast<std::size_t>(ended);
  EXPECT_EQ(batch.players()[at], kTerminalPlayer);
  EXPECT_EQ(batch.first()[at], 0);
  EXPECT_EQ(batch.env(ended).episode(), 0u);
  std::vector<Action> actions = random_actions(batch, rng);
  actions[at] = -7;  // ignored: the env restarts instead
  batch.step(actions);
  EXPECT_EQ(batch.first()[at], 1);
  EXPECT_EQ(batch.terminated()[at], 0);
  EXPECT_EQ(batch.env(ended).episode(), 1u);
  EXPECT_EQ(batch.env(ended).episode_step(), 0);
  EXPECT_EQ(as_vector(row(batch.rewards(), ended, 2)), std::vector<float>({0.0f, 0.0f}));
  EXPECT_EQ(as_vector(row(batch.episode_returns(), ended, 2)), std::vector<float>({0.0f, 0.0f}));
  EXPECT_EQ(batch.players()[at], batch.env(ended).state().current_player());
  EXPECT_GE(batch.players()[at], 0);
}

TEST(VectorEnvTest, AnIllegalActionThrowsNamingTheEnvAndChangesNothing) {
  const std::shared_ptr<const Game> game = load_game("leduc_poker");
  VectorEnv batch(game, 6, 2);
  EXPECT_NE(error_of([&] { batch.step(std::vector<Action>(6, 1)); }).find("before reset"),
            std::string::npos);
  batch.reset(8);
  const std::vector<unsigned char> before = snapshot(batch);
  std::vector<Action> actions(6, 1);  // call: legal at every first decision
  actions[3] = 0;                     // fold: illegal when nobody has bet
  const std::string message = error_of([&] { batch.step(actions); });
  EXPECT_NE(message.find("env 3"), std::string::npos) << message;
  EXPECT_NE(message.find("illegal action 0"), std::string::npos) << message;
  EXPECT_EQ(snapshot(batch), before);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(batch.env(i).episode_step(), 0);
  EXPECT_NE(error_of([&] { batch.step(std::vector<Action>(5, 1)); }).find("needs 6 actions"),
            std::string::npos);
  actions[3] = 1;
  batch.step(actions);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(batch.env(i).episode_step(), 1);
}

TEST(VectorEnvTest, ViewsDescribeTheBuffers) {
  const std::shared_ptr<const Game> game = load_game("leduc_poker");
  VectorEnv batch(game, 3, 1);
  const BufferView obs = batch.observations_view();
  EXPECT_EQ(obs.data, batch.observations().data());
  EXPECT_EQ(obs.dtype, DType::kFloat32);
  EXPECT_EQ(obs.rank, 2);
  EXPECT_EQ(obs.shape[0], 3);
  EXPECT_EQ(obs.shape[1], game->information_state_tensor_size());
  EXPECT_EQ(obs.strides[0], game->information_state_tensor_size());
  EXPECT_EQ(obs.strides[1], 1);
  const BufferView mask = batch.legal_masks_view();
  EXPECT_EQ(mask.data, batch.legal_masks().data());
  EXPECT_EQ(mask.shape[1], game->num_distinct_actions());
  const BufferView rewards = batch.rewards_view();
  EXPECT_EQ(rewards.data, batch.rewards().data());
  EXPECT_EQ(rewards.shape[1], 2);
  EXPECT_EQ(batch.episode_returns_view().data, batch.episode_returns().data());
  const BufferView players = batch.players_view();
  EXPECT_EQ(players.data, batch.players().data());
  EXPECT_EQ(players.dtype, DType::kInt32);
  EXPECT_EQ(players.rank, 1);
  EXPECT_EQ(players.shape[0], 3);
  EXPECT_EQ(players.strides[0], 1);
  EXPECT_EQ(batch.first_view().data, batch.first().data());
  EXPECT_EQ(batch.terminated_view().dtype, DType::kUInt8);
  EXPECT_EQ(batch.terminated_view().data, batch.terminated().data());
  EXPECT_EQ(batch.truncated_view().data, batch.truncated().data());
  // The buffers stay in place across resets and steps.
  batch.reset(1);
  batch.step(std::vector<Action>(3, 1));
  EXPECT_EQ(batch.observations_view().data, obs.data);
}

TEST(VectorEnvTest, TruncatedEpisodesRestart) {
  const std::shared_ptr<const Game> game = load_game("leduc_poker");
  VectorEnv batch(game, 4, 2, EnvOptions{.max_steps = 1});
  batch.reset(3);
  batch.step(std::vector<Action>(4, 1));  // a call never ends Leduc's first round
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(batch.truncated()[i], 1);
    EXPECT_EQ(batch.terminated()[i], 0);
    EXPECT_GE(batch.players()[i], 0);
  }
  batch.step(std::vector<Action>(4, 1));
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(batch.first()[static_cast<std::size_t>(i)], 1);
    EXPECT_EQ(batch.truncated()[static_cast<std::size_t>(i)], 0);
    EXPECT_EQ(batch.env(i).episode(), 1u);
  }
}

TEST(VectorEnvTest, BadSizesAreErrors) {
  const std::shared_ptr<const Game> game = load_game("kuhn_poker");
  EXPECT_NE(error_of([&] { VectorEnv(game, 0); }).find("num_envs"), std::string::npos);
  EXPECT_NE(error_of([&] { VectorEnv(game, 2, 0); }).find("threads"), std::string::npos);
}

}  // namespace
}  // namespace kibitz::gym
