// Two outputs of one command given the same file (however spelled), or an
// output given the command's own input, are refused with exit status 2
// before anything is written: `arena --record F --json F --csv F` once
// exited 0 holding one of the three.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "env/core/error.h"
#include "tests/replays/replay_test_util.h"
#include "tests/support/error_of.h"
#include "tools/command.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

using replays::testing::contains;
using replays::testing::run_kibitz;
using replays::testing::TempDir;
namespace fs = std::filesystem;

TEST(CheckDistinctPaths, AcceptsDifferentFilesAndFlagsNotGiven) {
  EXPECT_NO_THROW(check_distinct_paths({{"--json", "a.json"}, {"--csv", "a.csv"}}));
  EXPECT_NO_THROW(check_distinct_paths({{"--json", ""}, {"--csv", ""}, {"--record", "x"}}));
  EXPECT_NO_THROW(check_distinct_paths({}));
}

TEST(CheckDistinctPaths, NamesBothFlagsAndThePathHoweverItIsSpelled) {
  TempDir dir;
  const std::string file = dir.file("out");
  const std::string sub = dir.file("sub");
  fs::create_directories(sub);
  replays::testing::write_bytes(file, "");  // a link is followed to a file that exists
  fs::create_symlink(file, dir.file("link"));
  for (const std::string& other :
       {file, dir.path().string() + "/./out", sub + "/../out", dir.file("link")}) {
    const std::string message = error_of([&] {
      check_distinct_paths({{"--json", file}, {"--csv", other}});
    });
    EXPECT_TRUE(contains(message, "--json and --csv")) << other << ": " << message;
    EXPECT_TRUE(contains(message, "'" + file + "'")) << other << ": " << message;
  }
  // A relative spelling and the same file by its absolute path.
  const fs::path here = fs::current_path();
  fs::current_path(dir.path());
  const std::string message = error_of([&] {
    check_distinct_paths({{"--record", "./out"}, {"--json", file}});
  });
  fs::current_path(here);
  EXPECT_TRUE(contains(message, "--record and --json")) << message;
}

TEST(OutputPaths, ArenaRefusesOneFileForTwoOutputs) {
  TempDir dir;
  const std::string file = dir.file("F");
  const std::string agents = "arena --game kuhn_poker --agents random,random --games 10 --quiet ";
  for (const std::string& outputs :
       {"--record '" + file + "' --json '" + file + "' --csv '" + file + "'",
        "--json '" + file + "' --csv '" + dir.path().string() + "/./F'",
        "--csv '" + file + "' --record '" + dir.path().string() + "/x/../F'"}) {
    const replays::testing::CommandResult run = run_kibitz(agents + outputs);
    EXPECT_EQ(run.exit_code, kExitBadInput) << outputs << "\n" << run.out << run.err;
    EXPECT_TRUE(contains(run.err, "name the same file '" + file + "'")) << run.err;
    EXPECT_TRUE(dir.listing().empty()) << outputs;  // nothing written, no game played
  }
  const replays::testing::CommandResult ok =
      run_kibitz(agents + "--json '" + dir.file("a.json") + "' --csv '" + dir.file("a.csv") + "'");
  EXPECT_EQ(ok.exit_code, kExitOk) << ok.err;
}

TEST(OutputPaths, CommandsRefuseToWriteOverTheirInput) {
  TempDir dir;
  const std::string file = dir.file("games.kbr");
  ASSERT_EQ(
      run_kibitz("play --game kuhn_poker --seats random,random --games 2 --record '" + file + "'")
          .exit_code,
      kExitOk);
  const std::string before = replays::testing::read_bytes(file);
  for (const std::string& args :
       {"replay export '" + file + "' --json --out '" + dir.path().string() + "/./games.kbr'",
        "replay report '" + file + "' --html '" + file + "'",
        "exploitability --game kuhn_poker --policy '" + file + "' --best-response-out '" + file +
            "'"}) {
    const replays::testing::CommandResult run = run_kibitz(args);
    EXPECT_EQ(run.exit_code, kExitBadInput) << args << "\n" << run.err;
    EXPECT_TRUE(contains(run.err, " name the same file '" + file + "'")) << run.err;
    EXPECT_EQ(replays::testing::read_bytes(file), before) << args;
  }
}

}  // namespace
}  // namespace kibitz::tools
