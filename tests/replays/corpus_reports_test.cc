// kibitz corpus report's named reports (replays/corpus/report_*.h,
// docs/corpus.md "Reports") over a corpus of arena games: each figure equals
// the one `kibitz replay report` gives for the same files where it gives it
// (claims, bids, bluffs, laws), else a count made here from the replay files
// themselves or from the decision rows; the tallies agree with the rows they
// sum; reports refuse a game they are not about, an unknown name and a seat
// they do not take.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "replays/corpus/corpus_schema.h"
#include "replays/corpus/report_catalog.h"
#include "replays/replay_reader.h"
#include "tests/replays/corpus_test_util.h"

namespace kibitz::replays::testing {
namespace {

constexpr int kGames = 6;

// One corpus of 6 arena games each of Spies (bluffs judged at 200
// particles), Adulting and Laws and Disorder, built once for the suite, and
// replay report's JSON of each record of the Adulting and Laws files.
class CorpusReports : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<TempDir>();
    spies_ = dir_->file("spies.kbr");
    adulting_ = dir_->file("adulting.kbr");
    laws_ = dir_->file("laws.kbr");
    db_ = dir_->file("c.db");
    record("--game loyalist_spies --agents heuristic,random", kGames, spies_);
    record("--game adulting --agents heuristic,random", kGames, adulting_);
    record("--game laws_and_disorder --agents heuristic,random", kGames, laws_);
    const CommandResult add = run_kibitz("corpus add '" + db_ + "' '" + spies_ + "' '" + adulting_ +
                                         "' '" + laws_ + "' --particles 200 --seed 5");
    ASSERT_EQ(add.exit_code, 0) << add.err;
    for (int r = 0; r < kGames; ++r) {
      const std::string n = " --game " + std::to_string(r);
      report_json(*dir_, adulting_, adulting_details_[r], n, std::to_string(r));
      report_json(*dir_, laws_, laws_details_[r], n, std::to_string(r));
    }
  }
  static void TearDownTestSuite() { dir_.reset(); }

  // `kibitz corpus report DB ARGS --json`, parsed.
  static void corpus_report(const std::string& args, json::Document& rows) {
    const CommandResult r = run_kibitz("corpus report '" + db_ + "' " + args + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    parse_json(r.out, rows);
    ASSERT_TRUE(rows.IsArray()) << r.out;
  }

  static inline std::unique_ptr<TempDir> dir_;
  static inline std::string spies_, adulting_, laws_, db_;
  static inline json::Document adulting_details_[kGames], laws_details_[kGames];
};

const json::Value& row_of(const json::Document& rows, const std::string& agent,
                          const std::string& role = "") {
  for (const auto& row : rows.GetArray()) {
    if (row["agent"].GetString() == agent && (role.empty() || row["role"].GetString() == role))
      return row;
  }
  ADD_FAILURE() << "no row for " << agent << " " << role;
  static const json::Value none;
  return none;
}

// A share's columns against hits and total counted elsewhere; its rate and
// bounds against the Wilson interval the replay report printed, if given.
void expect_share(const json::Value& row, const std::string& key, int hits, int total,
                  const json::Value* replay = nullptr) {
  EXPECT_EQ(row[(key + "_hits").c_str()].GetInt(), hits) << key;
  EXPECT_EQ(row[(key + "_total").c_str()].GetInt(), total) << key;
  if (total == 0) return;
  const double rate = row[(key + "_rate").c_str()].GetDouble();
  EXPECT_NEAR(rate, static_cast<double>(hits) / total, 1e-5) << key;
  EXPECT_LE(row[(key + "_low").c_str()].GetDouble(), rate) << key;
  EXPECT_GE(row[(key + "_high").c_str()].GetDouble(), rate) << key;
  if (replay != nullptr) {
    EXPECT_NEAR(row[(key + "_low").c_str()].GetDouble(), (*replay)["low"].GetDouble(), 1e-5);
    EXPECT_NEAR(row[(key + "_high").c_str()].GetDouble(), (*replay)["high"].GetDouble(), 1e-5);
  }
}

TEST_F(CorpusReports, ClaimsCountWhatReplayReportCounts) {
  const json::Document replay = report_json(*dir_, adulting_);
  json::Document rows;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report claims", rows));
  ASSERT_EQ(rows.Size(), replay["agents"].Size());
  int adult_lies = 0;
  for (const auto& a : replay["agents"].GetArray()) {
    const json::Value& row = row_of(rows, a["agent"].GetString());
    const int claims = a["claims"].GetInt();
    EXPECT_EQ(row["claims"].GetInt(), claims);
    expect_share(row, "lie", a["lies"].GetInt(), claims, &a["rates"]["lie"]);
    expect_share(row, "adult_lie", a["adult_lies"].GetInt(), claims, &a["rates"]["adult_lie"]);
    expect_share(row, "voted_down",
                 a["adult_lies_caught"].GetInt() + a["false_accusations"].GetInt(),
                 a["adult_lies"].GetInt() + a["truthful_adult_claims"].GetInt());
    expect_share(row, "successful_bluff", a["successful_bluffs"].GetInt(),
                 a["adult_lies"].GetInt());
    adult_lies += a["adult_lies"].GetInt();
  }
  EXPECT_GT(adult_lies, 0) << "random should lie, or the comparison proves little";
}

TEST_F(CorpusReports, BidsCountWhatReplayReportCounts) {
  const json::Document replay = report_json(*dir_, adulting_);
  // Each record's bids in detail: the overbid amounts the summary lacks.
  std::map<std::string, std::pair<int, int>> overbid;  // agent -> (sum of bid - value, count)
  for (const json::Document& doc : adulting_details_) {
    const json::Value& game = doc["game"];
    for (const auto& auction : game["auctions"].GetArray()) {
      for (const auto& bid : auction["bids"].GetArray()) {
        if (!bid["overbid"].GetBool()) continue;
        auto& [sum, n] = overbid[game["agents"][bid["seat"].GetUint()].GetString()];
        sum += bid["bid"].GetInt() - bid["value"].GetInt();
        ++n;
      }
    }
  }
  json::Document rows;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report bids --game adulting", rows));
  ASSERT_EQ(rows.Size(), replay["agents"].Size());
  for (const auto& a : replay["agents"].GetArray()) {
    const std::string agent = a["agent"].GetString();
    const json::Value& row = row_of(rows, agent);
    const int bids = a["bids"].GetInt();
    EXPECT_EQ(row["bids"].GetInt(), bids);
    expect_share(row, "overbid", a["overbids"].GetInt(), bids, &a["rates"]["overbid"]);
    expect_share(row, "underbid", a["underbids"].GetInt(), bids, &a["rates"]["underbid"]);
    expect_share(row, "won", a["auction_wins"].GetInt(), bids);
    EXPECT_EQ(overbid[agent].second, a["overbids"].GetInt()) << agent;
    ASSERT_GT(overbid[agent].second, 0) << agent;
    EXPECT_NEAR(row["mean_overbid"].GetDouble(),
                static_cast<double>(overbid[agent].first) / overbid[agent].second, 1e-4);
    EXPECT_NEAR(row["mean_bid_minus_value"].GetDouble() * bids,
                a["bid_sum"].GetInt() - a["value_sum"].GetInt(), 1e-3 * bids);
  }
}

TEST_F(CorpusReports, BluffsCountWhatReplayReportCounts) {
  const json::Document replay = report_json(*dir_, spies_, "--particles 200 --seed 5");
  json::Document rows;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report bluffs", rows));
  ASSERT_EQ(rows.Size(), 2 * replay["agents"].Size());
  int bluffs = 0;
  for (const auto& a : replay["agents"].GetArray()) {
    const std::string agent = a["agent"].GetString();
    const json::Value& traitor = row_of(rows, agent, "Traitor");
    const json::Value& loyal = row_of(rows, agent, "Loyal");
    EXPECT_EQ(traitor["plays"].GetInt(), a["traitor_plays"].GetInt()) << agent;
    EXPECT_EQ(traitor["plays"].GetInt() + loyal["plays"].GetInt(), a["plays"].GetInt()) << agent;
    EXPECT_EQ(traitor["bluff_hits"].GetInt() + loyal["bluff_hits"].GetInt(),
              a["bluffs"]["hits"].GetInt())
        << agent;
    EXPECT_EQ(traitor["caught_hits"].GetInt() + loyal["caught_hits"].GetInt(),
              a["bluffs_caught"]["hits"].GetInt())
        << agent;
    EXPECT_EQ(traitor["caught_total"].GetInt() + loyal["caught_total"].GetInt(),
              a["bluffs_caught"]["total"].GetInt())
        << agent;
    bluffs += a["bluffs"]["hits"].GetInt();
  }
  EXPECT_GT(bluffs, 0) << "random's plays should hold bluffs";
  // Mean effects, from the plays themselves rather than their tallies.
  corpus::Database db(db_, corpus::OpenMode::kReadOnly);
  corpus::Statement s(db,
                      "SELECT s.agent, p.traitor, avg(p.effect) FROM spies_plays p JOIN seats s "
                      "USING (game_id, seat) WHERE p.effect IS NOT NULL GROUP BY 1, 2");
  int effects = 0;
  while (s.step()) {
    const json::Value& row = row_of(rows, s.text(0), s.integer(1) ? "Traitor" : "Loyal");
    EXPECT_NEAR(row["mean_effect"].GetDouble(), s.real(2), 1e-5 + 1e-5 * std::fabs(s.real(2)));
    ++effects;
  }
  EXPECT_GT(effects, 0);
}

TEST_F(CorpusReports, BluffsLeaveOutGamesNotJudged) {
  TempDir dir;
  const std::string db = dir.file("plain.db");
  ASSERT_EQ(run_kibitz("corpus add '" + db + "' '" + spies_ + "' --no-bluffs").exit_code, 0);
  const CommandResult r = run_kibitz("corpus report '" + db + "' --report bluffs --csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "rows of unjudged games: " << r.out;
}

TEST_F(CorpusReports, LawsCountWhatReplayReportCounts) {
  struct Sums {
    int laws = 0, enforced = 0, enforcements = 0, pay = 0, maker_net = 0, others_net = 0;
    std::map<std::string, int> fates;
  };
  std::map<std::string, Sums> expected;
  for (const json::Document& doc : laws_details_) {
    const json::Value& game = doc["game"];
    for (const auto& law : game["laws"].GetArray()) {
      const unsigned maker = law["maker"].GetUint();
      Sums& sums = expected[game["agents"][maker].GetString()];
      ++sums.laws;
      sums.enforced += law["enforced"].GetInt() > 0;
      sums.enforcements += law["enforced"].GetInt();
      ++sums.fates[law["fate"].GetString()];
      for (const auto& seat : law["seats"].GetArray()) {
        const int net = seat["net_monies"].GetInt();
        if (seat["seat"].GetUint() == maker) {
          sums.maker_net += net;
          sums.pay += seat["pay"].GetInt();
        } else {
          sums.others_net += net;
        }
      }
    }
  }
  const json::Document replay = report_json(*dir_, laws_);
  json::Document rows;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report laws", rows));
  ASSERT_EQ(rows.Size(), expected.size());
  for (const auto& a : replay["agents"].GetArray()) {
    const std::string agent = a["agent"].GetString();
    const Sums& sums = expected[agent];
    const json::Value& row = row_of(rows, agent);
    EXPECT_EQ(row["laws"].GetInt(), a["laws"].GetInt()) << agent;
    ASSERT_EQ(sums.laws, a["laws"].GetInt()) << agent;
    ASSERT_GT(sums.laws, 0) << agent;
    expect_share(row, "enforced", sums.enforced, sums.laws);
    const double n = sums.laws;
    EXPECT_NEAR(row["mean_enforcements"].GetDouble(), sums.enforcements / n, 1e-5);
    EXPECT_NEAR(row["mean_pay"].GetDouble(), sums.pay / n, 1e-4);
    EXPECT_NEAR(row["mean_maker_net"].GetDouble(), sums.maker_net / n, 1e-4);
    EXPECT_NEAR(row["mean_others_net"].GetDouble(), sums.others_net / n, 1e-4);
    for (const auto& [column, fate] : std::map<std::string, std::string>{
             {"on_table", "on the table"}, {"dropped", "dropped"}, {"destroyed", "destroyed"}}) {
      EXPECT_EQ(row[column.c_str()].GetInt(), sums.fates.count(fate) ? sums.fates.at(fate) : 0)
          << agent << " " << fate;
    }
  }
}

TEST_F(CorpusReports, GamesCountWhatTheReplayFilesHold) {
  json::Document rows;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report games", rows));
  ASSERT_EQ(rows.Size(), 3u);
  for (const auto& [file, game] : std::map<std::string, std::string>{
           {spies_, "loyalist_spies"}, {adulting_, "adulting"}, {laws_, "laws_and_disorder"}}) {
    ReplayReader reader(file);
    ReplayRecord record;
    int games = 0, forfeits = 0;
    double length = 0, duration = 0;
    while (reader.next(record)) {
      ++games;
      length += static_cast<double>(record.actions.size());
      duration += record.duration_seconds;
      forfeits += record.forfeit.happened();
    }
    const json::Value* row = nullptr;
    for (const auto& r : rows.GetArray()) {
      if (r["game"].GetString() == game) row = &r;
    }
    ASSERT_NE(row, nullptr) << game;
    EXPECT_EQ((*row)["games"].GetInt(), games);
    expect_share(*row, "finished", games, games);  // arena games play to the end
    EXPECT_NEAR((*row)["mean_length"].GetDouble(), length / games, 1e-5 * length / games);
    EXPECT_NEAR((*row)["mean_duration_seconds"].GetDouble(), duration / games,
                1e-5 * duration / games + 1e-12);
    EXPECT_EQ((*row)["forfeits"].GetInt(), forfeits);
  }
  json::Document one;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report games --game adulting", one));
  ASSERT_EQ(one.Size(), 1u);
  EXPECT_STREQ(one[0]["game"].GetString(), "adulting");
}

using BluffWin = std::tuple<std::string, int, std::string, int, std::string, int>;

std::set<BluffWin> bluff_wins(const json::Document& rows) {
  std::set<BluffWin> out;
  for (const auto& r : rows.GetArray()) {
    out.emplace(r["file"].GetString(), r["record"].GetInt(), r["game"].GetString(),
                r["seat"].GetInt(), r["agent"].GetString(), r["bluffs"].GetInt());
  }
  return out;
}

// The seats with the top return of each record of `file`, ties included.
std::vector<std::vector<bool>> winners(const std::string& file) {
  std::vector<std::vector<bool>> out;
  ReplayReader reader(file);
  ReplayRecord record;
  while (reader.next(record)) {
    const double top = *std::max_element(record.returns.begin(), record.returns.end());
    std::vector<bool> won;
    for (const double r : record.returns) won.push_back(r == top);
    out.push_back(won);
  }
  return out;
}

TEST_F(CorpusReports, BluffWinsAreTheSeatsThatBluffedAndWon) {
  std::set<BluffWin> expected;
  // Adulting: adult lies that stood, from each record's claims in detail.
  const auto adulting_won = winners(adulting_);
  for (int r = 0; r < kGames; ++r) {
    const json::Value& game = adulting_details_[r]["game"];
    std::map<int, int> stood;
    for (const auto& c : game["claims"].GetArray()) {
      if (std::string(c["truth"].GetString()) == "child" &&
          std::string(c["claim"].GetString()) == "adult" && c["stands"].GetBool())
        ++stood[c["seat"].GetInt()];
    }
    for (const auto& [seat, n] : stood) {
      if (adulting_won[r][seat])
        expected.emplace(adulting_, r, "adulting", seat, game["agents"][seat].GetString(), n);
    }
  }
  // Spies: the judged plays that were bluffs, from the plays themselves.
  const auto spies_won = winners(spies_);
  corpus::Database db(db_, corpus::OpenMode::kReadOnly);
  corpus::Statement s(db,
                      "SELECT g.record_index, p.seat, s.agent, count(*) FROM spies_plays p "
                      "JOIN games g USING (game_id) JOIN seats s USING (game_id, seat) "
                      "WHERE p.bluff = 1 GROUP BY 1, 2");
  while (s.step()) {
    const auto r = static_cast<int>(s.integer(0));
    const auto seat = static_cast<int>(s.integer(1));
    if (spies_won[r][seat])
      expected.emplace(spies_, r, "loyalist_spies", seat, s.text(2),
                       static_cast<int>(s.integer(3)));
  }
  ASSERT_FALSE(expected.empty()) << "no seat bluffed and won: the test proves little";

  json::Document rows;
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report bluff-wins", rows));
  EXPECT_EQ(bluff_wins(rows), expected);
  for (int seat = 0; seat < 4; ++seat) {
    ASSERT_NO_FATAL_FAILURE(
        corpus_report("--report bluff-wins --seat " + std::to_string(seat), rows));
    std::set<BluffWin> of_seat;
    for (const BluffWin& w : expected) {
      if (std::get<3>(w) == seat) of_seat.insert(w);
    }
    EXPECT_EQ(bluff_wins(rows), of_seat) << "seat " << seat;
  }
  ASSERT_NO_FATAL_FAILURE(corpus_report("--report bluff-wins --game adulting", rows));
  std::set<BluffWin> of_adulting;
  for (const BluffWin& w : expected) {
    if (std::get<2>(w) == "adulting") of_adulting.insert(w);
  }
  EXPECT_EQ(bluff_wins(rows), of_adulting);
}

TEST_F(CorpusReports, TalliesSumTheDecisionRows) {
  // seats' counts come from the C++ analyses, the tallies from SQL over the
  // rows: each seat's must agree.
  EXPECT_EQ(scalar(db_,
                   "SELECT count(*) FROM seats s LEFT JOIN adulting_claim_tallies c "
                   "USING (game_id, seat) WHERE s.game = 'adulting' AND "
                   "(coalesce(c.claims, 0) <> s.claims OR coalesce(c.lies, 0) <> s.lies)"),
            0);
  EXPECT_EQ(scalar(db_,
                   "SELECT count(*) FROM seats s LEFT JOIN adulting_bid_tallies b "
                   "USING (game_id, seat) WHERE s.game = 'adulting' AND "
                   "(coalesce(b.bids, 0) <> s.bids OR coalesce(b.overbids, 0) <> s.overbids)"),
            0);
  EXPECT_EQ(scalar(db_,
                   "SELECT count(*) FROM seats s LEFT JOIN (SELECT game_id, seat, "
                   "sum(plays) AS plays, sum(bluffs) AS bluffs FROM spies_play_tallies "
                   "GROUP BY 1, 2) p USING (game_id, seat) WHERE s.game = 'loyalist_spies' AND "
                   "(coalesce(p.plays, 0) <> s.plays OR coalesce(p.bluffs, 0) <> s.bluffs)"),
            0);
  EXPECT_EQ(scalar(db_, "SELECT sum(plays) FROM spies_play_tallies"),
            scalar(db_, "SELECT count(*) FROM spies_plays"));
}

TEST_F(CorpusReports, RefusesWhatDoesNotApply) {
  const std::string db = "'" + db_ + "'";
  for (const std::string& args : std::vector<std::string>{
           "--report nope", "--report claims --game loyalist_spies",
           "--report bluffs --game adulting", "--report laws --game kuhn_poker",
           "--report bluff-wins --game laws_and_disorder", "--report bids --seat 1",
           "--report bluff-wins --seat -1", "--report bluff-wins --seat x"}) {
    const CommandResult r = run_kibitz("corpus report " + db + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
    EXPECT_FALSE(r.err.empty()) << args;
    if (args.find("seat") == std::string::npos) {
      for (const corpus::NamedReport& report : corpus::named_reports())
        EXPECT_TRUE(contains(r.err, report.name)) << args << ": " << r.err;
    }
  }
  const CommandResult unknown = run_kibitz("corpus report " + db + " --report nope");
  EXPECT_TRUE(contains(unknown.err, "unknown report 'nope'")) << unknown.err;
  const CommandResult wrong =
      run_kibitz("corpus report " + db + " --report claims --game loyalist_spies");
  EXPECT_TRUE(contains(wrong.err, "about adulting")) << wrong.err;
  // The checks need no database: a missing one is not what is reported.
  const CommandResult early = run_kibitz("corpus report missing.db --report bids --seat 1");
  EXPECT_TRUE(contains(early.err, "--seat")) << early.err;
}

TEST_F(CorpusReports, HelpListsEveryReport) {
  const CommandResult help = run_kibitz("corpus report --help");
  EXPECT_EQ(help.exit_code, 0);
  for (const corpus::NamedReport& report : corpus::named_reports()) {
    EXPECT_TRUE(contains(help.out, std::string("  ") + report.name + " ")) << report.name;
    EXPECT_TRUE(contains(help.out, report.summary)) << report.name;
  }
}

TEST(CorpusSchema, TheDocsPrintTheSchemaAsCreated) {
  const std::string docs = read_bytes(std::string(KIBITZ_SOURCE_DIR) + "/docs/corpus.md");
  std::string sql = corpus::corpus_schema_sql();
  sql.erase(0, sql.find_first_not_of('\n'));
  EXPECT_TRUE(contains(docs, "```sql\n" + sql + "```")) << "docs/corpus.md's schema drifted";
  EXPECT_TRUE(contains(docs, "Version " + std::to_string(corpus::kCorpusSchemaVersion)));
}

}  // namespace
}  // namespace kibitz::replays::testing
