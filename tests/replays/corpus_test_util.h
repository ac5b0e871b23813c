// What the corpus tests share: recording arena games, reading one number
// from a corpus over a connection of the test's own, and the JSON of
// `kibitz replay report` and `kibitz corpus report`.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "env/core/json.h"
#include "replays/corpus/sqlite_db.h"
#include "tests/replays/replay_test_util.h"

namespace kibitz::replays::testing {

// Records `games` games of `arena_options` to `path`.
inline void record(const std::string& arena_options, int games, const std::string& path) {
  const CommandResult arena =
      run_kibitz("arena " + arena_options + " --games " + std::to_string(games) +
                 " --quiet --record '" + path + "'");
  ASSERT_EQ(arena.exit_code, 0) << arena.err;
}

// One number from the corpus (a read-only connection of the test's own).
inline long long scalar(const std::string& db_path, const std::string& sql) {
  corpus::Database db(db_path, corpus::OpenMode::kReadOnly);
  corpus::Statement s(db, sql);
  EXPECT_TRUE(s.step()) << sql;
  return s.integer(0);
}

inline void parse_json(const std::string& text, json::Document& doc) {
  doc.Parse(text.c_str());
  EXPECT_FALSE(doc.HasParseError()) << text.substr(0, 200);
}

// `kibitz replay report GAMES --json` with `flags`; `tag` names its output.
inline void report_json(const TempDir& dir, const std::string& games, json::Document& doc,
                        const std::string& flags = "", const std::string& tag = "") {
  const std::string out = dir.file(std::filesystem::path(games).stem().string() + tag + ".json");
  const CommandResult report =
      run_kibitz("replay report '" + games + "' --json '" + out + "' " + flags);
  EXPECT_EQ(report.exit_code, 0) << report.err;
  parse_json(read_bytes(out), doc);
}

inline json::Document report_json(const TempDir& dir, const std::string& games,
                                  const std::string& flags = "") {
  json::Document doc;
  report_json(dir, games, doc, flags);
  return doc;
}

}  // namespace kibitz::replays::testing
