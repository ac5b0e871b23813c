// Tests of kibitz arena as a user runs it: the built binary (KIBITZ_BINARY)
// with bad input, its summary, JSON, CSV and replay outputs, their
// independence of the thread count, and Ctrl-C. The arena's parts are tested
// in process in arena_test.cc.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "env/core/registry.h"
#include "env/games/loyalist_spies/scoring.h"
#include "replays/analysis/game_outcome.h"
#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/verify.h"
#include "tools/arena/arena_runner.h"
#include "tests/tools/arena_interrupt_check.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;

struct CommandRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

// A fresh scratch directory per test, removed at the end.
class ArenaCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("kibitz_arena_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `kibitz arena ARGS` through the shell (quote specs with parentheses).
  CommandRun arena(const std::string& args) {
    const std::string command = std::string("'") + KIBITZ_BINARY + "' arena " + args +
                                " </dev/null >'" + (dir_ / "out").string() + "' 2>'" +
                                (dir_ / "err").string() + "'";
    const int status = std::system(command.c_str());
    return CommandRun{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir_ / "out"),
                      read_text(dir_ / "err")};
  }

  void expect_bad_input(const std::string& args, const std::string& named) {
    const CommandRun run = arena(args);
    EXPECT_EQ(run.exit_code, kExitBadInput) << args << "\n" << run.out << run.err;
    EXPECT_NE(run.err.find(named), std::string::npos)
        << args << ": stderr should name '" << named << "':\n"
        << run.err;
  }

  fs::path dir_;
};

TEST_F(ArenaCli, BadInputIsNamed) {
  expect_bad_input("--game kuhn_poker --agents random,bogus_agent", "bogus_agent");
  expect_bad_input("--game kuhn_poker --agents 'random,cfr(foo=1)'", "foo");
  expect_bad_input("--game kuhn_poker --agents random,random --games 0", "--games");
  expect_bad_input("--game kuhn_poker --agents random,random --games -5", "--games");
  expect_bad_input("--game kuhn_poker --agents random,random --threads 0", "--threads");
  expect_bad_input("--game kuhn_poker --agents random", "--agents");
  expect_bad_input("--game kuhn_poker --agents random,,random", "--agents");
  expect_bad_input("--game kuhn_poker --agents 'random(,random'", "--agents");
  expect_bad_input("--game bogus_game --agents random,random", "bogus_game");
  expect_bad_input("--agents random,random", "--game");
  expect_bad_input("--game kuhn_poker --agents random,random --seed -1", "--seed");
  expect_bad_input("--game kuhn_poker --agents random,random --json /no/such/dir/r.json",
                   "/no/such/dir/r.json");
  expect_bad_input("--game kuhn_poker --agents random,random --record /no/such/dir/g.kbr",
                   "/no/such/dir/g.kbr");
}

TEST_F(ArenaCli, CfrBeatsRandomInKuhn) {
  const fs::path json = dir_ / "r.json";
  const CommandRun run = arena(
      "--game kuhn_poker --agents 'cfr(iters=200),random' --games 4000 --seed 1 "
      "--threads 2 --json '" +
      json.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  boost::property_tree::ptree tree;
  boost::property_tree::read_json(json.string(), tree);
  const auto& cfr = tree.get_child("agent_stats").begin()->second;
  EXPECT_EQ(cfr.get<std::string>("spec"), "cfr(iters=200)");
  EXPECT_GT(cfr.get<double>("mean_return.low"), 0.0) << run.out;
  // Ratings compare whole deals (duplicate scoring), so they follow chips
  // won, not hands won: CFR wins fewer hands than random (it gives up small
  // pots and takes big ones) yet rates clearly higher.
  EXPECT_GT(cfr.get<double>("rating.low"), 0.0) << run.out;
  EXPECT_LT(cfr.get<double>("win_rate.mean"), 0.5) << run.out;
  EXPECT_NE(run.out.find("cfr(iters=200)"), std::string::npos) << run.out;
}

TEST_F(ArenaCli, WritesParseableJsonAndCsv) {
  const fs::path json = dir_ / "r.json";
  const fs::path csv = dir_ / "games.csv";
  const CommandRun run = arena(
      "--game 'kuhn_poker(players=3)' --agents 'random,cfr(iters=30,max_nodes=100000)' "
      "--games 15 --seed 4 --quiet --json '" +
      json.string() + "' --csv '" + csv.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  EXPECT_EQ(run.err, "") << "--quiet prints nothing on stderr";
  // 15 games with 2 seatings per deal round up to 16.
  EXPECT_NE(run.out.find("16 = 8 deals x 2 seatings (15 requested, rounded up"), std::string::npos)
      << run.out;

  boost::property_tree::ptree tree;
  boost::property_tree::read_json(json.string(), tree);
  EXPECT_EQ(tree.get<std::string>("game"), "kuhn_poker(players=3)");
  EXPECT_EQ(tree.get<std::uint64_t>("seed"), 4u);
  EXPECT_EQ(tree.get<int>("games_planned"), 16);
  EXPECT_EQ(tree.get<int>("games_used"), 16);
  EXPECT_EQ(tree.get<bool>("interrupted"), false);
  std::vector<std::string> agents;
  for (const auto& item : tree.get_child("agents")) agents.push_back(item.second.data());
  EXPECT_EQ(agents, (std::vector<std::string>{"random", "cfr(iters=30,max_nodes=100000)"}));
  EXPECT_EQ(tree.get_child("seat_stats").size(), 3u);
  double sum = 0;  // zero-sum game, every agent equally often in every seat
  for (const auto& item : tree.get_child("agent_stats")) {
    sum += item.second.get<double>("mean_return.mean");
    EXPECT_EQ(item.second.get<int>("seats_played"), 8 * 3);
    EXPECT_EQ(item.second.get_child("mean_return_by_seat").size(), 3u);
  }
  EXPECT_NEAR(sum * 3.0 / 2.0, 0.0, 1e-9);

  std::istringstream lines(read_text(csv));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line,
            "game,deal,rotation,seat0_agent,seat1_agent,seat2_agent,seat0_return,seat1_return,"
            "seat2_return");
  int rows = 0;
  while (std::getline(lines, line)) {
    // The cfr spec holds a comma, so it is quoted.
    if (rows == 0) {
      EXPECT_EQ(line.rfind("0,0,0,random,\"cfr(iters=30,max_nodes=100000)\",random,", 0), 0u)
          << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 16);
  // No temporary files are left behind.
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files += entry.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 4);  // out, err, r.json, games.csv
}

// A game with roles: the CSV gives each seat's role in every round, one
// letter a round, as the scoring of the recorded game has them.
TEST_F(ArenaCli, CsvGivesEachSeatsRolesInLoyalistSpies) {
  const fs::path csv = dir_ / "games.csv";
  const fs::path kbr = dir_ / "games.kbr";
  const CommandRun run = arena(
      "--game 'loyalist_spies(rounds=2)' --agents random,heuristic --games 4 --seed 3 "
      "--quiet --csv '" +
      csv.string() + "' --record '" + kbr.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  std::istringstream lines(read_text(csv));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line,
            "game,deal,rotation,seat0_agent,seat1_agent,seat2_agent,seat3_agent,seat0_return,"
            "seat1_return,seat2_return,seat3_return,seat0_roles,seat1_roles,seat2_roles,"
            "seat3_roles");
  const std::vector<replays::ReplayRecord> records = replays::read_replay_file(kbr.string());
  ASSERT_GE(records.size(), 4u);
  for (const replays::ReplayRecord& record : records) {
    ASSERT_TRUE(std::getline(lines, line));
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    ASSERT_EQ(fields.size(), 15u) << line;
    const std::unique_ptr<State> state = load_game(record.game)->state_from_history(record.actions);
    const replays::analysis::GameOutcome outcome = replays::analysis::public_outcome(*state);
    ASSERT_EQ(outcome.rounds.size(), 2u);
    for (std::size_t seat = 0; seat < 4; ++seat) {
      std::string expected;
      for (const replays::analysis::RoundOutcome& round : outcome.rounds) {
        ASSERT_TRUE(round.scored);
        expected += loyalist_spies::role_name(round.roles[seat]).front();
      }
      EXPECT_EQ(fields[11 + seat], expected) << line;
    }
  }
  EXPECT_FALSE(std::getline(lines, line)) << "more rows than records: " << line;
}

TEST_F(ArenaCli, OutputIsTheSameForAnyThreadCount) {
  const std::string args = "--game leduc_poker --agents random,random,random --games 600 --seed 2";
  const CommandRun one = arena(args + " --threads 1");
  const CommandRun two = arena(args + " --threads 2");
  ASSERT_EQ(one.exit_code, kExitOk) << one.err;
  ASSERT_EQ(two.exit_code, kExitOk) << two.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("rating"), std::string::npos) << one.out;
}

// Every game lands in the replay file in game order, the file verifies, and
// it holds the same games for any thread count (the records differ only in
// their wall-clock fields, start time and duration).
TEST_F(ArenaCli, RecordWritesEveryGameInOrderForAnyThreadCount) {
  const std::string args =
      "--game 'kuhn_poker(players=3)' --agents 'random,cfr(iters=30,max_nodes=100000)' "
      "--games 2000 --seed 4 --quiet";
  std::vector<std::vector<replays::ReplayRecord>> files;
  for (const int threads : {1, 2}) {
    const fs::path path = dir_ / ("games" + std::to_string(threads) + ".kbr");
    const fs::path csv = dir_ / ("games" + std::to_string(threads) + ".csv");
    const CommandRun run = arena(args + " --threads " + std::to_string(threads) + " --record '" +
                                 path.string() + "' --csv '" + csv.string() + "'");
    ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
    EXPECT_NE(run.out.find("recorded 2000 games to " + path.string()), std::string::npos)
        << run.out;
    files.push_back(replays::read_replay_file(path.string()));
    ASSERT_EQ(files.back().size(), 2000u);

    // Record g is game g: the CSV row of game g lists the same returns.
    std::istringstream lines(read_text(csv));
    std::string line;
    std::getline(lines, line);  // header
    for (const replays::ReplayRecord& record : files.back()) {
      ASSERT_TRUE(std::getline(lines, line));
      std::string tail;
      for (const double r : record.returns) {
        std::ostringstream number;
        number << r;
        tail += "," + number.str();
      }
      ASSERT_TRUE(line.ends_with(tail)) << line << " vs" << tail;
    }

    const std::string verify = "'" + std::string(KIBITZ_BINARY) + "' replay verify '" +
                               path.string() + "' --expect-game 'kuhn_poker(players=3)' >'" +
                               (dir_ / "verify").string() + "'";
    const int status = std::system(verify.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == kExitOk) << read_text(dir_ / "verify");
    EXPECT_NE(read_text(dir_ / "verify").find("2000 records, all verified"), std::string::npos)
        << read_text(dir_ / "verify");
  }
  for (std::size_t g = 0; g < 2000; ++g) {
    ASSERT_TRUE(replays::same_game(files[0][g], files[1][g])) << "record " << g;
    // Seating g mod 2 of deal g / 2, both seatings of a deal from one seed.
    ASSERT_EQ(files[0][g].seed, arena_deal_seed(4, static_cast<std::int64_t>(g / 2))) << g;
    ASSERT_EQ(files[0][g].seat_labels[0], g % 2 == 0 ? "random" : "cfr(iters=30,max_nodes=100000)")
        << g;
  }
  // No temporary files are left behind: out, err, verify, two .kbr, two .csv.
  int files_left = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files_left += entry.is_regular_file();
  EXPECT_EQ(files_left, 7);
}

// Ctrl-C: running games finish, the complete deals are reported, every
// finished game is in the replay file, exit 130. The run has no end of its
// own (10^12 games), so only the interrupt ends it, however slow the machine.
TEST_F(ArenaCli, InterruptPrintsPartialResultsAndExits130) {
  // Slow builds (sanitizers) or a busy machine may take a while to reach
  // the first game: wait longer until an interrupted run has finished some.
  for (const int delay_ms : {300, 1000, 3000, 10000}) {
    const testing::SignalledRun run =
        testing::run_and_signal(testing::endless_arena_args(dir_), dir_, "games: ",
                                std::chrono::milliseconds(delay_ms), {{SIGINT}});
    const std::int64_t finished = testing::check_interrupted_arena(run, dir_, kExitInterrupted);
    ASSERT_GE(finished, 0);
    if (finished > 0) return;
  }
  FAIL() << "no game finished before the interrupt";
}

}  // namespace
}  // namespace kibitz::tools
