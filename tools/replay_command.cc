// kibitz replay: work with replay files (docs/replays.md). Subcommands:
//   verify FILE            re-simulate every record and check every fact
//   export FILE --json     the records as JSON for people
//   run SCENARIO.json      play a hand-written game and print where it ends
//   view FILE              step through a game as one seat saw it, or revealed
//   report FILE --html OUT an HTML analysis page (beliefs, bluffs; docs/bluff_report.md)
// Each subcommand parses its own flags; this file routes and reports.
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "replays/legal_game.h"
#include "replays/record_json.h"
#include "replays/replay_reader.h"
#include "replays/verify.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/subcommands.h"
#include "tools/replay/replay_view.h"
#include "tools/replay/report_command.h"
#include "tools/replay/scenario.h"

namespace kibitz::tools {
namespace {

namespace po = boost::program_options;

int run_verify(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "replay verify", "kibitz replay verify FILE [--expect-game SPEC]",
      "Reads every record of FILE and re-simulates it from its game spec and action history,\n"
      "checking every recorded fact: each action legal where it was taken, the final returns,\n"
      "the number of seats, annotations only over the acting seat's legal actions. Prints each\n"
      "problem with its record and move. Exit status 0 when every record verifies, 1 when a\n"
      "record has a problem or the file is damaged (cut short, corrupted, another format\n"
      "version), 2 when FILE cannot be read (missing, a directory, not a regular file).",
      "kibitz replay verify games.kbr\n"
      "kibitz replay verify games.kbr --expect-game leduc_poker"};
  po::options_description options;
  std::string path;
  std::string expected_game;
  options.add_options()("file", po::value(&path)->required()->value_name("FILE"),
                        "the replay file (positional)")(
      "expect-game", po::value(&expected_game)->value_name("SPEC"),
      "every record must be a game of SPEC");
  po::positional_options_description positional;
  positional.add("file", 1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;

  replays::ReplayReader reader(path, expected_game);
  replays::ReplayRecord record;
  std::size_t records = 0;
  std::size_t bad_records = 0;
  try {
    while (reader.next(record)) {
      const std::vector<replays::Problem> problems = replays::verify_record(record);
      for (const replays::Problem& problem : problems) {
        std::cout << "record " << records << ", " << replays::describe(problem) << "\n";
      }
      bad_records += problems.empty() ? 0 : 1;
      ++records;
    }
  } catch (const KibitzError& e) {
    std::cout << e.what() << "\n" << path << ": stopped after " << records << " records\n";
    return kExitCheckFailed;
  }
  if (bad_records > 0) {
    std::cout << path << ": " << bad_records << " of " << records << " records have problems\n";
    return kExitCheckFailed;
  }
  std::cout << path << ": " << records << " record" << (records == 1 ? "" : "s")
            << ", all verified\n";
  return kExitOk;
}

int run_export(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "replay export", "kibitz replay export FILE --json [--out OUT]",
      "Writes every record of FILE as one JSON document with named fields, each action also as\n"
      "its text and mover, the seat each chance move concerns, the chance outcomes settled\n"
      "without an action (forced), every event the game showed (payments, verdicts, winners,\n"
      "laws, scores) with who saw it, and each seat's final tallies (format in\n"
      "docs/replays.md), to standard output or to OUT (written atomically:\n"
      "OUT never holds half a document). A damaged FILE, or a record whose actions are not a\n"
      "legal game, is an error (exit 2) naming the record.",
      "kibitz replay export games.kbr --json | less\n"
      "kibitz replay export games.kbr --json --out games.json"};
  po::options_description options;
  std::string path;
  std::string out_path;
  bool as_json = false;
  options.add_options()("file", po::value(&path)->required()->value_name("FILE"),
                        "the replay file (positional)")(
      "json", po::bool_switch(&as_json), "export as JSON (the one format so far; required)")(
      "out", po::value(&out_path)->value_name("OUT"), "write to OUT instead of standard output");
  po::positional_options_description positional;
  positional.add("file", 1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;
  if (!as_json) throw error("choose the format: --json (see kibitz replay export --help)");
  check_distinct_paths({{"FILE", path}, {"--out", out_path}});  // never write over the input

  replays::ReplayReader reader(path);
  const auto write = [&reader, &path](std::ostream& out) {
    replays::JsonRecordWriter json(out);
    replays::ReplayRecord record;
    for (std::size_t index = 0; reader.next(record); ++index) {
      replays::require_legal_game(record, path, index);
      json.write(record);
    }
    json.finish();
    out << "\n";
  };
  if (out_path.empty()) {
    write(std::cout);
  } else {
    write_file_atomically(out_path, write);
  }
  return kExitOk;
}

int run_scenario_command(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "replay run", "kibitz replay run SCENARIO.json",
      "Plays a game written by hand: SCENARIO.json names the game and lists the actions, chance\n"
      "outcomes included, as their texts (\"deal Js\", \"raise\") or numbers; each is resolved\n"
      "against the legal actions at its point. Prints the final state as JSON: the moves, the\n"
      "history, the full state, the player to move, and the returns when the game is over.\n"
      "With \"expect_returns\" in the scenario, exit status 1 when the returns differ (or the\n"
      "game is not over). Schema and example: docs/replays.md.",
      "kibitz replay run tests/replays/data/leduc_pair_wins.json"};
  po::options_description options;
  std::string path;
  options.add_options()("scenario", po::value(&path)->required()->value_name("SCENARIO.json"),
                        "the scenario file (positional)");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;

  const Scenario scenario = load_scenario_file(path);
  ScenarioRun run;
  try {
    run = run_scenario(scenario);
  } catch (const KibitzError& e) {
    throw error(path, ": ", e.what());
  }
  std::cout << scenario_result_json(scenario, run);
  const std::string failure = check_expected_returns(scenario, run);
  if (!failure.empty()) {
    std::cout.flush();
    std::cerr << "kibitz replay run: " << path << ": " << failure << "\n";
    return kExitCheckFailed;
  }
  return kExitOk;
}

int run_view(const std::vector<std::string>& args) {
  const CommandUsage usage{
      "replay view", "kibitz replay view FILE [--game N] (--as-seat P | --reveal) [--print]",
      "Steps through record N of FILE (from 0) in the terminal: n/next or Enter, b/back,\n"
      "j N/jump N, q/quit. With --as-seat P it shows exactly what seat P saw: its information\n"
      "state and observation, its own moves and annotations, who else moved but never what\n"
      "(a face-down card would leak), and only its own return; a step is a moment P's view\n"
      "changed. With --reveal it shows every move, the full state and every annotation.\n"
      "--print prints all the steps at once, for scripts.",
      "kibitz replay view games.kbr --as-seat 0\n"
      "kibitz replay view games.kbr --game 3 --reveal --print"};
  po::options_description options;
  std::string path;
  std::string game_text;
  int as_seat = -1;
  bool reveal = false;
  bool print = false;
  options.add_options()("file", po::value(&path)->required()->value_name("FILE"),
                        "the replay file (positional)")(
      "game", po::value(&game_text)->default_value("0")->value_name("N"),
      "the record to view, counted from 0")("as-seat", po::value(&as_seat)->value_name("P"),
                                            "show only what seat P saw")(
      "reveal", po::bool_switch(&reveal), "show everything, hidden cards included")(
      "print", po::bool_switch(&print), "print every step and exit (no prompt)");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto vars = parse_command_options(usage, options, args, positional);
  if (!vars) return kExitOk;
  const bool has_seat = vars->count("as-seat") > 0;
  if (has_seat == reveal) {
    throw error("choose one view: --as-seat P (what seat P saw) or --reveal (everything)");
  }
  const std::uint64_t wanted = parse_uint64(game_text, "--game");

  const replays::ReplayRecord record = replays::read_record_at(path, wanted);
  replays::require_legal_game(record, path, static_cast<std::size_t>(wanted));
  ViewOptions view;
  if (has_seat) view.as_seat = as_seat;
  view.reveal = reveal;
  const ReplayScreens screens = render_replay(record, static_cast<std::size_t>(wanted), view);
  if (print) {
    print_replay(screens, std::cout);
  } else {
    browse_replay(screens, std::cin, std::cout, ::isatty(STDIN_FILENO) == 0);
  }
  return kExitOk;
}

// The replay subcommands, in the order the help lists them.
const SubcommandGroup& replay_group() {
  static const SubcommandGroup group{
      "replay", "[options]", "", "replay files, scenarios and the JSON format: docs/replays.md",
      {
          {"verify", run_verify, "re-simulate every record of a file and check every recorded fact"},
          {"export", run_export, "write the records of a file as JSON"},
          {"run", run_scenario_command, "play a hand-written JSON scenario and print the final state"},
          {"view", run_view, "step through a game as one seat saw it, or with everything revealed"},
          {"report", run_replay_report, "an HTML page analysing a game: hidden cards, beliefs, bluffs"},
      }};
  return group;
}

}  // namespace

int run_replay(const std::vector<std::string>& args) { return run_subcommand(replay_group(), args); }

}  // namespace kibitz::tools
