// kibitz corpus (replays/corpus/, docs/corpus.md), run as a user runs it:
// the corpus counts what `kibitz replay report` counts over the same files;
// adding a file again changes nothing; an add killed midway, or a file that
// stops parsing midway, leaves the database as it was before that file; a
// damaged, foreign or other-version database is refused without quoting its
// bytes; `query` refuses SQL that writes; bad flags exit 2.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <thread>

#include "env/core/json.h"
#include "replays/corpus/corpus_schema.h"
#include "replays/corpus/sqlite_db.h"
#include "replays/replay_reader.h"
#include "tests/replays/corpus_test_util.h"

namespace kibitz::replays::testing {
namespace {

namespace fs = std::filesystem;
using corpus::Database;
using corpus::OpenMode;
using corpus::Statement;

constexpr const char* kSpies = "--game loyalist_spies --agents heuristic,random";

// Per agent of `game`, its seat-row sums: name -> {games, wins, plays, bluffs, claims, lies, bids,
// overbids}.
std::map<std::string, std::vector<long long>> corpus_sums(const std::string& db_path,
                                                          const std::string& game) {
  Database db(db_path, OpenMode::kReadOnly);
  Statement s(
      db,
      "SELECT agent, count(*), sum(won), total(plays), total(bluffs), total(claims), total(lies), "
      "total(bids), total(overbids) FROM seats WHERE game = ?1 GROUP BY agent");
  s.bind(1, game);
  std::map<std::string, std::vector<long long>> out;
  while (s.step()) {
    for (int c = 1; c <= 8; ++c) out[s.text(0)].push_back(static_cast<long long>(s.real(c)));
  }
  return out;
}

TEST(Corpus, CountsWhatReplayReportCounts) {
  TempDir dir;
  const std::string spies = dir.file("spies.kbr");
  const std::string adulting = dir.file("adulting.kbr");
  const std::string laws = dir.file("laws.kbr");
  ASSERT_NO_FATAL_FAILURE(record(kSpies, 6, spies));
  ASSERT_NO_FATAL_FAILURE(record("--game adulting --agents heuristic,random", 6, adulting));
  ASSERT_NO_FATAL_FAILURE(record("--game laws_and_disorder --agents heuristic,random", 6, laws));
  const std::string db = dir.file("c.db");
  const CommandResult add =
      run_kibitz("corpus add '" + db + "' '" + spies + "' '" + adulting + "' '" + laws +
                 "' --particles 200 --seed 5 --threads 2 --batch 4");
  ASSERT_EQ(add.exit_code, 0) << add.err;
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM games"), 18);

  const json::Document spies_doc = report_json(dir, spies, "--particles 200 --seed 5");
  const auto spies_sums = corpus_sums(db, "loyalist_spies");
  ASSERT_EQ(spies_doc["agents"].Size(), spies_sums.size());
  long long bluffs = 0;
  for (const auto& agent : spies_doc["agents"].GetArray()) {
    const auto& sums = spies_sums.at(agent["agent"].GetString());
    EXPECT_EQ(sums[2], agent["plays"].GetInt()) << agent["agent"].GetString();
    EXPECT_EQ(sums[3], agent["bluffs"]["hits"].GetInt()) << agent["agent"].GetString();
    bluffs += sums[3];
  }
  EXPECT_GT(bluffs, 0) << "random's plays should hold bluffs, or the comparison proves little";
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM spies_plays"),
            spies_sums.at("heuristic")[2] + spies_sums.at("random")[2]);

  const json::Document adulting_doc = report_json(dir, adulting);
  const auto adulting_sums = corpus_sums(db, "adulting");
  ASSERT_EQ(adulting_doc["agents"].Size(), adulting_sums.size());
  for (const auto& agent : adulting_doc["agents"].GetArray()) {
    const auto& sums = adulting_sums.at(agent["agent"].GetString());
    EXPECT_EQ(sums[0], agent["games"].GetInt());
    EXPECT_EQ(sums[1], agent["game_wins"].GetInt());
    EXPECT_EQ(sums[4], agent["claims"].GetInt());
    EXPECT_EQ(sums[5], agent["lies"].GetInt());
    EXPECT_EQ(sums[6], agent["bids"].GetInt());
    EXPECT_EQ(sums[7], agent["overbids"].GetInt());
  }

  const json::Document laws_doc = report_json(dir, laws);
  const auto laws_sums = corpus_sums(db, "laws_and_disorder");
  for (const auto& agent : laws_doc["agents"].GetArray()) {
    EXPECT_EQ(laws_sums.at(agent["agent"].GetString())[1], agent["wins"].GetInt());
  }

  // The report prints the same figures with their intervals.
  const CommandResult report =
      run_kibitz("corpus report '" + db + "' --report agents --game adulting --json");
  ASSERT_EQ(report.exit_code, 0) << report.err;
  json::Document rows;
  rows.Parse(report.out.c_str());
  ASSERT_TRUE(rows.IsArray() && rows.Size() == 2) << report.out;
  for (const auto& row : rows.GetArray()) {
    const auto& sums = adulting_sums.at(row["agent"].GetString());
    EXPECT_EQ(row["lie_hits"].GetInt(), sums[5]);
    EXPECT_EQ(row["lie_total"].GetInt(), sums[4]);
    EXPECT_EQ(row["overbid_hits"].GetInt(), sums[7]);
    EXPECT_LE(row["lie_low"].GetDouble(), row["lie_rate"].GetDouble());
    EXPECT_TRUE(row["bluff_rate"].IsNull());
  }
}

TEST(Corpus, AddingAFileAgainChangesNothing) {
  TempDir dir;
  const std::string spies = dir.file("spies.kbr");
  ASSERT_NO_FATAL_FAILURE(record(kSpies, 10, spies));
  const std::string db = dir.file("c.db");
  ASSERT_EQ(run_kibitz("corpus add '" + db + "' '" + spies + "' --no-bluffs").exit_code, 0);
  const std::string before = read_bytes(db);
  fs::copy_file(spies, dir.file("renamed.kbr"));
  const CommandResult again = run_kibitz("corpus add '" + db + "' '" + spies + "' '" +
                                         dir.file("renamed.kbr") + "' --no-bluffs");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(contains(again.out, "already in the corpus")) << again.out;
  EXPECT_EQ(read_bytes(db), before) << "adding the same bytes again changed the database";
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM games"), 10);
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM files"), 1);
}

// A replay file whose records stop parsing at record `good`: the file cut
// inside the next record's frame.
std::string cut_after(const std::string& path, int good) {
  const std::string bytes = read_bytes(path);
  std::size_t offset = 0;
  ReplayReader reader(path);
  ReplayRecord record;
  for (int i = 0; i < good + 1; ++i) {
    offset = reader.offset();
    reader.next(record);
  }
  return bytes.substr(0, offset + 20);
}

TEST(Corpus, AFileThatFailsMidwayLeavesTheCorpusAsItWas) {
  TempDir dir;
  const std::string spies = dir.file("spies.kbr");
  ASSERT_NO_FATAL_FAILURE(record(kSpies, 40, spies));
  const std::string db = dir.file("c.db");
  ASSERT_EQ(run_kibitz("corpus add '" + db + "' '" + spies + "' --no-bluffs").exit_code, 0);
  const std::string before = read_bytes(db);
  write_bytes(dir.file("cut.kbr"), cut_after(spies, 30));
  // Batches of 4: 30 records are read and inserted before record 30 fails.
  const CommandResult add =
      run_kibitz("corpus add '" + db + "' '" + dir.file("cut.kbr") + "' --no-bluffs --batch 4");
  EXPECT_EQ(add.exit_code, 2) << add.out;
  EXPECT_TRUE(contains(add.err, "cut.kbr")) << add.err;
  EXPECT_TRUE(contains(add.err, "record 30")) << add.err;
  EXPECT_TRUE(contains(add.err, "nothing of")) << add.err;
  EXPECT_EQ(read_bytes(db), before);
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM games"), 40);
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM files"), 1);
}

TEST(Corpus, AnAddKilledMidwayLeavesTheCorpusAsItWasBeforeThatFile) {
  TempDir dir;
  const std::string quick = dir.file("quick.kbr");
  const std::string slow = dir.file("slow.kbr");
  ASSERT_NO_FATAL_FAILURE(record(kSpies, 4, quick));
  ASSERT_NO_FATAL_FAILURE(record(kSpies, 12, slow));
  const std::string db = dir.file("c.db");
  // quick goes in at once; slow judges bluffs one record at a time (about
  // half a second each), so the kill lands inside its transaction.
  const std::string command = std::string("exec '") + KIBITZ_BINARY + "' corpus add '" + db +
                              "' '" + quick + "' '" + slow +
                              "' --threads 1 --batch 1 --particles 1000 >'" + dir.file("out") +
                              "' 2>'" + dir.file("err") + "'";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!contains(read_bytes(dir.file("out")), "added") &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  // Rows of slow's first records are in its open transaction by now.
  const bool in_transaction = fs::exists(db + "-journal");
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status))
      << "the add finished before the kill: " << read_bytes(dir.file("out"));
  EXPECT_TRUE(contains(read_bytes(dir.file("out")), "quick.kbr"));
  EXPECT_FALSE(contains(read_bytes(dir.file("out")), "slow.kbr"));
  EXPECT_TRUE(in_transaction) << "the kill did not land inside slow.kbr's transaction";

  // A query sees the files added before the kill, whole, and nothing of slow.
  const CommandResult query =
      run_kibitz("corpus query '" + db +
                 "' \"SELECT (SELECT count(*) FROM files) || ' ' || "
                 "(SELECT count(*) FROM games) || ' ' || (SELECT count(*) FROM seats)\" --csv");
  ASSERT_EQ(query.exit_code, 0) << query.err;
  EXPECT_TRUE(contains(query.out, "1 4 16")) << query.out;
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM pragma_integrity_check WHERE integrity_check <> 'ok'"),
            0);
  const CommandResult again = run_kibitz("corpus add '" + db + "' '" + slow + "' --no-bluffs");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(scalar(db, "SELECT count(*) FROM games"), 16);
}

TEST(Corpus, RefusesWhatIsNotACorpusOfThisVersion) {
  TempDir dir;
  const std::string text = dir.file("notes.db");
  write_bytes(text, "SECRET-BYTES of a text file, long enough to be read as a header\n");
  for (const std::string& sub :
       std::vector<std::string>{"query '" + text + "' 'SELECT 1'", "add '" + text + "' x.kbr",
                                "report '" + text + "' --report agents"}) {
    const CommandResult r = run_kibitz("corpus " + sub);
    EXPECT_EQ(r.exit_code, 2) << sub;
    EXPECT_TRUE(contains(r.err, text) && contains(r.err, "not a SQLite database")) << r.err;
    EXPECT_FALSE(contains(r.err, "SECRET")) << r.err;
  }

  const std::string foreign = dir.file("foreign.db");
  {
    Database db(foreign, OpenMode::kCreate);
    db.exec("CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('SECRET-SOUP')");
  }
  const CommandResult not_corpus =
      run_kibitz("corpus query '" + foreign + "' 'SELECT * FROM recipes'");
  EXPECT_EQ(not_corpus.exit_code, 2);
  EXPECT_TRUE(contains(not_corpus.err, "not a kibitz corpus")) << not_corpus.err;
  EXPECT_FALSE(contains(not_corpus.out + not_corpus.err, "SECRET"));

  const std::string other = dir.file("v99.db");
  write_bytes(dir.file("empty.kbr"), "");
  ASSERT_EQ(run_kibitz("corpus add '" + other + "' '" + dir.file("empty.kbr") + "'").exit_code, 0);
  {
    Database db(other, OpenMode::kReadWrite);
    db.exec("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  }
  const CommandResult version = run_kibitz("corpus report '" + other + "' --report agents");
  EXPECT_EQ(version.exit_code, 2);
  EXPECT_TRUE(contains(version.err, "schema version 99") &&
              contains(version.err, "reads version 2"))
      << version.err;

  // A corpus whose first page (the schema) was overwritten after the header.
  const std::string damaged = dir.file("damaged.db");
  ASSERT_EQ(run_kibitz("corpus add '" + damaged + "' '" + dir.file("empty.kbr") + "'").exit_code,
            0);
  std::string bytes = read_bytes(damaged);
  ASSERT_GT(bytes.size(), 4096u);
  for (std::size_t i = 100; i < 4096; ++i) bytes[i] = "SECRET"[i % 6];
  write_bytes(damaged, bytes);
  const CommandResult broken =
      run_kibitz("corpus query '" + damaged + "' 'SELECT count(*) FROM games'");
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_TRUE(contains(broken.err, damaged) && contains(broken.err, "damaged")) << broken.err;
  EXPECT_FALSE(contains(broken.err, "SECRET")) << broken.err;
}

TEST(Corpus, QueryRefusesSqlThatWrites) {
  TempDir dir;
  const std::string spies = dir.file("spies.kbr");
  ASSERT_NO_FATAL_FAILURE(record(kSpies, 4, spies));
  const std::string db = dir.file("c.db");
  ASSERT_EQ(run_kibitz("corpus add '" + db + "' '" + spies + "' --no-bluffs").exit_code, 0);
  const std::string before = read_bytes(db);
  const std::string copy = dir.file("copy.db");
  for (const std::string& sql : std::vector<std::string>{
           "DELETE FROM games", "DROP TABLE seats", "INSERT INTO meta VALUES ('x', 'y')",
           "UPDATE seats SET won = 1", "VACUUM INTO '" + copy + "'", "SELECT 1; DELETE FROM games",
           "CREATE TABLE t(x)", "CREATE INDEX i ON games(seed)"}) {
    const CommandResult r = run_kibitz("corpus query '" + db + "' \"" + sql + "\"");
    EXPECT_EQ(r.exit_code, 2) << sql << ": " << r.out;
    EXPECT_TRUE(contains(r.err, db)) << r.err;
  }
  EXPECT_FALSE(fs::exists(copy));
  EXPECT_EQ(read_bytes(db), before);
  const CommandResult read =
      run_kibitz("corpus query '" + db + "' 'SELECT count(*) AS n FROM games' --json");
  EXPECT_EQ(read.exit_code, 0) << read.err;
  EXPECT_EQ(read.out, "[{\"n\":4}]\n");
}

TEST(Corpus, HelpTeachesAndBadFlagsExit2) {
  const CommandResult help = run_kibitz("corpus add --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(contains(help.out, "docs/corpus.md") && contains(help.out, "--no-bluffs"))
      << help.out;
  EXPECT_EQ(run_kibitz("corpus --help").exit_code, 0);
  for (const char* bad :
       {"corpus", "corpus frobnicate x.db", "corpus add x.db", "corpus add x.db y.kbr --bogus",
        "corpus add x.db y.kbr --particles 0", "corpus query x.db", "corpus report x.db",
        "corpus report x.db --report nope", "corpus query x.db 'SELECT 1' --json --csv"}) {
    const CommandResult r = run_kibitz(bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_FALSE(r.err.empty()) << bad;
  }
}

}  // namespace
}  // namespace kibitz::replays::testing
