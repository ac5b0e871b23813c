// Env: an episode equals the State played by hand with the same chance draws,
// rewards add up to the returns, masks match legal_actions, bad calls throw
// and change nothing, truncation and the observation option.
#include "env/gym/env.h"

#include <gtest/gtest.h>

#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "tests/env/gym/gym_test_util.h"

namespace kibitz::gym {
namespace {

using testing::all_specs;
using testing::random_legal;

std::vector<float> as_vector(std::span<const float> values) {
  return std::vector<float>(values.begin(), values.end());
}

// The State an Env should be in, played by hand: chance drawn from
// episode_rng(seed, episode) through sample_chance_outcome, rewards summed over
// the agent's transition and the chance transitions that follow it.
class HandPlay {
 public:
  HandPlay(const Game& game, std::uint64_t seed, std::uint64_t episode)
      : state_(game.new_initial_state()),
        chance_(episode_rng(seed, episode)),
        rewards_(static_cast<std::size_t>(game.num_players()), 0.0) {
    advance();
  }

  void step(Action action) {
    std::fill(rewards_.begin(), rewards_.end(), 0.0);
    state_->apply_action(action);
    add_rewards();
    advance();
  }

  const State& state() const { return *state_; }
  const std::vector<double>& rewards() const { return rewards_; }

 private:
  void advance() {
    while (state_->is_chance_node()) {
      state_->apply_action(sample_chance_outcome(state_->chance_outcomes(), chance_));
      add_rewards();
    }
  }
  void add_rewards() {
    const std::vector<double> r = state_->rewards();
    for (std::size_t i = 0; i < r.size(); ++i) rewards_[i] += r[i];
  }

  std::unique_ptr<State> state_;
  Rng chance_;
  std::vector<double> rewards_;
};

// Every field of `step` against the hand-played state.
void expect_matches(const TimeStep& step, const HandPlay& hand, ObservationType type) {
  const State& state = hand.state();
  ASSERT_EQ(step.player, state.current_player());
  ASSERT_EQ(step.terminated, state.is_terminal());
  if (state.is_terminal()) {
    for (float x : step.observation) ASSERT_EQ(x, 0.0f);
    for (float x : step.legal_mask) ASSERT_EQ(x, 0.0f);
  } else {
    const std::vector<float> expected = type == ObservationType::kInformationState
                                            ? state.information_state_tensor(step.player)
                                            : state.observation_tensor(step.player);
    ASSERT_EQ(as_vector(step.observation), expected);
    std::vector<float> mask(static_cast<std::size_t>(state.game().num_distinct_actions()));
    state.legal_action_mask(mask);
    ASSERT_EQ(as_vector(step.legal_mask), mask);
  }
  ASSERT_EQ(step.rewards.size(), hand.rewards().size());
  for (std::size_t i = 0; i < hand.rewards().size(); ++i) {
    ASSERT_EQ(step.rewards[i], static_cast<float>(hand.rewards()[i])) << "seat " << i;
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

class EnvGameTest : public ::testing::TestWithParam<std::string> {};

TEST_P(EnvGameTest, EpisodesEqualTheStatePlayedByHand) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  for (ObservationType type : {ObservationType::kInformationState, ObservationType::kObservation}) {
    Env env(game, EnvOptions{.observation = type});
    Rng agent(7);
    const std::uint64_t seed = 1234;
    // Episode 0 from reset(seed), then episodes 1 and 2 from reset().
    for (std::uint64_t episode = 0; episode < 3; ++episode) {
      HandPlay hand(*game, seed, episode);
      TimeStep step = episode == 0 ? env.reset(seed) : env.reset();
      ASSERT_TRUE(step.first);
      ASSERT_EQ(env.episode(), episode);
      expect_matches(step, hand, type);
      while (!step.done()) {
        const Action action = random_legal(step.legal_mask, agent);
        hand.step(action);
        step = env.step(action);
        ASSERT_FALSE(step.first);
        expect_matches(step, hand, type);
      }
      EXPECT_TRUE(step.terminated);
      EXPECT_TRUE(states_equal(env.state(), hand.state()));
    }
  }
}

TEST_P(EnvGameTest, RewardsOverAnEpisodeSumToItsReturns) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  Env env(game);
  Rng agent(11);
  TimeStep step = env.reset(99);
  for (int episode = 0; episode < 20; ++episode) {
    if (episode > 0) step = env.reset();
    std::vector<double> sum(static_cast<std::size_t>(game->num_players()), 0.0);
    while (true) {
      ASSERT_EQ(step.episode_returns.empty(), !step.done());
      for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += step.rewards[i];
      if (step.done()) break;
      step = env.step(random_legal(step.legal_mask, agent));
    }
    const std::vector<double> returns = env.state().returns();
    for (std::size_t i = 0; i < sum.size(); ++i) {
      EXPECT_NEAR(sum[i], returns[i], 1e-5) << "seat " << i;
      EXPECT_EQ(step.episode_returns[i], static_cast<float>(returns[i])) << "seat " << i;
    }
  }
}

TEST_P(EnvGameTest, MasksAgreeWithLegalActions) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  Env env(game);
  Rng agent(5);
  TimeStep step = env.reset(17);
  for (int moves = 0; moves < 300; ++moves) {
    if (step.done()) step = env.reset();
    const ActionList legal = env.state().legal_actions();
    ASSERT_EQ(static_cast<int>(step.legal_mask.size()), game->num_distinct_actions());
    for (Action a = 0; a < game->num_distinct_actions(); ++a) {
      const bool is_legal = std::binary_search(legal.begin(), legal.end(), a);
      ASSERT_EQ(step.legal_mask[static_cast<std::size_t>(a)], is_legal ? 1.0f : 0.0f)
          << "action " << a;
    }
    step = env.step(random_legal(step.legal_mask, agent));
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, EnvGameTest, ::testing::ValuesIn(all_specs()), test_name);

TEST(EnvTest, ChanceIsSampledWithItsProbabilities) {
  const std::vector<ChanceOutcome> skewed = {{3, 0.5}, {5, 0.125}, {8, 0.375}};
  const std::vector<ChanceOutcome> uniform = {{0, 0.25}, {1, 0.25}, {2, 0.25}, {7, 0.25}};
  for (const std::vector<ChanceOutcome>* outcomes : {&skewed, &uniform}) {
    Rng rng(12);
    constexpr int kDraws = 40000;
    std::vector<int> counts(9, 0);
    for (int i = 0; i < kDraws; ++i)
      ++counts[static_cast<std::size_t>(sample_chance_outcome(*outcomes, rng))];
    int total = 0;
    for (const ChanceOutcome& outcome : *outcomes) {
      const double share = counts[static_cast<std::size_t>(outcome.action)] / double{kDraws};
      // 4 standard deviations of a share near 0.5 over 40000 draws is 0.01.
      EXPECT_NEAR(share, outcome.probability, 0.01) << "outcome " << outcome.action;
      total += counts[static_cast<std::size_t>(outcome.action)];
    }
    EXPECT_EQ(total, kDraws) << "only listed outcomes are drawn";
  }
}

TEST(EnvTest, TheSameSeedGivesTheSameEpisodeAndEpisodesDiffer) {
  const std::shared_ptr<const Game> game = load_game("leduc_poker");
  Env a(game);
  Env b(game);
  EXPECT_EQ(as_vector(a.reset(3).observation), as_vector(b.reset(3).observation));
  EXPECT_EQ(a.state().history(), b.state().history());
  // Leduc deals 2 private cards from 6: 20 episodes of one stream cannot all
  // open with the same deal unless the stream ignores the episode index.
  bool differs = false;
  const std::vector<Action> first_deal = a.state().history();
  for (int episode = 1; episode < 20; ++episode) {
    a.reset();
    differs = differs || a.state().history() != first_deal;
  }
  EXPECT_TRUE(differs);
}

TEST(EnvTest, AnIllegalActionThrowsNamingItAndChangesNothing) {
  const std::shared_ptr<const Game> game = load_game("leduc_poker");
  Env env(game);
  const TimeStep before = env.reset(1);
  const std::vector<float> observation = as_vector(before.observation);
  const std::vector<Action> history = env.state().history();
  Action illegal = kInvalidAction;
  for (Action a = 0; a < game->num_distinct_actions(); ++a) {
    if (before.legal_mask[static_cast<std::size_t>(a)] == 0.0f) illegal = a;
  }
  ASSERT_NE(illegal, kInvalidAction)
      << "Leduc's first decision should not allow raise and fold both";
  for (Action bad : {illegal, Action{-3}, Action{1000}}) {
    const std::string message = error_of([&] { env.step(bad); });
    EXPECT_NE(message.find("illegal action " + std::to_string(bad)), std::string::npos) << message;
    EXPECT_EQ(env.state().history(), history);
    EXPECT_EQ(as_vector(env.time_step().observation), observation);
    EXPECT_EQ(env.episode_step(), 0);
  }
}

TEST(EnvTest, StepsOutsideAnEpisodeThrow) {
  const std::shared_ptr<const Game> game = load_game("kuhn_poker");
  Env env(game);
  EXPECT_NE(error_of([&] { env.step(0); }).find("before reset"), std::string::npos);
  EXPECT_NE(error_of([&] { env.reset(); }).find("reset(seed) first"), std::string::npos);
  TimeStep step = env.reset(2);
  Rng agent(1);
  while (!step.done()) step = env.step(random_legal(step.legal_mask, agent));
  EXPECT_NE(error_of([&] { env.step(0); }).find("after the episode ended"), std::string::npos);
  EXPECT_TRUE(env.needs_reset());
}

TEST(EnvTest, MaxStepsTruncatesAnUnfinishedEpisode) {
  const std::shared_ptr<const Game> game = load_game("leduc_poker");
  Env env(game, EnvOptions{.max_steps = 2});
  TimeStep step = env.reset(4);
  // Calls (action 1) never end Leduc within two decisions: round one needs
  // both seats to act before the public card comes.
  step = env.step(1);
  EXPECT_FALSE(step.done());
  EXPECT_TRUE(step.episode_returns.empty());
  step = env.step(1);
  EXPECT_TRUE(step.truncated);
  EXPECT_FALSE(step.terminated);
  EXPECT_FALSE(env.state().is_terminal());
  // The seat that would act next, and what it would see.
  EXPECT_EQ(step.player, env.state().current_player());
  EXPECT_EQ(as_vector(step.observation), env.state().information_state_tensor(step.player));
  ASSERT_EQ(step.episode_returns.size(), 2u);
  EXPECT_EQ(as_vector(step.episode_returns), std::vector<float>({0.0f, 0.0f}));
  EXPECT_NE(error_of([&] { env.step(1); }).find("truncated"), std::string::npos);
  step = env.reset();
  EXPECT_FALSE(step.truncated);
  EXPECT_EQ(env.episode_step(), 0);
}

TEST(EnvTest, BadOptionsAndBuffersAreErrors) {
  const std::shared_ptr<const Game> game = load_game("kuhn_poker");
  EXPECT_NE(error_of([&] { Env(game, EnvOptions{.max_steps = -1}); }).find("max_steps"),
            std::string::npos);
  EXPECT_NE(error_of([&] { Env(nullptr); }).find("needs a game"), std::string::npos);
  std::vector<float> small(1);
  const EnvBuffers wrong{small, small, small, small};
  EXPECT_NE(error_of([&] { Env(game, EnvOptions{}, wrong); }).find("EnvBuffers"),
            std::string::npos);
}

TEST(EnvTest, WritesIntoTheCallersBuffers) {
  const std::shared_ptr<const Game> game = load_game("kuhn_poker");
  const auto obs = static_cast<std::size_t>(game->information_state_tensor_size());
  std::vector<float> observation(obs), mask(2), rewards(2), returns(2);
  Env env(game, EnvOptions{}, EnvBuffers{observation, mask, rewards, returns});
  const TimeStep step = env.reset(8);
  EXPECT_EQ(step.observation.data(), observation.data());
  EXPECT_EQ(step.legal_mask.data(), mask.data());
  EXPECT_EQ(observation, env.state().information_state_tensor(step.player));
}

}  // namespace
}  // namespace kibitz::gym
