// Ctrl-C and --resume: a run stopped between two scheduled checkpoints
// writes an extra checkpoint where it stopped, and resuming from it gives
// the same metrics and weights, bit for bit, as a run that never stopped
// (docs/training.md, "Checkpoints and --resume"). The stop is raised from
// the progress callback, as the command's Ctrl-C handler raises it.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "tests/training/training_test_util.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

using testing::fresh_dir;
using testing::kuhn_ppo;
using testing::read_all;

// Runs `config` and raises the stop flag once `stop_after` iterations are
// done, as Ctrl-C would during the next one.
TrainSummary run_and_stop_after(const TrainConfig& config, std::int64_t stop_after) {
  std::atomic<bool> stop{false};
  TrainCallbacks callbacks;
  callbacks.progress = [&](std::int64_t done, std::int64_t) {
    if (done >= stop_after) stop = true;
  };
  return train(config, callbacks, &stop);
}

// Trains `make(dir, 6)` whole, and again stopped after iteration 3 (off the
// every-2 checkpoint schedule) then resumed to 6; both must end identical.
template <typename MakeConfig>
void expect_stop_and_resume_is_invisible(const MakeConfig& make, const std::string& name) {
  const std::string whole = fresh_dir(name + "_whole");
  const std::string parts = fresh_dir(name + "_parts");
  train(make(whole, 6), {});
  const TrainSummary stopped = run_and_stop_after(make(parts, 6), 3);
  ASSERT_TRUE(stopped.stopped);
  ASSERT_EQ(stopped.iterations, 3);
  ASSERT_EQ(read_all(parts + "/" + kLatestFile), "ckpt-000003\n");
  TrainConfig resumed = make(parts, 6);
  resumed.resume = true;
  const TrainSummary summary = train(resumed, {});
  EXPECT_FALSE(summary.stopped);
  EXPECT_EQ(summary.iterations, 6);
  EXPECT_EQ(read_all(whole + "/" + kMetricsFile), read_all(parts + "/" + kMetricsFile));
  // The networks, byte for byte (the .optim files are not comparable: torch
  // keys the Adam state by parameter addresses).
  for (const char* file : {"ckpt-000004.pt", "ckpt-000006.pt"}) {
    ASSERT_TRUE(std::filesystem::exists(whole + "/" + file)) << file;
    EXPECT_TRUE(read_all(whole + "/" + file) == read_all(parts + "/" + file)) << file;
  }
}

TEST(InterruptResumeTest, PpoOffScheduleStopResumesBitForBit) {
  // The opponent pool is played in 30% of the episodes: a checkpoint that
  // joined the pool only because of the stop would change iteration 4 on.
  expect_stop_and_resume_is_invisible(
      [](const std::string& dir, std::int64_t iterations) { return kuhn_ppo(dir, iterations); },
      "stop_ppo");
}

TEST(InterruptResumeTest, OffScheduleCheckpointDoesNotJoinThePool) {
  const std::string dir = fresh_dir("stop_pool");
  run_and_stop_after(kuhn_ppo(dir, 6), 3);
  // The pool holds the scheduled checkpoint of iteration 2 only.
  const std::string state = read_all(dir + "/ckpt-000003.state");
  EXPECT_NE(state.find("pool=ckpt-000002.pt\n"), std::string::npos) << state;
}

TEST(InterruptResumeTest, PpoWithAverageOffScheduleStopResumesBitForBit) {
  expect_stop_and_resume_is_invisible(
      [](const std::string& dir, std::int64_t iterations) {
        TrainConfig config = kuhn_ppo(dir, iterations);
        config.average = 0.5;
        return config;
      },
      "stop_average");
}

TEST(InterruptResumeTest, ExpertIterationOffScheduleStopResumesBitForBit) {
  expect_stop_and_resume_is_invisible(
      [](const std::string& dir, std::int64_t iterations) {
        TrainConfig config = kuhn_ppo(dir, iterations);
        config.algorithm = Algorithm::kExpertIteration;
        config.exit_games = 4;
        config.sims = 8;
        config.exit_window = 2;
        return config;
      },
      "stop_exit");
}

TEST(InterruptResumeTest, StopBeforeTheFirstIterationResumesBitForBit) {
  // Stopped at once: the checkpoint of iteration 0 is the untrained net and
  // must not join the pool either.
  const std::string whole = fresh_dir("stop_zero_whole");
  const std::string parts = fresh_dir("stop_zero_parts");
  train(kuhn_ppo(whole, 4), {});
  std::atomic<bool> stop{true};
  ASSERT_TRUE(train(kuhn_ppo(parts, 4), {}, &stop).stopped);
  TrainConfig resumed = kuhn_ppo(parts, 4);
  resumed.resume = true;
  train(resumed, {});
  EXPECT_EQ(read_all(whole + "/" + kMetricsFile), read_all(parts + "/" + kMetricsFile));
  EXPECT_EQ(read_all(whole + "/ckpt-000004.pt"), read_all(parts + "/ckpt-000004.pt"));
}

}  // namespace
}  // namespace kibitz::training
