// kibitz arena: a tournament between agents with paired deals. Every deal
// (one chance stream) is played once per seating of the schedule, so every
// agent plays every seat equally often with the same luck; the command
// reports per-agent mean return and win rate with 95% intervals, per-seat
// results and Bradley-Terry ratings, and can write a JSON summary, a
// per-game CSV and a replay file of every game. Ctrl-C (or SIGTERM, SIGHUP)
// stops starting new games and reports (and writes) what finished; a second
// one cuts the searches of the games under way short (tools/interrupt.h).
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "replays/replay_writer.h"
#include "tools/arena/arena_output.h"
#include "tools/arena/arena_report.h"
#include "tools/arena/arena_runner.h"
#include "tools/command.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/progress_bar.h"
#include "tools/streamed_file.h"

namespace kibitz::tools {
namespace {

// No run keeps anything per game (results are running statistics, the CSV
// and replay file are streamed), so this bound only keeps every count exact
// and far from overflow; it is more games than any machine can play.
constexpr std::int64_t kMaxGames = 1'000'000'000'000;
constexpr int kMaxThreads = 1024;
constexpr std::int64_t kMaxTimeLimitMs = 86'400'000;  // a day

}  // namespace

int run_arena(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "arena",
      "kibitz arena --game SPEC --agents A,B,... [--games N] [--threads T] [--seed S]\n"
      "                    [--json FILE] [--csv FILE] [--record PATH] [--quiet]\n"
      "                    [--on-bad-answer abort|forfeit] [--time-limit-ms MS]",
      "Plays a tournament between agents with paired deals. Each deal (one chance stream,\n"
      "drawn from the seed) is played once per seating, and the seatings give every agent\n"
      "every seat equally often: k agents in a p-seat game rotate (k <= p, seats filled\n"
      "cyclically) or take every ordered choice of p agents (k > p). --games is rounded up\n"
      "to whole deals. Reports each agent's mean return and win rate with 95% intervals\n"
      "(over per-deal means), per-seat results, and Bradley-Terry ratings (Elo scale) from\n"
      "per-deal duplicate comparisons with bootstrap intervals. Results do not depend on\n"
      "--threads. --record writes every game as a replay record, in game order. Progress\n"
      "goes to stderr (a line every 5 s when it is not a terminal). Memory does not grow\n"
      "with --games (at most 10^12): results are kept as running statistics.\n"
      "Ctrl-C (or SIGTERM, SIGHUP) stops starting games, lets running ones finish, prints\n"
      "the statistics of the complete deals, writes the files with every finished game and\n"
      "exits 128 + the signal (130 for Ctrl-C). Another signal cuts the searches of the\n"
      "games under way short, so they end sooner; none loses a finished game.\n"
      "A seat that answers badly (an illegal action, an answer past --time-limit-ms, or an\n"
      "error from its agent, e.g. an engine program that crashed) stops the run, unless\n"
      "--on-bad-answer forfeit: then that game ends at once, the seat takes the game's\n"
      "lowest return and the others share what keeps the sum (docs/match.md); the run\n"
      "goes on, and the forfeits are counted per agent and kept in --record and --csv.",
      "kibitz arena --game kuhn_poker --agents 'cfr(iters=200),random' --games 4000\n"
      "kibitz arena --game leduc_poker --agents cfr,random --threads 2 --json r.json\n"
      "kibitz arena --game 'kuhn_poker(players=3)' --agents cfr,random --csv games.csv --quiet\n"
      "kibitz arena --game leduc_poker --agents cfr,random --games 200 --record games.kbr\n"
      "kibitz arena --game kuhn_poker --agents 'engine(cmd=./my_bot),cfr' --on-bad-answer forfeit "
      "--time-limit-ms 1000"};
  std::string game_spec;
  std::string agents_text;
  std::string seed_text;
  std::int64_t num_games = 1000;
  int threads = 1;
  std::string json_path;
  std::string csv_path;
  std::string record_path;
  bool quiet = false;
  std::string on_bad_answer_text = "abort";
  std::int64_t time_limit_ms = 0;
  po::options_description options;
  // One flag per line reads better than the formatter's packing.
  // clang-format off
  options.add_options()
      ("game", po::value(&game_spec)->required()->value_name("SPEC"),
       "the game, e.g. kuhn_poker or 'kuhn_poker(players=3)'")
      ("agents", po::value(&agents_text)->required()->value_name("A,B,..."),
       "agent specs separated by commas outside parentheses (kibitz agents lists them)")
      ("games", po::value(&num_games)->default_value(num_games)->value_name("N"),
       "games to play, rounded up to whole deals")
      ("threads", po::value(&threads)->default_value(threads)->value_name("T"),
       "worker threads (results are the same for any T)")
      ("seed", po::value(&seed_text)->default_value("0")->value_name("S"),
       "seeds the deals, the agents and the rating bootstrap (a fixed default, so runs "
       "repeat)")
      ("json", po::value(&json_path)->value_name("FILE"),
       "write the summary as JSON (atomically: temporary file, then rename)")
      ("csv", po::value(&csv_path)->value_name("FILE"),
       "write one row per finished game as CSV (atomically)")
      ("record", po::value(&record_path)->value_name("PATH"),
       "write every finished game to the replay file PATH, in game order (atomically)")
      ("quiet", po::bool_switch(&quiet), "no progress on stderr")
      ("on-bad-answer", po::value(&on_bad_answer_text)->default_value(on_bad_answer_text)
                            ->value_name("abort|forfeit"),
       "what a seat's illegal, late or failed answer does: stop the run, or forfeit that game")
      ("time-limit-ms", po::value(&time_limit_ms)->default_value(0)->value_name("MS"),
       "wall-clock limit on each decision, checked when the answer comes; 0: none");
  // clang-format on
  if (!parse_command_options(usage, options, args)) return kExitOk;

  const std::uint64_t seed = parse_uint64(seed_text, "--seed");
  check_distinct_paths({{"--json", json_path}, {"--csv", csv_path}, {"--record", record_path}});
  if (num_games < 1 || num_games > kMaxGames) {
    throw error("--games must be between 1 and ", kMaxGames, ", got ", num_games);
  }
  if (threads < 1 || threads > kMaxThreads) {
    throw error("--threads must be between 1 and ", kMaxThreads, ", got ", threads);
  }
  AnswerRules answers;
  try {
    answers.on_bad_answer = parse_on_bad_answer(on_bad_answer_text);
  } catch (const KibitzError& e) {
    throw error("--on-bad-answer: ", e.what());
  }
  if (time_limit_ms < 0 || time_limit_ms > kMaxTimeLimitMs) {
    throw error("--time-limit-ms must be between 0 (none) and ", kMaxTimeLimitMs, ", got ",
                time_limit_ms);
  }
  answers.time_limit = std::chrono::milliseconds(time_limit_ms);
  const std::shared_ptr<const Game> game = load_game(game_spec);
  std::vector<std::string> agents = split_top_level(agents_text, ',', "--agents");
  if (agents.size() < 2) {
    throw error("--agents needs at least two agents (use kibitz play to watch one)");
  }
  ArenaSetup setup = [&] {
    try {
      return make_arena_setup(game, std::move(agents), seed);
    } catch (const KibitzError& e) {
      throw error("--agents: ", e.what());
    }
  }();
  setup.answers = answers;
  if (!json_path.empty()) check_writable(json_path);
  if (!csv_path.empty()) check_writable(csv_path);
  // The signals are caught from before the first output file is opened (so
  // none can end the command with a temporary file left behind) and before
  // the plan is printed (so a script that sees the plan knows a signal will
  // be answered with a summary). The agents' set-up is done by then.
  InterruptGuard::Options signals;
  signals.hurry_message =
      "\nkibitz arena: interrupted again; cutting the searches of the games under way short\n";
  InterruptGuard guard(
      "\nkibitz arena: interrupted; finishing the games under way (again: cut their searches "
      "short)\n",
      signals);
  // Opened before the first game, so an unwritable path fails at once; if
  // the run fails, their destructors drop their temporary files and the
  // paths keep their old contents. Both are written as games finish.
  std::optional<StreamedFile> csv;
  if (!csv_path.empty()) {
    csv.emplace(csv_path, "--csv");
    write_arena_csv_header(csv->stream(), setup);
  }
  std::optional<replays::ReplayWriter> writer;
  if (!record_path.empty()) writer.emplace(record_path);

  const int rotations = setup.schedule.num_rotations();
  ArenaRunInfo info;
  info.games_requested = num_games;
  info.deals_planned = (num_games + rotations - 1) / rotations;

  int exit_status = kExitOk;
  ArenaResults results = [&] {
    print_arena_plan(std::cout, setup, info);
    std::cout << std::flush;
    ProgressBar bar(std::cerr, "kibitz arena", "games", info.deals_planned * rotations,
                    ::isatty(STDERR_FILENO) != 0, !quiet);
    ArenaRunOptions run;
    run.threads = threads;
    run.stop = &guard.stop_flag();
    run.hurry = &guard.hurry_flag();
    run.progress = [&bar](std::int64_t done, std::int64_t) { bar.update(done); };
    run.record = writer.has_value();
    // The runner calls this one game at a time, in game order.
    run.on_game = [&](const FinishedArenaGame& played) {
      if (writer) writer->write(*played.record);
      if (csv) write_arena_csv_row(csv->stream(), setup, played);
    };
    ArenaResults finished = play_arena(setup, info.deals_planned, run);
    bar.finish(finished.num_finished());
    info.interrupted = guard.interrupted();
    if (info.interrupted) exit_status = guard.exit_status();
    return finished;
  }();

  const ArenaSummary summary = summarize_arena(setup, results);
  print_arena_table(std::cout, setup, info, summary);
  std::cout << std::flush;
  if (!json_path.empty()) {
    write_file_atomically(json_path,
                          [&](std::ostream& out) { write_arena_json(out, setup, info, summary); });
  }
  if (csv) csv->commit();
  if (writer) {
    // After an interrupt too: every finished game has been written, so the
    // file holds exactly the games the CSV lists.
    writer->close();
    const std::size_t recorded = writer->records_written();
    std::cout << "recorded " << recorded << (recorded == 1 ? " game" : " games") << " to "
              << record_path << "\n";
  }
  return exit_status;
}

}  // namespace kibitz::tools
