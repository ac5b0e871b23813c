// Short training runs on Kuhn poker with tiny nets: PPO and expert
// iteration lower NashConv, a run is reproducible bit for bit, a resumed run
// equals an uninterrupted one, and the command refuses bad flags.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/program_options/errors.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "agents/tabular/exploitability.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/support/error_of.h"
#include "tests/training/training_test_util.h"
#include "tools/command.h"
#include "training/learner.h"
#include "training/metrics.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

using testing::fresh_dir;
using testing::kuhn_ppo;
using testing::read_all;
using testing::read_metrics;

double nash_conv_of(const std::string& dir) {
  const auto game = load_game("kuhn_poker");
  return exploitability(*game, load_policy(dir + "/" + kPolicyFile, *game)).nash_conv;
}

TEST(TrainPpoTest, LowersNashConvOnKuhn) {
  const std::string dir = fresh_dir("ppo_learn");
  // The default learning rate: measured to take NashConv from 0.84 after 5
  // iterations to about 0.63 after 40 (lr 0.01 barely moves it in 30).
  TrainConfig config = kuhn_ppo(dir, 40);
  config.lr = TrainConfig{}.lr;
  config.eval_every = 10;
  const TrainSummary summary = train(config, {});
  EXPECT_EQ(summary.iterations, 40);
  const auto records = read_metrics(dir);
  ASSERT_EQ(records.size(), 40u);
  std::vector<double> nash_convs;
  for (const auto& record : records) {
    if (const double* value = record.find("nash_conv")) nash_convs.push_back(*value);
  }
  ASSERT_EQ(nash_convs.size(), 4u);
  const double first = nash_convs.front();
  const double last = nash_convs.back();
  // Uniform play, which the untrained net is close to, has NashConv 11/12.
  EXPECT_LT(last, 0.75 * (11.0 / 12.0)) << "first " << first << ", last " << last;
  EXPECT_LT(last, first) << "first " << first << ", last " << last;
  EXPECT_NEAR(nash_conv_of(dir), last, 1e-6);
  EXPECT_TRUE(std::filesystem::exists(dir + "/" + kLearningCurveFile));
  EXPECT_EQ(read_all(dir + "/" + kLatestFile), "ckpt-000040\n");
}

// Eight iterations of expert iteration with `expert` lower NashConv.
void expect_exit_lowers_nash_conv(ExitExpert expert, int sims, const std::string& name) {
  const std::string dir = fresh_dir(name);
  TrainConfig config = kuhn_ppo(dir, 8);
  config.algorithm = Algorithm::kExpertIteration;
  config.exit_expert = expert;
  config.exit_games = 40;
  config.sims = sims;
  config.epochs = 4;
  train(config, {});
  const auto records = read_metrics(dir);
  ASSERT_EQ(records.size(), 8u);
  const double first = *records.front().find("nash_conv");
  const double last = *records.back().find("nash_conv");
  EXPECT_LT(last, first) << "first " << first << ", last " << last;
}

TEST(TrainExitTest, LowersNashConvOnKuhn) {
  expect_exit_lowers_nash_conv(ExitExpert::kNet, 32, "exit_learn");
}

TEST(TrainExitTest, RolloutExpertLowersNashConvOnKuhn) {
  expect_exit_lowers_nash_conv(ExitExpert::kRollout, 64, "exit_rollout_learn");
}

// The rollout expert does not consult the net: two different nets collect
// the same self-play samples, byte for byte, where the net expert's differ.
TEST(TrainExitTest, RolloutExpertPlaysTheSameGamesWhateverTheNet) {
  auto samples_with = [](ExitExpert expert, std::vector<int> hidden, const std::string& name) {
    const std::string dir = fresh_dir(name);
    TrainConfig config = kuhn_ppo(dir, 1);
    config.algorithm = Algorithm::kExpertIteration;
    config.exit_expert = expert;
    config.exit_games = 12;
    config.sims = 16;
    config.checkpoint_every = 1;
    config.eval_every = 0;
    config.hidden = std::move(hidden);
    train(config, {});
    const std::string samples = read_all(dir + "/ckpt-000001.samples");
    EXPECT_FALSE(samples.empty()) << dir;
    return samples;
  };
  EXPECT_EQ(samples_with(ExitExpert::kRollout, {16}, "exit_rollout_a"),
            samples_with(ExitExpert::kRollout, {4, 4}, "exit_rollout_b"));
  EXPECT_NE(samples_with(ExitExpert::kNet, {16}, "exit_net_a"),
            samples_with(ExitExpert::kNet, {4, 4}, "exit_net_b"));
}

TEST(TrainExitTest, SharpenSharesRaisesToAPowerAndRenormalizes) {
  std::vector<float> shares{0.0f, 0.6f, 0.3f, 0.1f};
  std::vector<float> same = shares;
  sharpen_shares(same, 1.0);
  for (std::size_t i = 0; i < shares.size(); ++i) EXPECT_NEAR(same[i], shares[i], 1e-6);
  std::vector<float> squared = shares;
  sharpen_shares(squared, 2.0);  // 0.36, 0.09, 0.01 over 0.46
  EXPECT_EQ(squared[0], 0.0f);
  EXPECT_NEAR(squared[1], 0.36 / 0.46, 1e-6);
  EXPECT_NEAR(squared[2], 0.09 / 0.46, 1e-6);
  EXPECT_NEAR(squared[3], 0.01 / 0.46, 1e-6);
  // A high power leaves the favourite, not an underflow to nothing.
  std::vector<float> spread(100, 0.01f);
  spread[7] = 0.02f;  // 0.02^100 alone would underflow a float to 0
  sharpen_shares(spread, 100.0);
  EXPECT_GT(spread[7], 0.99f);
  double total = 0.0;
  for (const float share : spread) total += share;
  EXPECT_NEAR(total, 1.0, 1e-5);
}

TEST(TrainPpoTest, SameSeedGivesIdenticalRuns) {
  const std::string a = fresh_dir("repro_a");
  const std::string b = fresh_dir("repro_b");
  train(kuhn_ppo(a, 3), {});
  train(kuhn_ppo(b, 3), {});
  EXPECT_EQ(read_all(a + "/" + kMetricsFile), read_all(b + "/" + kMetricsFile));
  EXPECT_EQ(read_all(a + "/ckpt-000003.pt"), read_all(b + "/ckpt-000003.pt"));
}

// --opponent: that share of the episodes is played against the agent, the
// learner in one seat; without it, no episode is.
TEST(TrainPpoTest, OpponentPlaysItsShareOfTheEpisodes) {
  const std::string with = fresh_dir("opponent_with");
  TrainConfig config = kuhn_ppo(with, 2);
  config.opponent = "random";
  config.opponent_probability = 0.5;
  train(config, {});
  const std::vector<MetricsRecord> records = read_metrics(with);
  ASSERT_FALSE(records.empty());
  for (const MetricsRecord& record : records) {
    const double* episodes = record.find("episodes");
    const double* against = record.find("opponent_episodes");
    ASSERT_NE(episodes, nullptr);
    ASSERT_NE(against, nullptr);
    EXPECT_GT(*against, 0.25 * *episodes);
    EXPECT_LT(*against, 0.75 * *episodes);
    ASSERT_NE(record.find("opponent_mean_return"), nullptr);
  }
  const std::string without = fresh_dir("opponent_without");
  train(kuhn_ppo(without, 1), {});
  EXPECT_EQ(read_metrics(without).front().find("opponent_episodes"), nullptr);
  // A bad spec is refused before any game.
  TrainConfig bad = kuhn_ppo(fresh_dir("opponent_bad"), 1);
  bad.opponent = "no_such_agent";
  EXPECT_THROW(train(bad, {}), KibitzError);
}

TEST(TrainPpoTest, ResumeContinuesAsIfNeverInterrupted) {
  const std::string whole = fresh_dir("resume_whole");
  const std::string parts = fresh_dir("resume_parts");
  train(kuhn_ppo(whole, 5), {});
  train(kuhn_ppo(parts, 3), {});  // "interrupted" after iteration 3 (checkpoint at 2 and 3)
  // Pretend the run died after iteration 3's metrics but before its checkpoint.
  std::filesystem::remove(parts + "/" + kLatestFile);
  { std::ofstream(parts + "/" + kLatestFile) << "ckpt-000002\n"; }
  TrainConfig resumed = kuhn_ppo(parts, 5);
  resumed.resume = true;
  const TrainSummary summary = train(resumed, {});
  EXPECT_EQ(summary.iterations, 5);
  EXPECT_EQ(read_all(whole + "/" + kMetricsFile), read_all(parts + "/" + kMetricsFile));
  EXPECT_EQ(read_all(whole + "/ckpt-000005.pt"), read_all(parts + "/ckpt-000005.pt"));
}

TEST(TrainPpoTest, SchedulesMoveLinearlyOverTheBudget) {
  const std::string dir = fresh_dir("schedules");
  TrainConfig config = kuhn_ppo(dir, 5);
  config.eval_every = 0;
  config.lr = 0.01;
  config.lr_final = 0.0;
  config.entropy_coef = 0.1;
  config.entropy_coef_final = 0.05;
  train(config, {});
  const auto records = read_metrics(dir);
  ASSERT_EQ(records.size(), 5u);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const double progress = static_cast<double>(i) / 5.0;  // before iteration i + 1
    ASSERT_NE(records[i].find("lr"), nullptr);
    EXPECT_NEAR(*records[i].find("lr"), 0.01 * (1.0 - progress), 1e-12) << "iteration " << i + 1;
    EXPECT_NEAR(*records[i].find("entropy_coef"), 0.1 - 0.05 * progress, 1e-12);
  }
  // Without a final value both stay constant.
  const std::string flat = fresh_dir("schedules_flat");
  train(kuhn_ppo(flat, 2), {});
  for (const auto& record : read_metrics(flat)) {
    EXPECT_EQ(*record.find("lr"), 0.01);
    EXPECT_EQ(*record.find("entropy_coef"), TrainConfig{}.entropy_coef);
  }
}

TEST(TrainPpoTest, AverageIsTheSavedModelAndResumesExactly) {
  auto config = [](const std::string& dir, std::int64_t iterations) {
    TrainConfig c = kuhn_ppo(dir, iterations);
    c.average = 0.5;
    c.pool_size = 0;  // the pool plays saved models, which averaging changes
    return c;
  };
  const std::string whole = fresh_dir("average_whole");
  const std::string parts = fresh_dir("average_parts");
  train(config(whole, 4), {});
  // ckpt-N.pt is the average, ckpt-N.live.pt the trained weights: they differ.
  ASSERT_TRUE(std::filesystem::exists(whole + "/ckpt-000004.live.pt"));
  EXPECT_NE(read_all(whole + "/ckpt-000004.pt"), read_all(whole + "/ckpt-000004.live.pt"));
  // The policy file and the last NashConv are the average's.
  EXPECT_NEAR(nash_conv_of(whole), *read_metrics(whole).back().find("nash_conv"), 1e-6);
  // A plain run with the same seed trains the same live weights: averaging
  // only watches.
  const std::string plain = fresh_dir("average_plain");
  TrainConfig plain_config = config(plain, 4);
  plain_config.average = 0.0;
  train(plain_config, {});
  EXPECT_EQ(read_all(plain + "/ckpt-000004.pt"), read_all(whole + "/ckpt-000004.live.pt"));
  // Resuming restores both the average and the live weights.
  train(config(parts, 2), {});
  TrainConfig resumed = config(parts, 4);
  resumed.resume = true;
  train(resumed, {});
  EXPECT_EQ(read_all(whole + "/" + kMetricsFile), read_all(parts + "/" + kMetricsFile));
  EXPECT_EQ(read_all(whole + "/ckpt-000004.pt"), read_all(parts + "/ckpt-000004.pt"));
  EXPECT_EQ(read_all(whole + "/ckpt-000004.live.pt"), read_all(parts + "/ckpt-000004.live.pt"));
}

TEST(TrainExitTest, ResumeContinuesAsIfNeverInterrupted) {
  const std::string whole = fresh_dir("exit_resume_whole");
  const std::string parts = fresh_dir("exit_resume_parts");
  auto config = [](const std::string& dir, std::int64_t iterations) {
    TrainConfig c = kuhn_ppo(dir, iterations);
    c.algorithm = Algorithm::kExpertIteration;
    c.exit_games = 4;
    c.sims = 8;
    c.exit_window = 2;
    return c;
  };
  train(config(whole, 4), {});
  train(config(parts, 2), {});
  TrainConfig resumed = config(parts, 4);
  resumed.resume = true;
  train(resumed, {});
  EXPECT_EQ(read_all(whole + "/" + kMetricsFile), read_all(parts + "/" + kMetricsFile));
  EXPECT_EQ(read_all(whole + "/ckpt-000004.pt"), read_all(parts + "/ckpt-000004.pt"));
}

TEST(TrainExitTest, SamplesDoNotDependOnTheNumberOfWorkers) {
  // Self-play games run on --threads workers, each game seeded by its index
  // and its samples joined in game order. --threads also sets torch's
  // threads, which may change the update's last bits, so compare what
  // self-play alone decides: the games' lengths and the sample count.
  auto config = [](const std::string& dir, int threads) {
    TrainConfig c = kuhn_ppo(dir, 1);
    c.algorithm = Algorithm::kExpertIteration;
    c.exit_games = 12;
    c.sims = 8;
    c.threads = threads;
    return c;
  };
  const std::string one = fresh_dir("exit_workers_1");
  const std::string three = fresh_dir("exit_workers_3");
  train(config(one, 1), {});
  train(config(three, 3), {});
  const auto a = read_metrics(one);
  const auto b = read_metrics(three);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  for (const char* key : {"games", "mean_length", "samples"}) {
    ASSERT_NE(a[0].find(key), nullptr) << key;
    ASSERT_NE(b[0].find(key), nullptr) << key;
    EXPECT_EQ(*a[0].find(key), *b[0].find(key)) << key;
  }
}

TEST(TrainTest, InitStartsFromACheckpointsWeights) {
  // Train a little, then start a second run from that model with a learning
  // rate too small to move the weights: its first checkpoint holds the same
  // policy. From scratch (no --init) the same run is far from it.
  const std::string base = fresh_dir("init_base");
  train(kuhn_ppo(base, 4), {});
  const double trained = nash_conv_of(base);
  auto follow_up = [&](const std::string& dir, const std::string& init) {
    TrainConfig c = kuhn_ppo(dir, 1);
    c.seed = 99;  // another seed: the weights can only come from --init
    c.lr = 1e-12;
    c.init = init;
    train(c, {});
    return nash_conv_of(dir);
  };
  EXPECT_NEAR(follow_up(fresh_dir("init_from"), base + "/ckpt-000004.pt"), trained, 1e-6);
  EXPECT_GT(std::abs(follow_up(fresh_dir("init_none"), "") - trained), 1e-3);
}

TEST(TrainTest, InitRefusesAnotherGameAShapeAndResume) {
  const std::string base = fresh_dir("init_refuse_base");
  train(kuhn_ppo(base, 1), {});
  const std::string checkpoint = base + "/ckpt-000001.pt";
  TrainConfig config = kuhn_ppo(fresh_dir("init_refuse"), 1);
  config.init = checkpoint;
  auto expect_refusal = [](const TrainConfig& c, const std::string& words) {
    const std::string message = error_of([&] { train(c, {}); });
    EXPECT_NE(message.find(words), std::string::npos) << words << ": " << message;
  };
  TrainConfig leduc = config;
  leduc.game_spec = "leduc_poker";
  expect_refusal(leduc, "--init");
  TrainConfig wider = config;
  wider.hidden = {32};
  expect_refusal(wider, "--init");
  TrainConfig missing = config;
  missing.init = base + "/no-such.pt";
  expect_refusal(missing, "no-such.pt");
  TrainConfig resumed = config;
  resumed.resume = true;
  expect_refusal(resumed, "--resume");
}

TEST(TrainTest, ResumeRefusesAnEmptyFolderAndAnotherAlgorithm) {
  const std::string dir = fresh_dir("resume_bad");
  TrainConfig config = kuhn_ppo(dir, 1);
  config.resume = true;
  EXPECT_THROW(train(config, {}), KibitzError);
  config.resume = false;
  train(config, {});
  config.resume = true;
  config.iterations = 2;
  config.algorithm = Algorithm::kExpertIteration;
  EXPECT_THROW(train(config, {}), KibitzError);
  config.algorithm = Algorithm::kPpo;
  config.hidden = {8};
  EXPECT_THROW(train(config, {}), KibitzError);
}

TEST(TrainTest, CudaIsRefusedCleanlyWithoutCuda) {
  TrainConfig config = kuhn_ppo(fresh_dir("cuda"), 1);
  config.device = "cuda";
  try {
    train(config, {});  // a machine with CUDA simply trains
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA"), std::string::npos) << e.what();
  }
  config.device = "tpu";
  EXPECT_THROW(train(config, {}), KibitzError);
}

const tools::Command& train_command() {
  for (const tools::Command& command : tools::commands()) {
    if (std::string(command.name) == "train") return command;
  }
  throw std::logic_error("no train command");
}

TEST(TrainCommandTest, RefusesBadFlags) {
  const auto run = train_command().run;
  const std::string out = fresh_dir("flags");
  const std::vector<std::string> base = {"--game", "kuhn_poker", "--out", out, "--quiet"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  EXPECT_THROW(run(with({"--iterations", "1", "--bogus", "1"})), boost::program_options::error);
  EXPECT_THROW(run(with({})), KibitzError);  // no budget
  EXPECT_THROW(run(with({"--iterations", "1", "--steps", "5"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--algo", "dqn"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--hidden", "0"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--seed", "-1"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--lr", "0"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--lr-final", "-0.1"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--entropy-coef-final", "-1"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--average", "1"})), KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--algo", "exit", "--exit-expert", "oracle"})),
               KibitzError);
  EXPECT_THROW(run(with({"--iterations", "1", "--algo", "exit", "--exit-target-power", "0"})),
               KibitzError);
  EXPECT_THROW(run({"--game", "tic_tac_toe", "--out", out, "--iterations", "1"}), KibitzError);
  EXPECT_EQ(run({"--help"}), tools::kExitOk);
}

}  // namespace
}  // namespace kibitz::training
