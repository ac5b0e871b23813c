// What an arena stopped by signals must leave (docs/CLI.md, "kibitz arena"):
// the summary of the complete deals, the JSON summary marked interrupted,
// the replay file holding every finished game in game order and nothing
// else, and no temporary file. Shared by the arena's signal tests.
#pragma once

#include <gtest/gtest.h>

#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/verify.h"
#include "tests/tools/signalled_run.h"
#include "tools/arena/arena_runner.h"

namespace kibitz::tools::testing {

// The arguments of a Kuhn poker arena between two random agents that no
// machine finishes (so only a signal ends it), seed 0, writing dir/r.json
// and dir/g.kbr.
inline std::vector<std::string> endless_arena_args(const std::filesystem::path& dir) {
  return {"arena",  "--game",  "kuhn_poker", "--agents",
          "random,random",      "--games", "1000000000000",
          "--json", (dir / "r.json").string(), "--record", (dir / "g.kbr").string()};
}

// Checks `run` (endless_arena_args, signalled) and returns how many games
// finished; -1 after a failed check.
inline std::int64_t check_interrupted_arena(const SignalledRun& run,
                                            const std::filesystem::path& dir,
                                            int expected_status) {
  const std::string context = "stdout:\n" + run.out + "\nstderr:\n" + run.err;
  EXPECT_TRUE(run.started) << context;
  EXPECT_TRUE(run.exited) << "killed or hung\n" << context;
  EXPECT_EQ(run.status, expected_status) << context;
  EXPECT_TRUE(temporary_files(dir).empty()) << temporary_files(dir).front();
  if (!run.exited) return -1;
  EXPECT_NE(run.out.find("interrupted after "), std::string::npos) << context;
  EXPECT_NE(run.out.find("of 1000000000000 games"), std::string::npos) << context;
  boost::property_tree::ptree tree;
  boost::property_tree::read_json((dir / "r.json").string(), tree);
  EXPECT_EQ(tree.get<bool>("interrupted"), true);
  const auto finished = tree.get<std::int64_t>("games_finished");
  // The replay file holds every finished game, in game order (checked by
  // the deal seed shared by each pair of records), and nothing else.
  replays::ReplayReader reader((dir / "g.kbr").string(), "kuhn_poker");
  replays::ReplayRecord record;
  std::int64_t records = 0;
  while (reader.next(record)) {
    if (record.seed != arena_deal_seed(0, records / 2)) {
      ADD_FAILURE() << "record " << records << " is out of order";
      return -1;
    }
    if (records % 1000 == 0) {
      EXPECT_TRUE(replays::verify_record(record).empty()) << "record " << records;
    }
    ++records;
  }
  EXPECT_EQ(records, finished);
  EXPECT_NE(run.out.find("recorded " + std::to_string(finished) +
                         (finished == 1 ? " game" : " games")),
            std::string::npos)
      << context;
  if (finished >= 2) {
    EXPECT_NE(run.out.find("results over "), std::string::npos) << context;
    EXPECT_EQ(tree.get<std::int64_t>("deals_used"), finished / 2);
  }
  return finished;
}

}  // namespace kibitz::tools::testing
