// Running `kibitz replay report` on a file of recorded games for the
// per-game report tests (Adulting, Laws and Disorder): the games recorded
// with `kibitz arena`, the report written as JSON and HTML with record 1
// in detail, and the JSON read back.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "env/core/json.h"
#include "tests/replays/replay_test_util.h"

namespace kibitz::replays::testing {

// Records the games `arena_options` name (--game, --agents, --games) to
// dir/games.kbr, reports them to dir/r.json and dir/r.html with --game 1,
// and parses the JSON into `doc`, whose detailed record must be 1. A failed
// command or unreadable JSON is a fatal failure: call it under
// ASSERT_NO_FATAL_FAILURE.
inline void record_and_report(const TempDir& dir, const std::string& arena_options, json::Document& doc) {
  const std::string games = dir.file("games.kbr");
  const CommandResult arena = run_kibitz("arena " + arena_options + " --quiet --record '" + games + "'");
  ASSERT_EQ(arena.exit_code, 0) << arena.err;
  const CommandResult report = run_kibitz("replay report '" + games + "' --json '" + dir.file("r.json") +
                                          "' --html '" + dir.file("r.html") + "' --game 1");
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const std::string text = read_bytes(dir.file("r.json"));
  doc.Parse(text.c_str());
  ASSERT_FALSE(doc.HasParseError());
  EXPECT_EQ(doc["game"]["record"].GetInt(), 1);
}

}  // namespace kibitz::replays::testing
