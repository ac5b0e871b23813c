#include "tools/replay/report_command.h"

#include <chrono>
#include <iostream>

#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/spec.h"
#include "replays/analysis/game_analysis.h"
#include "replays/legal_game.h"
#include "replays/replay_reader.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/replay/report_html.h"
#include "tools/replay/report_part.h"

namespace kibitz::tools {
namespace {

namespace po = boost::program_options;
using replays::ReplayRecord;
using replays::analysis::GameAnalysis;

// At least one output, neither of them the input nor both one file, each
// writable.
void check_outputs(const std::string& path, const std::string& html_path,
                   const std::string& json_path) {
  if (html_path.empty() && json_path.empty()) {
    throw error("choose what to write: --html OUT.html, --json OUT.json, or both "
                "(see kibitz replay report --help)");
  }
  check_distinct_paths({{"FILE", path}, {"--html", html_path}, {"--json", json_path}});
  if (!html_path.empty()) check_writable(html_path);
  if (!json_path.empty()) check_writable(json_path);
}

// The default page of record `wanted`, for a game with no report of its
// own: the seats, every move (revealed) and the returns.
void write_default_report(const std::vector<ReplayRecord>& records, const std::string& path,
                          std::size_t wanted, const replays::analysis::ReportOptions& report,
                          const std::string& out_path, std::chrono::steady_clock::time_point start) {
  const GameAnalysis game = replays::analysis::analyze_game(records[wanted], wanted, report, true);
  ReportPage page;
  page.source = path;
  page.records = records.size();
  page.options = report;
  page.game = &game;
  page.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_file_atomically(out_path, [&page](std::ostream& out) { write_report_html(page, out); });
  std::cout << "wrote " << out_path << ": record " << wanted << " of " << path << " ("
            << game.record.game << ")\n";
}

// "Adulting games, Laws and Disorder games and Loyalist Spies games": the
// games with a report of their own (which alone write JSON), in the order of
// their names.
std::string report_game_titles() {
  const auto& entries = ReportParts::entries();
  std::string titles;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    titles += (i == 0 ? "" : i + 1 == entries.size() ? " and " : ", ") + find_game(entries[i].game).title + " games";
  }
  return titles.empty() ? "no game" : titles;
}

}  // namespace

int run_replay_report(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "replay report",
      "kibitz replay report FILE (--html OUT.html | --json OUT.json) [--game N] [--particles K] [--seed S]",
      "Writes a self-contained HTML page (no network needed) analysing record N of FILE (from\n"
      "0) with every hidden card shown. For Loyalist Spies: each seat's aces, hands, keeps and\n"
      "plays; the public P(Traitor) and P(owns suit) after every event, as an observer of the\n"
      "table would estimate them (particle filters of K worlds, weighted by a reference\n"
      "policy); each seat's own estimates; every face-down card judged against its player's\n"
      "role, with bluffs flagged and the seats they fooled; and a summary over every game of\n"
      "FILE (Traitor win share, how often and after which mission Traitors were identified);\n"
      "--json writes the summary's figures with 95% Wilson intervals (docs/bluff_report.md).\n"
      "For Adulting (chosen by record N's game): every bid against the bidder's own valuation\n"
      "of the card (overbids, winner's curse, tie refunds), every claim against the claimer's\n"
      "truth (lies, lies caught, successful bluffs), declarations and lawsuits, per agent over\n"
      "the whole file with 95% Wilson intervals, and the games with flagged events; --json\n"
      "writes the same figures as JSON (docs/bid_claim_report.md). For Laws and Disorder: every\n"
      "law as a sentence over time, its pay and payouts to each seat, and who profited from\n"
      "whose laws, per game and per agent with 95% intervals (docs/laws_report.md; --json too).\n"
      "Other games get the seats, the moves and the returns. The same FILE, N, K and S give\n"
      "the same page. Method: docs/bluff_report.md.",
      "kibitz replay report games.kbr --html report.html\n"
      "kibitz replay report games.kbr --html game3.html --game 3 --particles 4000 --seed 7\n"
      "kibitz replay report adulting.kbr --html bids.html --json bids.json"};
  po::options_description options;
  std::string path;
  std::string out_path;
  std::string json_path;
  std::string game_text;
  std::string seed_text;
  int particles = 0;
  options.add_options()("file", po::value(&path)->required()->value_name("FILE"),
                        "the replay file (positional)")(
      "html", po::value(&out_path)->value_name("OUT.html"),
      "write the page to OUT.html (atomically)")(
      "json", po::value(&json_path)->value_name("OUT.json"),
      "Adulting, Laws and Disorder, Loyalist Spies: write the figures as JSON to OUT.json (atomically)")(
      "game", po::value(&game_text)->default_value("0")->value_name("N"),
      "the record shown in detail, counted from 0")(
      "particles", po::value(&particles)->default_value(1000)->value_name("K"),
      "particles of each belief filter, 1 to 100000")(
      "seed", po::value(&seed_text)->default_value("1")->value_name("S"),
      "seed of the belief filters");
  po::positional_options_description positional;
  positional.add("file", 1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;
  const std::uint64_t wanted = parse_uint64(game_text, "--game");
  if (particles < 1 || particles > 100000) {
    throw error("--particles must be in [1, 100000], got ", particles);
  }
  replays::analysis::ReportOptions report;
  report.particles = particles;
  report.seed = parse_uint64(seed_text, "--seed");
  check_outputs(path, out_path, json_path);

  const auto start = std::chrono::steady_clock::now();
  const std::vector<ReplayRecord> records = replays::read_replay_file(path);
  for (std::size_t i = 0; i < records.size(); ++i) replays::require_legal_game(records[i], path, i);
  if (wanted >= records.size()) {
    throw error(path, " holds ", records.size(), " records; --game ", wanted,
                " does not exist (records are counted from 0)");
  }
  // A game with a report of its own declares it (report_part.h).
  const std::string game_name = parse_spec(records[wanted].game).name;
  if (const ReportPart* part = ReportParts::find(game_name)) {
    part->write(ReportRequest{records, path, wanted, out_path, json_path, report, start});
    return kExitOk;
  }
  if (!json_path.empty()) {
    throw error("--json is written for ", report_game_titles(), "; record ", wanted, " of ", path, " is ",
                records[wanted].game, " (its report is --html only)");
  }
  write_default_report(records, path, wanted, report, out_path, start);
  return kExitOk;
}

}  // namespace kibitz::tools
