// Tea Game and Spoon Nomic, the games whose network encoders came last
// (issue 31), end to end: `train` runs a few PPO iterations of a tiny net on
// a short game, and the checkpoint it writes is loaded by `nn` and
// `ismcts_nn`, which play a whole game through the match runner. There each
// seat is fed observation by observation (SeatFeed), so the net reads the
// tensors the games' SeatKnowledge folds.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/neural/encoders.h"
#include "agents/neural/network.h"
#include "agents/neural/neural_agents.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "tests/training/training_test_util.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

using testing::fresh_dir;
using testing::read_metrics;

// Short games: one office day of two tea games for three; three nweeks of
// one pack for three.
const std::vector<std::string> kSpecs = {"tea_game(players=3,days=1,games_per_day=2)",
                                         "spoon_nomic(players=3,packs=1,nweeks=3)"};

constexpr int kIterations = 3;

// A tiny PPO run on `spec` in `dir`: seconds, not minutes.
TrainConfig tiny_run(const std::string& spec, const std::string& dir) {
  TrainConfig config;
  config.game_spec = spec;
  config.out_dir = dir;
  config.iterations = kIterations;
  config.seed = 5;
  config.hidden = {16};
  config.lr = 0.01;
  config.envs = 4;
  config.batch = 128;
  config.minibatch = 64;
  config.epochs = 2;
  config.eval_every = kIterations;
  config.eval_games = 2;
  config.checkpoint_every = kIterations;
  config.pool_size = 2;
  return config;
}

// Checks every decision of a seat: a policy over legal actions only,
// summing to 1, as a network that read a well-formed tensor gives.
class DecisionChecker : public MatchObserver {
 public:
  void on_move(const State& state, Player actor, Action action, const DecisionInfo* decision) override {
    if (actor < 0) return;  // chance
    ++decisions;
    const ActionList legal = state.legal_actions();
    EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end()) << "illegal action " << action;
    ASSERT_NE(decision, nullptr) << "no decision report at move " << state.move_number();
    double total = 0;
    for (const auto& [a, p] : decision->policy) {
      EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << "policy on illegal action " << a;
      total += p;
    }
    EXPECT_NEAR(total, 1.0, 1e-5);
  }
  int decisions = 0;
};

// Plays one game with `agent_spec` at every seat; returns the decisions made.
int play_one_game(const std::shared_ptr<const Game>& game, const std::string& agent_spec) {
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<Agent*> seats;
  for (Player p = 0; p < game->num_players(); ++p) {
    agents.push_back(make_agent(agent_spec, game, 40 + static_cast<std::uint64_t>(p)));
    seats.push_back(agents.back().get());
  }
  Rng chance(17);
  DecisionChecker checker;
  const std::unique_ptr<State> end = play_game(*game, seats, chance, &checker);
  EXPECT_TRUE(end->is_terminal());
  for (Player p = 0; p < game->num_players(); ++p) {
    EXPECT_GE(end->returns()[static_cast<std::size_t>(p)], game->min_return() - 1e-9);
    EXPECT_LE(end->returns()[static_cast<std::size_t>(p)], game->max_return() + 1e-9);
  }
  return checker.decisions;
}

class EncoderGamesTrainTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { neural::register_neural_agents(); }
};

TEST_P(EncoderGamesTrainTest, TrainsATinyModelThatNnAndIsmctsNnPlay) {
  const std::string& spec = GetParam();
  const auto game = load_game(spec);
  const std::string dir = fresh_dir("encoder_" + game->name());

  const TrainSummary summary = train(tiny_run(spec, dir), {});
  EXPECT_EQ(summary.iterations, kIterations);
  EXPECT_GT(summary.steps, 0);
  ASSERT_TRUE(std::filesystem::exists(summary.checkpoint)) << summary.checkpoint;
  EXPECT_EQ(read_metrics(dir).size(), static_cast<std::size_t>(kIterations));

  // The checkpoint names the game's encoder, and loads for the game.
  const neural::LoadedNetwork loaded = neural::load_network(summary.checkpoint, *game);
  EXPECT_EQ(loaded.info.encoder_version, neural::encoder_info(*game).version);
  EXPECT_EQ(loaded.info.shape.input_size, game->information_state_tensor_size());
  EXPECT_EQ(loaded.info.training_step, summary.steps);

  EXPECT_GT(play_one_game(game, "nn(model=" + summary.checkpoint + ")"), 0);
  EXPECT_GT(play_one_game(game, "ismcts_nn(model=" + summary.checkpoint + ",sims=8)"), 0);
  std::filesystem::remove_all(dir);
}

// "tea_game(players=3,...)" -> "tea_game".
std::string game_name_of(const ::testing::TestParamInfo<std::string>& spec) {
  return spec.param.substr(0, spec.param.find('('));
}

INSTANTIATE_TEST_SUITE_P(NewEncoders, EncoderGamesTrainTest, ::testing::ValuesIn(kSpecs), game_name_of);

}  // namespace
}  // namespace kibitz::training
