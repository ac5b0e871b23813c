// kibitz launch through the built binary (docs/distributed.md): each bad
// command line exits 2 before any rank starts; two ranks of a tiny Kuhn
// poker PPO run finish with rank 0's checkpoint and every rank's output
// passed on; a rank that fails on its input, one killed mid-run and one
// that freezes are each named with their status, the launcher stops the
// rest and exits with the failed rank's status instead of hanging; Ctrl-C
// reaches every rank, which checkpoint and stop. Every run picks its own
// free port.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "tests/tools/kibitz_run.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::seconds;
using std::chrono::steady_clock;

constexpr int kBadInput = 2;
constexpr int kInterrupted = 130;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("kibitz_launch_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

// A tiny run: Kuhn poker PPO with an 8-wide net, no evaluation, a
// checkpoint every iteration, a 2 s --dist-timeout so faults show fast.
std::vector<std::string> tiny_train(const fs::path& out, int iterations) {
  return {"train",
          "--game",
          "kuhn_poker",
          "--algo",
          "ppo",
          "--hidden",
          "8",
          "--batch",
          "64",
          "--minibatch",
          "32",
          "--envs",
          "8",
          "--eval-every",
          "0",
          "--checkpoint-every",
          "1",
          "--dist-timeout",
          "2",
          "--quiet",
          "--iterations",
          std::to_string(iterations),
          "--out",
          out.string()};
}

// `kibitz launch` as a child of the test, its output in files, so the test
// can read what it said so far (the ranks' pids) while it runs.
class Launcher {
 public:
  Launcher(const std::vector<std::string>& args, const std::string& name)
      : logs_(fresh_dir(name + "_logs")) {
    fs::create_directories(logs_);
    std::vector<std::string> words = {KIBITZ_BINARY};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const std::string out = (logs_ / "out").string(), err = (logs_ / "err").string();
    pid_ = ::fork();
    if (pid_ == 0) {
      if (!std::freopen(out.c_str(), "w", stdout) || !std::freopen(err.c_str(), "w", stderr)) {
        ::_exit(127);
      }
      ::signal(SIGINT, SIG_DFL);  // a test run in the background may have it ignored
      ::execv(KIBITZ_BINARY, argv.data());
      ::_exit(127);
    }
  }
  ~Launcher() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);  // its ranks die with it (they are set to)
      ::waitpid(pid_, nullptr, 0);
    }
    fs::remove_all(logs_);
  }
  Launcher(const Launcher&) = delete;
  Launcher& operator=(const Launcher&) = delete;

  void send(int signal_number) const { ::kill(pid_, signal_number); }
  std::string out() const { return testing::read_whole_file(logs_ / "out"); }
  std::string err() const { return testing::read_whole_file(logs_ / "err"); }

  // The exit status, or -1 when it is still running after `limit` (then
  // killed: a launcher that hangs fails the test, it does not hang it).
  int wait_for(steady_clock::duration limit) {
    const auto deadline = steady_clock::now() + limit;
    while (steady_clock::now() < deadline) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(milliseconds(20));
    }
    return -1;
  }

  // The pid of `rank` from the launcher's first line, once written.
  pid_t rank_pid(int rank, steady_clock::duration limit) const {
    const std::regex pid_of("rank " + std::to_string(rank) + " pid ([0-9]+)");
    const auto deadline = steady_clock::now() + limit;
    while (steady_clock::now() < deadline) {
      std::smatch match;
      const std::string text = err();
      if (std::regex_search(text, match, pid_of)) return std::stoi(match[1]);
      std::this_thread::sleep_for(milliseconds(20));
    }
    return -1;
  }

 private:
  fs::path logs_;
  pid_t pid_ = -1;
  bool reaped_ = false;
};

std::vector<std::string> launch(int procs, const std::vector<std::string>& train,
                                const std::vector<std::string>& own = {}) {
  std::vector<std::string> args = {"launch", "--procs", std::to_string(procs)};
  args.insert(args.end(), own.begin(), own.end());
  args.push_back("--");
  args.insert(args.end(), train.begin(), train.end());
  return args;
}

// Waits for `dir`/latest, rank 0's newest checkpoint.
bool wait_for_checkpoint(const fs::path& dir, steady_clock::duration limit) {
  const auto deadline = steady_clock::now() + limit;
  while (steady_clock::now() < deadline) {
    if (fs::exists(dir / "latest")) return true;
    std::this_thread::sleep_for(milliseconds(50));
  }
  return false;
}

// A build without gloo's headers has no distributed training: the ranks
// refuse, and the tests that need them skip.
#define SKIP_WITHOUT_GLOO(err)                                                          \
  do {                                                                                  \
    if (contains(err, "has no Gloo backend")) GTEST_SKIP() << "this build has no Gloo"; \
  } while (false)

// ------------------------------------------------------------ bad input

// Through the shell; none of these may start a rank ("started" is the
// launcher's first line once they run), nor create the --out given to
// train.
void expect_refused(const std::string& args, const std::string& named) {
  const fs::path out = fresh_dir("refused");
  const std::string line =
      "launch " + args + (contains(args, " -- train") ? " --out '" + out.string() + "'" : "");
  const testing::KibitzRun run = testing::run_kibitz(line);
  EXPECT_EQ(run.exit_code, kBadInput) << "kibitz " << line << "\n" << run.err;
  EXPECT_TRUE(contains(run.err, named))
      << "kibitz " << line << ": stderr should name '" << named << "':\n"
      << run.err;
  EXPECT_FALSE(contains(run.err, "started")) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_FALSE(fs::exists(out)) << "kibitz " << line;
}

TEST(LaunchCli, EachBadCommandLineIsRefusedBeforeAnyRankStarts) {
  const std::string train = "train --game kuhn_poker --algo ppo --iterations 2";
  expect_refused("--procs 0 -- " + train, "--procs 0: must be from 1 to 64");
  expect_refused("--procs 65 -- " + train, "--procs 65: must be from 1 to 64");
  expect_refused("--procs -1 -- " + train, "--procs");
  expect_refused("--procs two -- " + train, "--procs: 'two'");
  expect_refused("-- " + train, "'--procs' is required");
  // Without "--" the train words are the launcher's own.
  expect_refused("--procs 2 train --game kuhn_poker", "missing '--' before the ranks' command");
  expect_refused("--procs 2", "missing '--' before the ranks' command");
  expect_refused("--procs 2 --", "nothing after '--'");
  expect_refused("--procs 2 -- play --game kuhn_poker", "'play' after '--'");
  expect_refused("--procs 2 -- " + train + " --world-size 2", "'--world-size' in the train");
  expect_refused("--procs 2 -- " + train + " --rank 1", "'--rank' in the train");
  expect_refused("--procs 2 -- " + train + " --master 127.0.0.1:29500", "'--master' in the");
  expect_refused("--procs 2 -- " + train + " --master=127.0.0.1:29500", "'--master=127.0.0.1");
  expect_refused("--procs 2 --master-port 0 -- " + train, "--master-port 0: must be from 1");
  expect_refused("--procs 2 --master-port 70000 -- " + train, "--master-port 70000");
  expect_refused("--procs 1 --master-port 29500 -- " + train, "not used with --procs 1");
  expect_refused("--procs 2 --master-addr 192.0.2.1 -- " + train,
                 "--master-addr '192.0.2.1': not an address of this machine");
  expect_refused("--procs 2 --master-addr no.such.host.invalid -- " + train,
                 "--master-addr 'no.such.host.invalid': does not resolve");
  expect_refused("--procs 2 --grace -1 -- " + train, "--grace '-1'");
  expect_refused("--procs 2 --bogus -- " + train, "--bogus");
}

TEST(LaunchCli, APortInUseIsRefusedBeforeAnyRankStarts) {
  const int holder = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(holder, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(::bind(holder, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(holder, 1), 0);
  ASSERT_EQ(::getsockname(holder, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const int port = ntohs(address.sin_port);
  expect_refused("--procs 2 --master-port " + std::to_string(port) +
                     " -- train --game kuhn_poker --algo ppo --iterations 2",
                 "--master-port " + std::to_string(port) + ": rank 0 could not listen on it");
  ::close(holder);
}

// The default --grace is stated from train's default --dist-timeout.
TEST(LaunchCli, TheDefaultGraceFollowsTrainsDistTimeout) {
  const std::string train_help = testing::run_kibitz("train --help").out;
  std::smatch match;
  ASSERT_TRUE(std::regex_search(train_help, match, std::regex("--dist-timeout S \\(=([0-9.]+)\\)")))
      << train_help;
  const double timeout = std::stod(match[1]);
  // Help columns wrap wherever the words fall: compare with one space.
  const std::string launch_help =
      std::regex_replace(testing::run_kibitz("launch --help").out, std::regex("\\s+"), " ");
  const std::string stated = std::to_string(static_cast<int>(3 * timeout + 15)) +
                             " for its default " + std::to_string(static_cast<int>(timeout));
  EXPECT_TRUE(contains(launch_help, stated)) << launch_help;
  // And the help of train itself, once, through the launcher.
  const testing::KibitzRun help = testing::run_kibitz("launch --procs 2 -- train --help");
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_EQ(help.out, train_help);
}

// ------------------------------------------------------------ runs

TEST(LaunchRun, TwoRanksTrainAndRank0WritesTheCheckpoint) {
  const fs::path out = fresh_dir("two");
  Launcher launcher(launch(2, tiny_train(out, 2)), "two");
  const int status = launcher.wait_for(seconds(120));
  SKIP_WITHOUT_GLOO(launcher.err());
  ASSERT_EQ(status, 0) << launcher.err();
  EXPECT_EQ(testing::read_whole_file(out / "latest"), "ckpt-000002\n");
  EXPECT_TRUE(fs::exists(out / "ckpt-000002.pt"));
  // Rank 0's summary as it wrote it, rank 1's prefixed, with the same weights.
  const std::string text = launcher.out();
  EXPECT_TRUE(contains(text, "\nrank        0 of 2\n") || text.starts_with("rank        0 of 2\n"))
      << text;
  EXPECT_TRUE(contains(text, "[rank 1] rank        1 of 2\n")) << text;
  std::smatch zero, one;
  ASSERT_TRUE(std::regex_search(text, zero, std::regex("\nweights     ([0-9a-f]+)"))) << text;
  ASSERT_TRUE(std::regex_search(text, one, std::regex("\\[rank 1\\] weights     ([0-9a-f]+)")));
  EXPECT_EQ(zero[1], one[1]);
  EXPECT_TRUE(std::regex_search(launcher.err(), std::regex("started 2 ranks: rank 0 pid [0-9]+, "
                                                           "rank 1 pid [0-9]+; rendezvous at "
                                                           "127\\.0\\.0\\.1:[0-9]+\n")))
      << launcher.err();
  fs::remove_all(out);
}

// --resume in an empty folder: only rank 0 reads --out, so rank 0 alone
// fails (status 2) and rank 1 stops because of it (status 4); the launcher
// exits with rank 0's status, not rank 1's.
TEST(LaunchRun, ARankThatFailsIsNamedAndItsStatusIsTheLaunchers) {
  const fs::path out = fresh_dir("fails");
  fs::create_directories(out);
  std::vector<std::string> train = tiny_train(out, 2);
  train.push_back("--resume");
  Launcher launcher(launch(2, train), "fails");
  const int status = launcher.wait_for(seconds(120));
  const std::string err = launcher.err();
  SKIP_WITHOUT_GLOO(err);
  EXPECT_EQ(status, kBadInput) << err;
  EXPECT_TRUE(std::regex_search(err, std::regex("rank 0 \\(pid [0-9]+\\) exited with status 2")))
      << err;
  EXPECT_TRUE(contains(err, "[rank 1] kibitz train [rank 1]: error: rank 0")) << err;
  EXPECT_TRUE(contains(err, "exit statuses: rank 0 2, rank 1 4; exiting with rank 0's")) << err;
  fs::remove_all(out);
}

TEST(LaunchRun, AKilledRankIsNamedAndTheOthersStop) {
  const fs::path out = fresh_dir("killed");
  Launcher launcher(launch(2, tiny_train(out, 100000)), "killed");
  const pid_t victim = launcher.rank_pid(1, seconds(30));
  ASSERT_GT(victim, 0) << launcher.err();
  if (!wait_for_checkpoint(out, seconds(60))) {
    SKIP_WITHOUT_GLOO(launcher.err());
    FAIL() << "no checkpoint: " << launcher.err();
  }
  ::kill(victim, SIGKILL);
  const auto killed = steady_clock::now();
  const int status = launcher.wait_for(seconds(120));
  const std::string err = launcher.err();
  EXPECT_EQ(status, 128 + SIGKILL) << err;
  // Rank 0 finds out within --dist-timeout (2 s) and a few seconds' search.
  EXPECT_LT(steady_clock::now() - killed, seconds(30));
  EXPECT_TRUE(contains(err, "rank 1 (pid " + std::to_string(victim) + ") was ended by signal 9"))
      << err;
  EXPECT_TRUE(contains(err, "exit statuses: rank 0 4, rank 1 137; exiting with rank 1's")) << err;
  EXPECT_TRUE(fs::exists(out / "latest"));
  fs::remove_all(out);
}

// A frozen rank (SIGSTOP) never stops on its own: rank 0 finds it silent
// and stops (status 4); after --grace the launcher ends it (SIGTERM, with
// SIGCONT so that a stopped rank acts on it).
TEST(LaunchRun, AFrozenRankIsEndedAfterTheGrace) {
  const fs::path out = fresh_dir("frozen");
  Launcher launcher(launch(2, tiny_train(out, 100000), {"--grace", "1"}), "frozen");
  const pid_t victim = launcher.rank_pid(1, seconds(30));
  ASSERT_GT(victim, 0) << launcher.err();
  if (!wait_for_checkpoint(out, seconds(60))) {
    SKIP_WITHOUT_GLOO(launcher.err());
    FAIL() << "no checkpoint: " << launcher.err();
  }
  ::kill(victim, SIGSTOP);
  const int status = launcher.wait_for(seconds(120));
  const std::string err = launcher.err();
  EXPECT_EQ(status, 128 + SIGTERM) << err;
  EXPECT_TRUE(std::regex_search(
      err, std::regex("rank 0 \\(pid [0-9]+\\) exited with status 4; the other ranks have 1 s")))
      << err;
  EXPECT_TRUE(contains(
      err, "rank 1 (pid " + std::to_string(victim) + ") still runs 1 s after the failure: SIGTERM"))
      << err;
  EXPECT_TRUE(contains(err, "exiting with rank 1's")) << err;
  fs::remove_all(out);
}

// Ctrl-C at the launcher reaches every rank once: they finish the
// iteration, rank 0 checkpoints, all exit 130, and --resume continues.
TEST(LaunchRun, CtrlCIsPassedToEveryRankWhichCheckpoint) {
  const fs::path out = fresh_dir("interrupt");
  Launcher launcher(launch(2, tiny_train(out, 100000)), "interrupt");
  if (!wait_for_checkpoint(out, seconds(60))) {
    SKIP_WITHOUT_GLOO(launcher.err());
    FAIL() << "no checkpoint: " << launcher.err();
  }
  launcher.send(SIGINT);
  const int status = launcher.wait_for(seconds(120));
  const std::string err = launcher.err();
  EXPECT_EQ(status, kInterrupted) << err;
  EXPECT_TRUE(contains(err, "interrupted: passed on to every rank")) << err;
  EXPECT_TRUE(contains(err, "[rank 1] kibitz train: interrupted; finishing this iteration")) << err;
  EXPECT_FALSE(contains(err, "exited with status")) << "an interrupted rank is no failure\n" << err;
  const std::string latest = testing::read_whole_file(out / "latest");
  ASSERT_EQ(latest.size(), 12u) << latest;
  const int at = std::stoi(latest.substr(5));
  // --resume continues with two ranks to two more iterations.
  Launcher resumed(launch(2,
                          [&] {
                            std::vector<std::string> train = tiny_train(out, at + 2);
                            train.push_back("--resume");
                            return train;
                          }()),
                   "resumed");
  ASSERT_EQ(resumed.wait_for(seconds(120)), 0) << resumed.err();
  std::string expected = std::to_string(at + 2);
  expected = "ckpt-" + std::string(6 - expected.size(), '0') + expected + "\n";
  EXPECT_EQ(testing::read_whole_file(out / "latest"), expected);
  fs::remove_all(out);
}

}  // namespace
}  // namespace kibitz::tools
