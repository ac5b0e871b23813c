// `kibitz arena --on-bad-answer forfeit` against a program that answers
// badly on purpose (tests/tools/misbehaving_engine.py): an illegal action,
// an answer past --time-limit-ms, a crash. Each bad answer forfeits its
// game and the run goes on; the forfeits are counted per agent in the
// table, the JSON and the CSV, and kept in the replay records, which
// `replay verify` accepts. Without the flag the first bad answer stops the
// run with an error naming the program.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "agents/match/answer_rules.h"
#include "env/core/registry.h"
#include "replays/replay_reader.h"
#include "replays/verify.h"
#include "tests/tools/kibitz_run.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;
using testing::read_whole_file;
using testing::run_kibitz;

class ArenaForfeits : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("kibitz_forfeit_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The arena's command line: the misbehaving program (MODE N [MS]) against
  // random in Kuhn poker, 20 games, writing every output file.
  std::string arena(const std::string& bot_args, const std::string& flags) const {
    const std::string bot = std::string(KIBITZ_PYTHON3) + " " + KIBITZ_SOURCE_DIR +
                            "/tests/tools/misbehaving_engine.py " + bot_args;
    return "arena --game kuhn_poker --agents 'engine(cmd=" + bot + "),random' --games 20 --seed 3 --quiet " +
           flags + " --record '" + (dir_ / "r.kbr").string() + "' --json '" + (dir_ / "r.json").string() +
           "' --csv '" + (dir_ / "r.csv").string() + "'";
  }

  fs::path dir_;
};

// Counts the rows of the CSV whose last field is a seat number.
int forfeit_rows(const std::string& csv) {
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.substr(line.rfind(',') + 1), "forfeit_seat");
  int rows = 0;
  while (std::getline(lines, line)) rows += line.back() != ',' ? 1 : 0;
  return rows;
}

TEST_F(ArenaForfeits, EachKindOfBadAnswerForfeitsItsGameAndTheRunGoesOn) {
  struct Kind {
    std::string bot_args;
    std::string flags;
    std::string reason;
  };
  for (const Kind& kind : {Kind{"illegal 2", "", "its action 'no such action' is not legal"},
                           Kind{"late 2 400", "--time-limit-ms 150", "past the limit of 150 ms"},
                           Kind{"crash 2", "", "exited with status 3"}}) {
    SCOPED_TRACE(kind.bot_args);
    const auto run = run_kibitz(arena(kind.bot_args, "--on-bad-answer forfeit " + kind.flags));
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("forfeits (a seat's illegal, late or failed answer"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(kind.reason), std::string::npos) << run.out;

    const auto game = load_game("kuhn_poker");
    const std::vector<replays::ReplayRecord> records = replays::read_replay_file((dir_ / "r.kbr").string());
    ASSERT_EQ(records.size(), 20u);
    int forfeited = 0;
    for (std::size_t g = 0; g < records.size(); ++g) {
      const replays::ReplayRecord& record = records[g];
      EXPECT_TRUE(replays::verify_record(record).empty()) << "game " << g;
      if (!record.forfeit.happened()) continue;
      ++forfeited;
      // The program is agent 0: seat 0 in even games, seat 1 in odd ones.
      EXPECT_EQ(record.forfeit.seat, static_cast<int>(g % 2)) << "game " << g;
      EXPECT_NE(record.forfeit.reason.find(kind.reason), std::string::npos) << record.forfeit.reason;
      EXPECT_EQ(record.returns[static_cast<std::size_t>(record.forfeit.seat)], -2.0);
    }
    EXPECT_GT(forfeited, 0);
    EXPECT_LT(forfeited, 20) << "a fresh program plays well until its second act";
    const std::string json = read_whole_file(dir_ / "r.json");
    EXPECT_NE(json.find("\"on_bad_answer\": \"forfeit\""), std::string::npos);
    EXPECT_NE(json.find("\"forfeits\": " + std::to_string(forfeited) + ",\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"mean_return_by_seat\""), std::string::npos);
    EXPECT_EQ(forfeit_rows(read_whole_file(dir_ / "r.csv")), forfeited);
  }
}

TEST_F(ArenaForfeits, WithoutTheFlagABadAnswerStopsTheRun) {
  const auto illegal = run_kibitz(arena("illegal 2", ""));
  EXPECT_EQ(illegal.exit_code, 2) << illegal.out << illegal.err;
  EXPECT_NE(illegal.err.find("misbehaving_engine.py illegal 2': its action 'no such action' is not legal"),
            std::string::npos)
      << illegal.err;
  EXPECT_FALSE(fs::exists(dir_ / "r.kbr")) << "a failed run leaves no file";
  const auto late = run_kibitz(arena("late 2 400", "--time-limit-ms 150"));
  EXPECT_EQ(late.exit_code, 2) << late.out << late.err;
  EXPECT_NE(late.err.find("seat 0 (agent engine(cmd="), std::string::npos) << late.err;
  EXPECT_NE(late.err.find("past the limit of 150 ms"), std::string::npos) << late.err;
}

TEST_F(ArenaForfeits, BadFlagsAreRefusedByName) {
  const auto policy = run_kibitz("arena --game kuhn_poker --agents random,random --on-bad-answer skip");
  EXPECT_EQ(policy.exit_code, 2);
  EXPECT_NE(policy.err.find("--on-bad-answer: 'skip' is not a choice: abort or forfeit"), std::string::npos)
      << policy.err;
  const auto limit = run_kibitz("arena --game kuhn_poker --agents random,random --time-limit-ms -1");
  EXPECT_EQ(limit.exit_code, 2);
  EXPECT_NE(limit.err.find("--time-limit-ms must be between 0 (none) and 86400000, got -1"), std::string::npos)
      << limit.err;
}

// Games that nobody forfeits leave no trace of the rule but the setting.
TEST_F(ArenaForfeits, ARunWithoutBadAnswersReportsNone) {
  const auto run = run_kibitz("arena --game kuhn_poker --agents random,random --games 10 --quiet "
                              "--on-bad-answer forfeit --json '" + (dir_ / "r.json").string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find("forfeits ("), std::string::npos) << run.out;
  EXPECT_NE(read_whole_file(dir_ / "r.json").find("\"forfeits\": 0,\n"), std::string::npos);
}

}  // namespace
}  // namespace kibitz::tools
