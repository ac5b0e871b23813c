// One run per --out folder: a folder that holds a run is refused unless
// --resume continues it or --force replaces it whole; a folder that cannot
// be created is a clear error (exit 2), and the run files read back on
// --resume (latest, the .state file, metrics.jsonl) are checked, bounded
// inputs. Also through the kibitz binary, for the exit statuses.
#include "training/run_dir.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "env/core/error.h"
#include "tests/support/error_of.h"
#include "tests/training/training_test_util.h"
#include "tools/command.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

using testing::fresh_dir;
using testing::kuhn_ppo;
using testing::read_all;
using testing::write_all;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(RunDirTest, RunFilesAreTheTrainersOwn) {
  for (const char* name : {"latest", "metrics.jsonl", "learning_curve.svg", "policy.txt",
                           "ckpt-000010.pt", "ckpt-000010.live.pt", "ckpt-000002.samples",
                           "latest.tmp.123.0", "ckpt-000004.pt.tmp.9.1"}) {
    EXPECT_TRUE(is_run_file(name)) << name;
  }
  for (const char* name : {"notes.txt", "README.md", "latest2", "metrics.jsonl.bak", "model.pt"}) {
    EXPECT_FALSE(is_run_file(name)) << name;
  }
}

TEST(RunDirTest, AFolderHoldingARunIsRefusedAndLeftAsItWas) {
  const std::string dir = fresh_dir("refuse");
  train(kuhn_ppo(dir, 4), {});
  const std::string metrics = read_all(dir + "/" + kMetricsFile);
  const std::string curve = read_all(dir + "/" + kLearningCurveFile);
  const std::string message = error_of([&] { train(kuhn_ppo(dir, 1), {}); });
  EXPECT_TRUE(contains(message, dir)) << message;
  EXPECT_TRUE(contains(message, "already holds a training run")) << message;
  EXPECT_TRUE(contains(message, "ckpt-000004")) << message;
  EXPECT_TRUE(contains(message, "--resume")) << message;
  EXPECT_TRUE(contains(message, "--force")) << message;
  EXPECT_EQ(read_all(dir + "/" + kMetricsFile), metrics);
  EXPECT_EQ(read_all(dir + "/" + kLearningCurveFile), curve);
  EXPECT_EQ(read_all(dir + "/" + kLatestFile), "ckpt-000004\n");
}

TEST(RunDirTest, ForceReplacesTheOldRunWholeAndKeepsOtherFiles) {
  const std::string dir = fresh_dir("force");
  train(kuhn_ppo(dir, 4), {});
  write_all(dir + "/notes.txt", "mine\n");
  TrainConfig again = kuhn_ppo(dir, 1);
  again.force = true;
  train(again, {});
  // Nothing of the old run is left to mix with the new one.
  for (const char* old :
       {"ckpt-000002.pt", "ckpt-000004.pt", "ckpt-000004.optim", "ckpt-000004.state"}) {
    EXPECT_FALSE(std::filesystem::exists(dir + "/" + old)) << old;
  }
  EXPECT_EQ(read_all(dir + "/" + kLatestFile), "ckpt-000001\n");
  EXPECT_EQ(testing::read_metrics(dir).size(), 1u);
  EXPECT_EQ(read_all(dir + "/notes.txt"), "mine\n");
}

TEST(RunDirTest, AnEmptyOrUnrelatedFolderIsFine) {
  const std::string dir = fresh_dir("empty");
  std::filesystem::create_directories(dir);
  write_all(dir + "/notes.txt", "mine\n");
  EXPECT_EQ(train(kuhn_ppo(dir, 1), {}).iterations, 1);
  EXPECT_EQ(read_all(dir + "/notes.txt"), "mine\n");
}

TEST(RunDirTest, FilesOfARunWithoutACheckpointAskForForce) {
  const std::string dir = fresh_dir("no_checkpoint");
  std::filesystem::create_directories(dir);
  write_all(dir + "/" + kMetricsFile, "{\"iteration\":1,\"step\":256}\n");
  const std::string message = error_of([&] { train(kuhn_ppo(dir, 1), {}); });
  EXPECT_TRUE(contains(message, "no checkpoint to resume")) << message;
  EXPECT_TRUE(contains(message, "--force")) << message;
}

TEST(RunDirTest, ForceWithResumeIsRefused) {
  TrainConfig config = kuhn_ppo(fresh_dir("force_resume"), 1);
  config.force = true;
  config.resume = true;
  EXPECT_TRUE(contains(error_of([&] { train(config, {}); }), "--force"));
}

TEST(RunDirTest, AnOutFolderThatCannotBeCreatedIsBadInput) {
  const std::string message = error_of([&] { train(kuhn_ppo("/proc/x", 1), {}); });
  EXPECT_TRUE(contains(message, "cannot create '/proc/x'")) << message;
  const std::string file = fresh_dir("out_is_a_file");
  write_all(file, "not a folder\n");
  EXPECT_TRUE(contains(error_of([&] { train(kuhn_ppo(file, 1), {}); }), "is not a folder"));
}

TEST(RunDirTest, ResumeChecksWhatItReads) {
  const std::string dir = fresh_dir("resume_inputs");
  train(kuhn_ppo(dir, 2), {});
  TrainConfig resumed = kuhn_ppo(dir, 4);
  resumed.resume = true;
  auto refusal = [&] { return error_of([&] { train(resumed, {}); }); };
  // latest must name a checkpoint of this folder.
  write_all(dir + "/" + kLatestFile, "../../etc/passwd\n");
  EXPECT_TRUE(contains(refusal(), "does not name a checkpoint")) << refusal();
  std::filesystem::remove(dir + "/" + kLatestFile);
  std::filesystem::create_directory(dir + "/" + kLatestFile);
  EXPECT_TRUE(contains(refusal(), "is a directory")) << refusal();
  std::filesystem::remove(dir + "/" + kLatestFile);
  write_all(dir + "/" + kLatestFile, "ckpt-000002\n");
  // The state's counts must be counts.
  const std::string state = read_all(dir + "/ckpt-000002.state");
  write_all(dir + "/ckpt-000002.state", "algo=ppo\niteration=two\nsteps=512\n");
  EXPECT_TRUE(contains(refusal(), "'iteration' is not a count")) << refusal();
  write_all(dir + "/ckpt-000002.state", state);
  // metrics.jsonl is parsed strictly: a NaN names the file and line.
  write_all(dir + "/" + kMetricsFile,
            "{\"iteration\":1,\"step\":256}\n{\"iteration\":2,\"loss\":NaN}\n");
  EXPECT_TRUE(contains(refusal(), kMetricsFile + std::string(":2"))) << refusal();
}

const tools::Command& train_command() {
  for (const tools::Command& command : tools::commands()) {
    if (std::string(command.name) == "train") return command;
  }
  throw std::logic_error("no train command");
}

TEST(RunDirTest, TheCommandTakesForce) {
  const std::string dir = fresh_dir("command_force");
  const std::vector<std::string> args = {"--game",       "kuhn_poker", "--out",    dir,
                                         "--iterations", "1",          "--hidden", "8",
                                         "--eval-games", "2",          "--quiet"};
  EXPECT_EQ(train_command().run(args), tools::kExitOk);
  EXPECT_THROW(train_command().run(args), KibitzError);
  std::vector<std::string> forced = args;
  forced.push_back("--force");
  EXPECT_EQ(train_command().run(forced), tools::kExitOk);
}

// `kibitz ARGS` through the shell: exit status and standard error.
std::pair<int, std::string> kibitz(const std::string& args) {
  const std::string err = fresh_dir("cli_err");
  const int status = std::system(
      (std::string("'") + KIBITZ_BINARY + "' " + args + " >/dev/null 2>'" + err + "'").c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_all(err)};
}

TEST(RunDirTest, TheBinaryExitsWithStatusTwo) {
  // Two runs of the binary that fail before training (each costs LibTorch's
  // start-up, a second or two); the run it refuses is trained in process.
  const std::string flags = " --game kuhn_poker --iterations 1 --hidden 8 --eval-games 2 --quiet";
  const auto [proc_status, proc_err] = kibitz("train --out /proc/x" + flags);
  EXPECT_EQ(proc_status, tools::kExitBadInput) << proc_err;
  EXPECT_TRUE(contains(proc_err, "cannot create '/proc/x'")) << proc_err;
  EXPECT_FALSE(contains(proc_err, "internal error")) << proc_err;
  const std::string dir = fresh_dir("cli_twice");
  train(kuhn_ppo(dir, 1), {});
  const auto [again_status, again_err] = kibitz("train --out '" + dir + "'" + flags);
  EXPECT_EQ(again_status, tools::kExitBadInput) << again_err;
  EXPECT_TRUE(contains(again_err, "--force")) << again_err;
}

}  // namespace
}  // namespace kibitz::training
