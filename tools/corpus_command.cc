// kibitz corpus: a SQLite database indexing replay files, for queries over
// many games without reading every file again (docs/corpus.md). The work is
// in replays/corpus/; this file parses the flags of its three subcommands
// and prints.
#include <iostream>
#include <thread>

#include "env/core/error.h"
#include "replays/corpus/corpus_query.h"
#include "replays/corpus/corpus_schema.h"
#include "replays/corpus/corpus_writer.h"
#include "replays/corpus/report_catalog.h"
#include "tools/command.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/subcommands.h"

namespace kibitz::tools {
namespace {

namespace po = boost::program_options;
namespace corpus = replays::corpus;

// --json and --csv: at most one; neither is the text table.
corpus::TableFormat table_format(bool json, bool csv) {
  if (json && csv) throw error("choose one output: --json or --csv (neither: a table)");
  return json  ? corpus::TableFormat::kJson
         : csv ? corpus::TableFormat::kCsv
               : corpus::TableFormat::kText;
}

int run_add(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "corpus add",
      "kibitz corpus add DB FILES... [--no-bluffs] [--particles K] [--seed S] [--threads N] "
      "[--batch B]",
      "Indexes replay files (.kbr) into the corpus DB, a SQLite file (created when missing):\n"
      "per game its spec, seed, seats and agents, returns, winners, length and forfeit; per\n"
      "decision the figures of the game's analysis, as kibitz replay report computes them:\n"
      "Loyalist Spies bluffs (belief filters of K particles), Adulting claims, bids and\n"
      "declarations with their lawsuits, Laws and Disorder laws. A file is known by its bytes:\n"
      "adding it again, under any name, changes nothing. Each file goes in whole or not at\n"
      "all (one transaction): a bad record, an error or Ctrl-C leaves the corpus as it was\n"
      "before that file. Judging Spies bluffs is the slow part (about 0.4 s a game at 1000\n"
      "particles); --no-bluffs keeps every play but judges none. Schema: docs/corpus.md.",
      "kibitz corpus add games.db spies.kbr adulting.kbr\n"
      "kibitz corpus add games.db big.kbr --no-bluffs"};
  po::options_description options;
  std::string db_path;
  std::vector<std::string> files;
  bool no_bluffs = false;
  int particles = 0;
  std::string seed_text;
  int threads = 0;
  int batch = 0;
  options.add_options()("db", po::value(&db_path)->required()->value_name("DB"),
                        "the corpus (positional)")("files", po::value(&files)->value_name("FILES"),
                                                   "replay files (positional)")(
      "no-bluffs", po::bool_switch(&no_bluffs), "keep Spies plays without judging bluffs (fast)")(
      "particles", po::value(&particles)->default_value(1000)->value_name("K"),
      "particles of each belief filter, 1 to 100000 (as kibitz replay report)")(
      "seed", po::value(&seed_text)->default_value("1")->value_name("S"),
      "seed of the belief filters")("threads",
                                    po::value(&threads)->default_value(0)->value_name("N"),
                                    "threads analysing records (0: one per core)")(
      "batch", po::value(&batch)->default_value(256)->value_name("B"),
      "records read and analysed at a time, 1 to 65536 (memory is bounded by B records)");
  po::positional_options_description positional;
  positional.add("db", 1).add("files", -1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;
  if (files.empty()) throw error("name the replay files to add: kibitz corpus add DB FILES...");
  if (particles < 1 || particles > 100000)
    throw error("--particles must be in [1, 100000], got ", particles);
  if (threads < 0 || threads > 1024) throw error("--threads must be in [0, 1024], got ", threads);
  if (batch < 1 || batch > 65536) throw error("--batch must be in [1, 65536], got ", batch);

  corpus::AddOptions add;
  add.analysis.bluffs = !no_bluffs;
  add.analysis.report.particles = particles;
  add.analysis.report.seed = parse_uint64(seed_text, "--seed");
  add.batch = static_cast<std::size_t>(batch);
  add.threads =
      threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  InterruptGuard guard("kibitz corpus: stopping; the file under way is rolled back\n");
  add.stop = &guard.stop_flag();
  const auto db = corpus::open_corpus(db_path, corpus::OpenMode::kCreate);
  for (const std::string& file : files) {
    corpus::AddResult result;
    try {
      result = corpus::add_replay_file(*db, file, add);
    } catch (const corpus::StopRequested&) {
      std::cerr << "kibitz corpus: stopped; " << file << " was not added (files before it were)\n";
      return guard.exit_status();
    } catch (const KibitzError& e) {
      throw error(e.what(), "\nnothing of ", file, " was added",
                  &file == &files.front() ? "" : " (files before it were)");
    }
    if (result.added) {
      std::cout << "added " << file << ": " << result.games << " game"
                << (result.games == 1 ? "" : "s") << std::endl;
    } else {
      std::cout << "already in the corpus: " << file << " (" << result.games << " games, added as "
                << result.indexed_as << ")" << std::endl;
    }
  }
  return kExitOk;
}

int run_query(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "corpus query", "kibitz corpus query DB \"SQL\" [--json | --csv] [--max-rows N]",
      "Runs one read-only SQL statement over the corpus DB and prints its rows, as a table, JSON\n"
      "or CSV. The database is opened read-only: a statement that would write is refused. The\n"
      "tables and their columns: docs/corpus.md.",
      "kibitz corpus query games.db \"SELECT game, count(*) FROM games GROUP BY game\"\n"
      "kibitz corpus query games.db \"SELECT agent, sum(won) FROM seats GROUP BY agent\" --csv"};
  po::options_description options;
  std::string db_path;
  std::string sql;
  bool json = false;
  bool csv = false;
  std::size_t max_rows = 0;
  options.add_options()("db", po::value(&db_path)->required()->value_name("DB"),
                        "the corpus (positional)")(
      "sql", po::value(&sql)->required()->value_name("SQL"), "one SQL statement (positional)")(
      "json", po::bool_switch(&json), "print the rows as a JSON array of objects")(
      "csv", po::bool_switch(&csv), "print the rows as CSV")(
      "max-rows", po::value(&max_rows)->default_value(10000)->value_name("N"),
      "print at most N rows");
  po::positional_options_description positional;
  positional.add("db", 1).add("sql", 1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;
  const corpus::TableFormat format = table_format(json, csv);
  const auto db = corpus::open_corpus_read_only(db_path);
  corpus::print_table(corpus::run_query(*db, sql, max_rows), format, std::cout);
  return kExitOk;
}

// The report's help: one line per named report, from the catalog.
std::string report_description() {
  std::string text =
      "Prints a named report over the corpus DB, each rate with its 95% Wilson interval and its\n"
      "count n. --game NAME keeps one game (a report about one game refuses another); --seat S\n"
      "keeps one seat (bluff-wins). Columns and definitions: docs/corpus.md. The reports:\n";
  for (const corpus::NamedReport& report : corpus::named_reports()) {
    std::string name = report.name;
    name.resize(12, ' ');
    text += "  " + name + report.summary + "\n";
  }
  text.pop_back();
  return text;
}

int run_report(const std::vector<std::string>& args) {
  static const std::string description = report_description();
  const CommandUsage usage{
      "corpus report",
      "kibitz corpus report DB --report NAME [--game NAME] [--seat S] [--json | --csv]",
      description,
      "kibitz corpus report games.db --report agents\n"
      "kibitz corpus report games.db --report bids --json\n"
      "kibitz corpus report games.db --report bluff-wins --seat 2"};
  po::options_description options;
  std::string db_path;
  corpus::ReportRequest request;
  int seat = -1;
  bool json = false;
  bool csv = false;
  options.add_options()("db", po::value(&db_path)->required()->value_name("DB"),
                        "the corpus (positional)")(
      "report", po::value(&request.report)->required()->value_name("NAME"),
      "the report (listed above)")("game", po::value(&request.game)->value_name("NAME"),
                                   "only this game (its name, e.g. loyalist_spies)")(
      "seat", po::value(&seat)->value_name("S"), "only this seat (bluff-wins; seats count from 0)")(
      "json", po::bool_switch(&json), "print the figures as JSON")("csv", po::bool_switch(&csv),
                                                                   "print the figures as CSV");
  po::positional_options_description positional;
  positional.add("db", 1);
  const auto values = parse_command_options(usage, options, args, positional);
  if (!values) return kExitOk;
  if (values->count("seat")) request.seat = seat;
  corpus::check_report_request(request);
  const corpus::TableFormat format = table_format(json, csv);
  const auto db = corpus::open_corpus_read_only(db_path);
  corpus::print_table(corpus::run_named_report(*db, request, format == corpus::TableFormat::kText),
                      format, std::cout);
  return kExitOk;
}

const SubcommandGroup& corpus_group() {
  static const SubcommandGroup group{
      "corpus",
      "DB [options]",
      "A replay corpus: replay files indexed in a SQLite database, one file you can also open\n"
      "with the sqlite3 shell.",
      "example:\n  kibitz corpus add games.db games.kbr && kibitz corpus report games.db --report "
      "agents\n"
      "\nschema and reports: docs/corpus.md",
      {
          {"add", run_add, "index replay files into the corpus (created when missing)"},
          {"query", run_query, "run one read-only SQL statement and print its rows"},
          {"report", run_report,
           "a named report: agents, games, claims, bids, bluffs, laws, bluff-wins"},
      }};
  return group;
}

}  // namespace

int run_corpus(const std::vector<std::string>& args) {
  return run_subcommand(corpus_group(), args);
}

}  // namespace kibitz::tools
