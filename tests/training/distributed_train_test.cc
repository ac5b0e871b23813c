// Distributed training on loopback (docs/training.md, "Distributed
// training"): 2 and 3 ranks, each a child process of this test binary
// running training::train with its plan, train a tiny net on Kuhn poker for
// a few iterations. Every rank writes the hash of its weights and optimizer
// state after every iteration (TrainCallbacks::trained) to a file of its
// own; the files must be identical line for line. Same seeds twice give the
// same hashes; the loss curve of 2 ranks matches that of one process with
// the same total batch within the stated tolerances.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "tests/training/dist_test_util.h"
#include "tests/training/rank_process.h"
#include "tests/training/training_test_util.h"
#include "training/distributed/fault.h"
#include "training/metrics.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

namespace fs = std::filesystem;
using testing::RankPlan;
using testing::RankProcess;

// How long a whole run of a few iterations may take on a busy machine.
constexpr std::chrono::seconds kRunLimit{120};

// A rank of a run the other tests start: trains its plan, writes its trace
// and ends the process with train's outcome (0; 4 when another rank failed;
// 2 for its own error).
int run_rank(const RankPlan& plan) {
  std::ofstream trace(plan.trace);
  TrainCallbacks callbacks;
  callbacks.trained = [&](std::int64_t iteration, std::uint64_t hash) {
    trace << iteration << " " << hash << "\n" << std::flush;
  };
  callbacks.log = [](const std::string& line) { std::cerr << line << "\n"; };
  try {
    train(testing::config_of(plan), callbacks);
    return 0;
  } catch (const distributed::DistributedFault& fault) {
    std::cerr << "fault: " << fault.what() << "\n";
    return 4;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}

TEST(DistributedRank, RunsWhenSpawned) {
  const char* plan = std::getenv(testing::kPlanVariable);
  if (plan == nullptr)
    GTEST_SKIP() << "a rank of the other tests' runs; runs only when they spawn it";
  std::cout.flush();
  std::_Exit(run_rank(testing::decode(plan)));
}

struct RankRun {
  std::vector<std::string> traces;  // each rank's trace file, whole
  std::vector<std::string> errors;  // each rank's standard error
};

// Runs every rank of `plan` (world_size of them, a fresh port) as children
// of this binary, rank 0's output in `plan.out`; every rank must succeed.
RankRun run_ranks(RankPlan plan, const std::string& name) {
  const fs::path logs = testing::fresh_dir(name + "_logs");
  plan.port = testing::free_port();
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  std::vector<std::unique_ptr<RankProcess>> ranks;
  for (int rank = 0; rank < plan.world_size; ++rank) {
    RankPlan mine = plan;
    mine.rank = rank;
    mine.trace = (logs / ("trace" + std::to_string(rank))).string();
    if (rank > 0) mine.out = (logs / "unused_out").string();  // only rank 0 writes
    ranks.push_back(std::make_unique<RankProcess>(
        self, std::vector<std::string>{"--gtest_filter=DistributedRank.RunsWhenSpawned"},
        std::vector<std::string>{std::string(testing::kPlanVariable) + "=" + testing::encode(mine)},
        logs, "rank" + std::to_string(rank)));
  }
  RankRun run;
  for (int rank = 0; rank < plan.world_size; ++rank) {
    RankProcess& process = *ranks[static_cast<std::size_t>(rank)];
    EXPECT_EQ(process.wait_for(kRunLimit), 0) << "rank " << rank << ":\n" << process.err();
    run.traces.push_back(testing::file_text(logs / ("trace" + std::to_string(rank))));
    run.errors.push_back(process.err());
  }
  EXPECT_FALSE(fs::exists(logs / "unused_out")) << "a rank other than 0 wrote files";
  return run;
}

std::vector<double> curve(const std::string& dir, const std::string& metric) {
  std::vector<double> values;
  for (const MetricsRecord& record : testing::read_metrics(dir)) {
    const double* value = record.find(metric);
    values.push_back(value != nullptr ? *value : std::nan(""));
  }
  return values;
}

// Every rank's trace holds `iterations` lines, the same on every rank; the
// hash of rank 0's metrics (its low 48 bits) is the trace's.
void expect_identical_ranks(const RankRun& run, const std::string& out, std::int64_t iterations) {
  ASSERT_FALSE(run.traces.empty());
  std::istringstream lines(run.traces[0]);
  std::vector<std::uint64_t> hashes;
  std::int64_t iteration = 0;
  for (std::uint64_t hash = 0; lines >> iteration >> hash;) {
    EXPECT_EQ(iteration, static_cast<std::int64_t>(hashes.size()) + 1);
    hashes.push_back(hash);
  }
  ASSERT_EQ(static_cast<std::int64_t>(hashes.size()), iterations) << run.traces[0];
  for (std::size_t rank = 1; rank < run.traces.size(); ++rank) {
    EXPECT_EQ(run.traces[rank], run.traces[0]) << "rank " << rank << " differs from rank 0";
  }
  const std::vector<double> logged = curve(out, "weights_hash");
  ASSERT_EQ(logged.size(), hashes.size());
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    EXPECT_EQ(static_cast<std::uint64_t>(logged[i]), hashes[i] & ((std::uint64_t{1} << 48) - 1));
  }
  // Successive iterations do change the state (the hash is not constant).
  EXPECT_NE(hashes.front(), hashes.back());
}

TEST(DistributedTrain, PpoTwoRanksHoldTheSameStateAfterEveryIteration) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  RankPlan plan;
  plan.world_size = 2;
  plan.out = testing::fresh_dir("dist_ppo2");
  const RankRun run = run_ranks(plan, "dist_ppo2");
  expect_identical_ranks(run, plan.out, plan.iterations);
  // The opponent pool (checkpoints of iterations 2) played on both ranks.
  EXPECT_GT(curve(plan.out, "pool_episodes").back(), 0.0);
  EXPECT_TRUE(fs::exists(plan.out + "/ckpt-000004.pt"));
}

TEST(DistributedTrain, ExitThreeRanksHoldTheSameStateAfterEveryIteration) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  RankPlan plan;
  plan.algo = "exit";
  plan.world_size = 3;
  plan.iterations = 3;
  plan.out = testing::fresh_dir("dist_exit3");
  const RankRun run = run_ranks(plan, "dist_exit3");
  expect_identical_ranks(run, plan.out, plan.iterations);
  EXPECT_TRUE(fs::exists(plan.out + "/ckpt-000003.samples"));
}

TEST(DistributedTrain, PpoThreeRanksHoldTheSameStateAfterEveryIteration) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  RankPlan plan;
  plan.world_size = 3;
  plan.iterations = 3;
  plan.out = testing::fresh_dir("dist_ppo3");
  expect_identical_ranks(run_ranks(plan, "dist_ppo3"), plan.out, plan.iterations);
}

// Same seeds and world size: the same state at every iteration; another
// seed: another.
TEST(DistributedTrain, SameSeedsGiveTheSameWeights) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  RankPlan plan;
  plan.world_size = 2;
  plan.iterations = 3;
  plan.out = testing::fresh_dir("dist_seed_a");
  const std::string first = run_ranks(plan, "dist_seed_a").traces[0];
  plan.out = testing::fresh_dir("dist_seed_b");
  const std::string second = run_ranks(plan, "dist_seed_b").traces[0];
  EXPECT_EQ(first, second);
  plan.seed += 1;
  plan.out = testing::fresh_dir("dist_seed_c");
  EXPECT_NE(run_ranks(plan, "dist_seed_c").traces[0], first);
}

// Expert iteration: game g is seeded by its number whichever rank plays it
// and every rank trains on its shard of the same minibatches, so 2 ranks
// compute what one process does, up to float rounding in the averaged
// gradients: the loss curves agree within 1e-5 (relative; they differ in
// the 8th digit).
TEST(DistributedTrain, ExitTwoRanksMatchOneProcess) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  RankPlan plan;
  plan.algo = "exit";
  plan.world_size = 2;
  plan.iterations = 4;
  plan.out = testing::fresh_dir("dist_exit_vs_2");
  run_ranks(plan, "dist_exit_vs_2");
  RankPlan alone = plan;
  alone.world_size = 1;
  alone.out = testing::fresh_dir("dist_exit_vs_1");
  train(testing::config_of(alone), {});
  for (const char* metric : {"loss", "policy_loss", "value_loss", "samples"}) {
    const std::vector<double> two = curve(plan.out, metric);
    const std::vector<double> one = curve(alone.out, metric);
    ASSERT_EQ(two.size(), one.size()) << metric;
    for (std::size_t i = 0; i < one.size(); ++i) {
      EXPECT_NEAR(two[i], one[i], 1e-5 * std::fabs(one[i])) << metric << " at iteration " << i + 1;
    }
  }
}

// PPO: each rank plays its own games, so 2 ranks and one process with the
// same total batch (512 decisions per iteration) see different samples of
// the same distribution, and their curves differ as two seeds' do. Stated
// tolerances, over 8 iterations: the value loss within 0.1 at every
// iteration, the mean of the total loss within 0.04; against a fall of the
// value loss by more than 0.15 over the run in both (0.52 to about 0.17 at
// this seed), so a run of 2 ranks that learned less would show.
TEST(DistributedTrain, PpoTwoRanksLossCurveMatchesOneProcess) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  RankPlan plan;
  plan.world_size = 2;
  plan.iterations = 8;
  plan.batch = 512;
  plan.out = testing::fresh_dir("dist_ppo_vs_2");
  run_ranks(plan, "dist_ppo_vs_2");
  RankPlan alone = plan;
  alone.world_size = 1;
  alone.out = testing::fresh_dir("dist_ppo_vs_1");
  train(testing::config_of(alone), {});
  const std::vector<double> value_two = curve(plan.out, "value_loss");
  const std::vector<double> value_one = curve(alone.out, "value_loss");
  ASSERT_EQ(value_two.size(), value_one.size());
  for (std::size_t i = 0; i < value_one.size(); ++i) {
    EXPECT_NEAR(value_two[i], value_one[i], 0.1) << "value loss at iteration " << i + 1;
  }
  EXPECT_GT(value_one.front() - value_one.back(), 0.15);
  EXPECT_GT(value_two.front() - value_two.back(), 0.15);
  const auto mean = [](const std::vector<double>& values) {
    double sum = 0.0;
    for (const double value : values) sum += value;
    return sum / static_cast<double>(values.size());
  };
  EXPECT_NEAR(mean(curve(plan.out, "loss")), mean(curve(alone.out, "loss")), 0.04);
  // The same total of decisions per iteration (each episode is played to
  // its end, so a little over 512).
  EXPECT_NEAR(curve(plan.out, "step").back(), curve(alone.out, "step").back(), 200.0);
}

}  // namespace
}  // namespace kibitz::training
