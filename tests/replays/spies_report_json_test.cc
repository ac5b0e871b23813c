// The Loyalist Spies bluff report's JSON (docs/bluff_report.md "JSON"): the
// figures of the summary it is written from, with their intervals, and the
// command writing it beside the page.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/json.h"
#include "replays/analysis/game_analysis.h"
#include "replays/analysis/loyalist_spies/spies_json.h"
#include "replays/analysis/report_summary.h"
#include "replays/replay_writer.h"
#include "tests/replays/replay_test_util.h"
#include "tests/replays/spies_test_games.h"
#include "tools/replay/loyalist_spies/spies_report_command.h"

namespace kibitz::replays::analysis {
namespace {

using testing::agent_record;
using testing::kSingleRound;

ReportSummary summary_of(const std::vector<ReplayRecord>& records) {
  SummaryBuilder summary;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const GameAnalysis game = analyze_game(records[i], i, ReportOptions{}, false);
    summary.add(game.timeline, game.public_track, game.verdicts);
  }
  return summary.summary();
}

TEST(SpiesReportJson, HoldsTheSummarysFigures) {
  const std::vector<ReplayRecord> records = {agent_record(kSingleRound, "heuristic", 4),
                                             agent_record(kSingleRound, "random", 5)};
  const ReportSummary s = summary_of(records);
  ASSERT_EQ(s.games, 2);
  std::ostringstream out;
  write_spies_json(SpiesReportHead{"games.kbr", 3, 1, 0, ReportOptions{}}, s, out);
  json::Document doc;
  doc.Parse(out.str().c_str());
  ASSERT_FALSE(doc.HasParseError()) << out.str();
  EXPECT_STREQ(doc["report"].GetString(), "loyalist_spies_bluffs");
  EXPECT_EQ(doc["version"].GetInt(), kSpiesReportJsonVersion);
  EXPECT_EQ(doc["records"].GetInt(), 3);
  EXPECT_EQ(doc["games"].GetInt(), 2);
  EXPECT_EQ(doc["skipped"].GetInt(), 1);
  EXPECT_EQ(doc["rounds"].GetInt(), s.rounds);
  const auto& roles = doc["roles"];
  ASSERT_EQ(roles.Size(), 3u);
  int seat_rounds = 0;
  for (const auto& role : roles.GetArray()) seat_rounds += role["seat_rounds"].GetInt();
  EXPECT_EQ(seat_rounds, s.roles[0].seat_rounds + s.roles[1].seat_rounds + s.roles[2].seat_rounds);
  EXPECT_EQ(doc["traitors_identified"]["hits"].GetInt(), s.traitors_identified);
  EXPECT_EQ(doc["traitors_identified"]["total"].GetInt(), s.traitors);
  const auto& identified = doc["traitors_identified"];
  if (s.traitors > 0) {
    EXPECT_LE(identified["low"].GetDouble(), identified["rate"].GetDouble());
    EXPECT_GE(identified["high"].GetDouble(), identified["rate"].GetDouble());
  }
  EXPECT_EQ(doc["calibration"].Size(), static_cast<unsigned>(kCalibrationBins));
  int binned = 0;
  for (const auto& bin : doc["calibration"].GetArray()) binned += bin["traitors"]["total"].GetInt();
  int counted = 0;
  for (const int n : s.calibration_count) counted += n;
  EXPECT_EQ(binned, counted);
  int traitor_cards = 0;
  for (const char* fit : {"matched", "against", "neither"}) {
    traitor_cards += doc["plays"]["traitors"][fit]["hits"].GetInt();
  }
  EXPECT_EQ(traitor_cards, s.plays[1][0] + s.plays[1][1] + s.plays[1][2]);
  EXPECT_EQ(doc["bluffs"].GetInt(), s.bluffs);
}

// Per agent, by the records' seat labels: every seat-round, card and bluff
// of the file belongs to exactly one agent, and an agent's figures are
// those of the games it played.
TEST(SpiesReportJson, PerAgentFiguresAddUpToTheFilesAndKeepTheirOwnGames) {
  std::vector<ReplayRecord> records = {agent_record(kSingleRound, "heuristic", 4)};
  for (std::uint64_t seed = 5; seed <= 10; ++seed) records.push_back(agent_record(kSingleRound, "random", seed));
  SummaryBuilder all, heuristic_only, random_only;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const GameAnalysis game = analyze_game(records[i], i, ReportOptions{}, false);
    all.add(game.timeline, game.public_track, game.verdicts, records[i].seat_labels);
    (i == 0 ? heuristic_only : random_only)
        .add(game.timeline, game.public_track, game.verdicts, records[i].seat_labels);
  }
  const ReportSummary& s = all.summary();
  ASSERT_EQ(s.agents.size(), 2u);
  const AgentRecord& heuristic = s.agents.at("heuristic");
  const AgentRecord& random = s.agents.at("random");
  int cards = 0;
  for (const auto& side : s.plays) {
    for (const int n : side) cards += n;
  }
  EXPECT_EQ(heuristic.plays + random.plays, cards);
  EXPECT_EQ(heuristic.bluffs + random.bluffs, s.bluffs);
  for (std::size_t role = 0; role < 3; ++role) {
    EXPECT_EQ(heuristic.roles[role].seat_rounds + random.roles[role].seat_rounds, s.roles[role].seat_rounds);
    EXPECT_DOUBLE_EQ(heuristic.roles[role].win_share + random.roles[role].win_share, s.roles[role].win_share);
    EXPECT_EQ(heuristic.roles[role].seat_rounds, heuristic_only.summary().roles[role].seat_rounds);
    EXPECT_EQ(random.roles[role].seat_rounds, random_only.summary().roles[role].seat_rounds);
  }
  EXPECT_EQ(random.bluffs, random_only.summary().bluffs);
  EXPECT_LE(random.bluffs_caught, random.bluffs_known);
  EXPECT_LE(random.bluffs_known, random.bluffs);
  // Random play bluffs (its cards ignore its role), so the figures are not
  // vacuous.
  EXPECT_GT(random.bluffs, 0);

  std::ostringstream out;
  write_spies_json(SpiesReportHead{"games.kbr", 3, 0, 0, ReportOptions{}}, s, out);
  json::Document doc;
  doc.Parse(out.str().c_str());
  ASSERT_FALSE(doc.HasParseError()) << out.str();
  ASSERT_TRUE(doc.HasMember("agents") && doc["agents"].IsArray());
  ASSERT_EQ(doc["agents"].Size(), 2u);
  const auto& first = doc["agents"][0];
  EXPECT_STREQ(first["agent"].GetString(), "heuristic");
  EXPECT_EQ(first["plays"].GetInt(), heuristic.plays);
  EXPECT_EQ(first["bluffs"]["hits"].GetInt(), heuristic.bluffs);
  EXPECT_EQ(first["bluffs"]["total"].GetInt(), heuristic.plays);
  const auto& traitor = first["roles"][1];
  EXPECT_STREQ(traitor["role"].GetString(), "Traitor");
  if (heuristic.roles[1].seat_rounds >= 2) {
    EXPECT_LE(traitor["low"].GetDouble(), traitor["mean_win_share"].GetDouble());
    EXPECT_GE(traitor["high"].GetDouble(), traitor["mean_win_share"].GetDouble());
  }
}

// The file summary runs the records on a worker pool: it must add up to the
// serial summary whatever order the games finish in, and of several bad
// records report the lowest, not whichever a thread met first.
TEST(SpiesReportJson, TheFileSummaryIsTheSerialOneAndNamesTheLowestBadRecord) {
  std::vector<ReplayRecord> records;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    records.push_back(agent_record(kSingleRound, seed % 2 == 0 ? "heuristic" : "random", seed));
  }
  const GameAnalysis detailed = analyze_game(records[0], 0, ReportOptions{}, true);
  std::size_t skipped = 99;
  const ReportSummary pooled = tools::spies_summary(records, 0, detailed, ReportOptions{}, skipped);
  const ReportSummary serial = summary_of(records);
  EXPECT_EQ(skipped, 0u);
  EXPECT_EQ(pooled.games, serial.games);
  EXPECT_EQ(pooled.rounds, serial.rounds);
  EXPECT_EQ(pooled.bluffs, serial.bluffs);
  EXPECT_EQ(pooled.traitors_identified, serial.traitors_identified);
  EXPECT_EQ(pooled.calibration_count, serial.calibration_count);

  // Records 3 and 5 break: an action no state has. The error names record 3.
  records[5].actions.back() = 99999;
  records[3].actions.back() = 99999;
  for (int attempt = 0; attempt < 5; ++attempt) {
    try {
      tools::spies_summary(records, 0, detailed, ReportOptions{}, skipped);
      ADD_FAILURE() << "two bad records were summed";
    } catch (const KibitzError& e) {
      EXPECT_TRUE(testing::contains(e.what(), "record 3:")) << e.what();
    }
  }
}

TEST(SpiesReportJson, TheCommandWritesPageAndJsonOrNeither) {
  const testing::TempDir dir;
  {
    ReplayWriter writer(dir.file("games.kbr"));
    writer.write(agent_record(kSingleRound, "heuristic", 4));
    writer.write(agent_record(kSingleRound, "random", 5));
    writer.close();
  }
  const std::string games = "'" + dir.file("games.kbr") + "'";
  const testing::CommandResult ok = testing::run_kibitz("replay report " + games + " --html '" +
                                                        dir.file("a.html") + "' --json '" +
                                                        dir.file("a.json") + "' --particles 100");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_TRUE(testing::contains(ok.out, "summary over 2 games")) << ok.out;
  json::Document doc;
  doc.Parse(testing::read_bytes(dir.file("a.json")).c_str());
  ASSERT_FALSE(doc.HasParseError());
  EXPECT_EQ(doc["games"].GetInt(), 2);
  EXPECT_EQ(doc["options"]["particles"].GetInt(), 100);
  EXPECT_TRUE(testing::contains(testing::read_bytes(dir.file("a.html")), "Summary of the file"));

  // JSON alone; and a JSON path that cannot be written leaves no page either.
  EXPECT_EQ(testing::run_kibitz("replay report " + games + " --json '" + dir.file("b.json") +
                                "' --particles 100")
                .exit_code,
            0);
  EXPECT_TRUE(std::filesystem::exists(dir.file("b.json")));
  const testing::CommandResult bad = testing::run_kibitz(
      "replay report " + games + " --html '" + dir.file("c.html") + "' --json '" +
      dir.file("no/such/dir/c.json") + "' --particles 100");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(dir.file("c.html")));
}

}  // namespace
}  // namespace kibitz::replays::analysis
