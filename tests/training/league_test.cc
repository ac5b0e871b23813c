// The league's opponent mixture (training/league.h, PPO's --pool-pfsp): on
// a scripted record of games and losses the weights follow the rule
// loss_rate^P normalised; a game's loss is read from the returns; the
// records survive a checkpoint's text; and a short PPO run logs a mixture
// that obeys the rule for the loss rates it logs beside it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "tests/support/error_of.h"
#include "tests/training/training_test_util.h"
#include "training/league.h"
#include "training/metrics.h"
#include "training/run_dir.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

TEST(League, WeightsFollowTheLossRatesOfAScriptedRecord) {
  // Lost 9 of 10, lost 1 of 10, never played: smoothed 10/12, 2/12, 1/2.
  const std::vector<MemberRecord> records = {{10, 9}, {10, 1}, {0, 0}};
  EXPECT_DOUBLE_EQ(loss_rate(records[0]), 10.0 / 12.0);
  EXPECT_DOUBLE_EQ(loss_rate(records[1]), 2.0 / 12.0);
  EXPECT_DOUBLE_EQ(loss_rate(records[2]), 0.5);
  const std::vector<double> hard = pfsp_weights(records, 2.0);
  const double total = 100.0 / 144 + 4.0 / 144 + 0.25;
  EXPECT_NEAR(hard[0], (100.0 / 144) / total, 1e-12);
  EXPECT_NEAR(hard[1], (4.0 / 144) / total, 1e-12);
  EXPECT_NEAR(hard[2], 0.25 / total, 1e-12);
  // The member the learner still loses to comes 25 times as often as the one it beats.
  EXPECT_NEAR(hard[0] / hard[1], 25.0, 1e-9);
  for (const double weight : pfsp_weights(records, 0.0)) EXPECT_DOUBLE_EQ(weight, 1.0 / 3.0);
}

TEST(League, AGameIsLostBelowTheBestOtherSeatAndHalfLostOnATie) {
  const std::vector<float> two = {1.0f, -1.0f};
  EXPECT_EQ(game_loss(two, 0), 0.0);
  EXPECT_EQ(game_loss(two, 1), 1.0);
  const std::vector<float> scores = {12.0f, 30.0f, 30.0f, 5.0f};  // points, not +-1
  EXPECT_EQ(game_loss(scores, 0), 1.0);
  EXPECT_EQ(game_loss(scores, 1), 0.5);
}

TEST(League, RecordsAddAnIterationsGamesAndSurviveTheirText) {
  PoolRecords records;
  records.add_member();
  records.add_member();
  records.note(1, 1.0);
  records.note(1, 0.5);
  records.note(0, 0.0);
  EXPECT_EQ(records.pending(), (std::vector<double>{1, 0, 2, 1.5}));
  records.commit(records.pending());
  EXPECT_EQ(records.pending(), (std::vector<double>{0, 0, 0, 0}));
  records.add_member();
  records.drop_oldest();  // the first member leaves; the second is now first
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records.records()[0].games, 2.0);
  EXPECT_EQ(records.records()[0].losses, 1.5);
  PoolRecords read;
  read.from_text(records.to_text(), "test");
  EXPECT_EQ(read.to_text(), records.to_text());
  EXPECT_EQ(read.weights(2.0), records.weights(2.0));
  for (const std::string bad : {"3", "2:3", "x:1", "1:-1", "nan:0"}) {
    EXPECT_NE(error_of([&] { read.from_text(bad, "ckpt.state"); }).find("ckpt.state"), std::string::npos) << bad;
  }
}

TEST(League, APpoRunLogsAMixtureThatFollowsItsLoggedLossRates) {
  const std::string dir = testing::fresh_dir("league_ppo");
  TrainConfig config = testing::kuhn_ppo(dir, 6);
  config.pool_pfsp = 2.0;
  config.pool_probability = 0.8;
  config.eval_every = 0;
  train(config, {});
  const auto records = testing::read_metrics(dir);
  ASSERT_EQ(records.size(), 6u);
  // Checkpoints at 2 and 4 put two members in the pool.
  const MetricsRecord& last = records.back();
  const double* w0 = last.find("pool_weight_0");
  const double* w1 = last.find("pool_weight_1");
  const double* r0 = last.find("pool_loss_rate_0");
  const double* r1 = last.find("pool_loss_rate_1");
  ASSERT_TRUE(w0 && w1 && r0 && r1);
  EXPECT_NEAR(*w0 + *w1, 1.0, 1e-9);
  EXPECT_NEAR(*w0 / *w1, (*r0 * *r0) / (*r1 * *r1), 1e-9);
  // The first member has been played: its rate is no longer the prior's 1/2.
  EXPECT_NE(*r0, 0.5);
  EXPECT_GT(*last.find("pool_episodes"), 0.0);
}

// --pool-pfsp's records go into the checkpoint: a resumed run draws the
// same opponents and ends bit for bit where an uninterrupted one does.
TEST(League, AResumedRunDrawsAsIfNeverInterrupted) {
  auto config = [](const std::string& dir, std::int64_t iterations) {
    TrainConfig c = testing::kuhn_ppo(dir, iterations);
    c.pool_pfsp = 2.0;
    c.pool_probability = 0.8;
    return c;
  };
  const std::string whole = testing::fresh_dir("league_resume_whole");
  const std::string parts = testing::fresh_dir("league_resume_parts");
  train(config(whole, 7), {});
  train(config(parts, 4), {});
  TrainConfig resumed = config(parts, 7);
  resumed.resume = true;
  train(resumed, {});
  EXPECT_EQ(testing::read_all(whole + "/" + kMetricsFile), testing::read_all(parts + "/" + kMetricsFile));
  EXPECT_EQ(testing::read_all(whole + "/ckpt-000007.pt"), testing::read_all(parts + "/ckpt-000007.pt"));
  EXPECT_NE(testing::read_all(parts + "/ckpt-000004.state").find("pool_records="), std::string::npos);
}

}  // namespace
}  // namespace kibitz::training
