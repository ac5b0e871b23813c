// Liar's Dice as a network plays it: the encoder's version is declared in
// the game's manifest, its tensor stays within what checkpoint.h allows
// ([-1, 1]; here 0 or 1) at every move of random games, a tiny `train` run
// writes a checkpoint the game loads, and `nn`, `ismcts_nn` and `ismcts`
// play whole games legally with it.
#include "agents/neural/network.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "agents/neural/encoders.h"
#include "agents/neural/neural_agents.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/games/liars_dice/liars_dice.h"
#include "tests/agents/heuristic_test_support.h"
#include "tests/training/training_test_util.h"
#include "training/trainer.h"

namespace kibitz::liars_dice {
namespace {

TEST(LiarsDiceNetwork, DeclaresItsEncoderVersion) {
  EXPECT_EQ(neural::encoder_version("liars_dice"), kEncoderVersion);
  const auto game = load_game("liars_dice(players=3,dice=2)");
  EXPECT_EQ(neural::encoder_info(*game).input_size, game->information_state_tensor_size());
}

// Every seat's tensor at every move of random games of every test spec:
// each value 0 or 1, and the seat's bit set.
TEST(LiarsDiceNetwork, TensorsStayWithinTheCheckpointsInputBound) {
  int tensors = 0;
  for (const std::string& spec : find_game("liars_dice").test_specs) {
    const auto game = load_game(spec);
    Rng rng(23);
    for (int g = 0; g < 20; ++g) {
      auto state = game->new_initial_state();
      while (true) {
        for (Player p = 0; p < game->num_players(); ++p) {
          const std::vector<float> t = state->information_state_tensor(p);
          ASSERT_EQ(static_cast<int>(t.size()), game->information_state_tensor_size());
          for (float v : t)
            ASSERT_TRUE(v == 0.0f || v == 1.0f) << spec << " seat " << p << ": " << v;
          EXPECT_EQ(t[static_cast<std::size_t>(p)], 1.0f) << spec;
          ++tensors;
        }
        if (state->is_terminal()) break;
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          const ActionList legal = state->legal_actions();
          state->apply_action(legal[rng.uniform_int(legal.size())]);
        }
      }
    }
  }
  EXPECT_GT(tensors, 1000);
}

// Two PPO iterations of a tiny net (the training tests' configuration) on
// two dice each: the run ends with a checkpoint of this game's encoder, and
// the agents that read it play legally.
TEST(LiarsDiceNetwork, TrainsAndItsNetPlays) {
  neural::register_neural_agents();
  const std::string dir = training::testing::fresh_dir("liars_dice");
  training::TrainConfig config = training::testing::kuhn_ppo(dir, 2);
  config.game_spec = "liars_dice(dice=2)";
  const training::TrainSummary summary = training::train(config, {});
  EXPECT_EQ(summary.iterations, 2);
  EXPECT_GE(summary.steps, 2 * config.batch);
  ASSERT_TRUE(std::filesystem::exists(summary.checkpoint)) << summary.checkpoint;
  EXPECT_EQ(training::testing::read_metrics(dir).size(), 2u);

  const auto game = load_game(config.game_spec);
  const neural::LoadedNetwork loaded = neural::load_network(summary.checkpoint, *game);
  EXPECT_EQ(loaded.info.game_name, "liars_dice");
  EXPECT_EQ(loaded.info.encoder_version, kEncoderVersion);
  // Another game's layout is refused.
  EXPECT_THROW(neural::load_network(summary.checkpoint, *load_game("liars_dice(players=3)")),
               KibitzError);

  const std::string model = "model=" + summary.checkpoint;
  for (const std::string& agent :
       {"nn(" + model + ")", "ismcts_nn(" + model + ",sims=16)", std::string("ismcts(sims=16)")}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      EXPECT_GT(heuristic_testing::play_checked(game, {agent, "random"}, seed), 0) << agent;
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kibitz::liars_dice
