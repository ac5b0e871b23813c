// `kibitz serve` as a process (the built binary): Ctrl-C while agents think
// stops it within a second with exit 0, however many Ctrl-Cs follow; and a
// server killed outright in the middle of a table flood leaves every replay
// file whole (written to a temporary and renamed into place).
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/verify.h"
#include "tests/tools/kibitz_child.h"
#include "tests/web/server_client.h"
#include "tests/web/server_fixture.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using tools::testing::KibitzChild;
using Clock = std::chrono::steady_clock;

class ServeProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("kibitz_serve_process_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // The port a started server prints ("listening on http://127.0.0.1:PORT/").
  static unsigned short port_of(KibitzChild& child) {
    EXPECT_TRUE(child.read_until("(Ctrl-C stops)")) << child.err();
    std::smatch match;
    const std::string out = child.out();
    if (!std::regex_search(out, match, std::regex(R"(127\.0\.0\.1:(\d+)/)"))) return 0;
    return static_cast<unsigned short>(std::stoi(match[1]));
  }

  std::filesystem::path dir_;
};

TEST_F(ServeProcessTest, CtrlCWhileAgentsThinkExitsZeroWithinASecond) {
  // Searches that would think for ten minutes a decision, on both threads.
  const std::string seats =
      "ismcts(sims=100000),ismcts(sims=100000),ismcts(sims=100000),ismcts(sims=100000)";
  KibitzChild child({"serve", "--listen", "127.0.0.1:0", "--replays", dir_.string(),
                     "--decision-ms", "600000", "--table", "loyalist_spies: " + seats, "--table",
                     "loyalist_spies: " + seats});
  ASSERT_NE(port_of(child), 0);
  ASSERT_TRUE(child.read_until("spectators:"));
  std::this_thread::sleep_for(300ms);  // the agents are deep in thought
  const auto pressed = Clock::now();
  child.send(SIGINT);
  std::this_thread::sleep_for(50ms);
  child.send(SIGINT);  // impatient: a second Ctrl-C, then a SIGTERM
  child.send(SIGTERM);
  EXPECT_EQ(child.wait(), 0) << child.err();
  EXPECT_LT(Clock::now() - pressed, testing::patience(1s)) << child.err();
  EXPECT_NE(child.err().find("kibitz serve: stopping"), std::string::npos) << child.err();
  EXPECT_NE(child.err().find("kibitz serve: stopped"), std::string::npos) << child.err();
}

TEST_F(ServeProcessTest, SigtermStopsAnIdleServerWithExitZero) {
  KibitzChild child({"serve", "--listen", "127.0.0.1:0", "--replays", dir_.string()});
  ASSERT_NE(port_of(child), 0);
  child.send(SIGTERM);
  EXPECT_EQ(child.wait(), 0) << child.err();
}

TEST_F(ServeProcessTest, AServerKilledMidFloodLeavesEveryReplayWhole) {
  KibitzChild child({"serve", "--listen", "127.0.0.1:0", "--replays", dir_.string(),
                     "--tables-per-minute", "1000000", "--max-tables", "64",
                     "--max-client-connections", "256"});
  const unsigned short port = port_of(child);
  ASSERT_NE(port, 0);
  // Four clients create tables of agents (each plays to its end at once and
  // writes its replay) until the server is killed under them.
  std::atomic<bool> killed{false};
  std::vector<std::thread> flood;
  for (int c = 0; c < 4; ++c) {
    flood.emplace_back([&] {
      while (!killed.load()) {
        try {
          testing::http_request(port, "POST", "/api/tables",
                                R"({"game":"leduc_poker","seats":["random","random"]})");
        } catch (const std::exception&) {
          // refused or reset: the server is going, or gone
        }
      }
    });
  }
  const auto until = Clock::now() + testing::patience(10s);
  auto replays = [&] {
    std::size_t n = 0;
    for (const auto& item : std::filesystem::directory_iterator(dir_))
      n += item.path().extension() == ".kbr";
    return n;
  };
  while (replays() < 40 && Clock::now() < until) std::this_thread::sleep_for(10ms);
  child.send(SIGKILL);
  child.wait();
  killed = true;
  for (std::thread& t : flood) t.join();
  ASSERT_GE(replays(), 40u) << "the flood wrote too few replays to be a test";
  for (const auto& item : std::filesystem::directory_iterator(dir_)) {
    if (item.path().extension() != ".kbr") continue;  // a temporary is no replay
    std::vector<replays::ReplayRecord> records;
    EXPECT_NO_THROW(records = replays::read_replay_file(item.path().string())) << item.path();
    ASSERT_EQ(records.size(), 1u) << item.path();
    EXPECT_TRUE(replays::verify_record(records[0]).empty()) << item.path();
  }
}

}  // namespace
}  // namespace kibitz::web
