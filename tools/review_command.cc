// kibitz review: every decision of one seat in a recorded game set against
// an engine, built from that seat's stream alone (tools/review/). Prints
// the decisions with the engine's best action, the loss and a verdict, the
// seat's mean loss and accuracy, and its worst decisions; --json writes all
// of it, each action's value with its standard error.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/input_file.h"
#include "replays/seat_record.h"
#include "replays/replay_reader.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/progress_bar.h"
#include "tools/review/decision_notes.h"
#include "tools/review/review_html.h"
#include "tools/review/review_output.h"
#include "tools/review/seat_decisions.h"
#include "tools/review/seat_review.h"

namespace kibitz::tools {
namespace {

constexpr int kMaxReplicates = 64;
constexpr int kMaxSimulations = 100'000'000;
constexpr int kMaxTimeMs = 3'600'000;
constexpr int kMaxParticles = 100'000;

const CommandUsage kReviewUsage{
    "review",
    "kibitz review FILE [--seat S] [--game N] [--agent SPEC] [--sims N | --time-ms T]\n"
    "                     [--replicates R] [--seed S] [--json OUT] [--html OUT]\n"
    "                     [--no-notes] [--particles K] [--quiet]",
    "Reviews how seat S played game N (from 0) of the replay file FILE, or the game of a\n"
    "seat record (its own seat, one game) that kibitz seat, kibitz engine --records or\n"
    "the web table wrote: at every decision\n"
    "of that seat an engine (a search agent: ismcts by default) values each legal action\n"
    "from the seat's own stream alone, drawing the hidden cards as the seat could; it never\n"
    "reads the record's true state. R independent searches (replicates) share the budget of\n"
    "each decision; an action's value is their mean, with its standard error. Each decision\n"
    "gets the engine's best action, the loss of the action played against it (in the\n"
    "game's return units) and a verdict: good below 10% of the spread between the best and\n"
    "the worst action, inaccuracy from 10%, mistake from 25%, blunder from 50%; a loss\n"
    "within two standard errors gets no verdict but 'unclear'. Then the seat's mean loss,\n"
    "its accuracy (100 x (1 - the mean share of the spread lost beyond the noise)) and its\n"
    "worst decisions (docs/review.md). From a replay file, each of the seat's moves that\n"
    "the game's analysis judges gets its note beside the verdict: a Loyalist Spies card\n"
    "judged for bluffing, an Adulting claim against the claimer's truth, a bid against the\n"
    "bidder's valuation, a declaration against the measurement. Progress goes to stderr.",
    "kibitz review games.kbr --seat 1\n"
    "kibitz review leduc_poker-P0-20261203-171502-game1.seat.json\n"
    "kibitz review games.kbr --game 3 --seat 0 --agent 'ismcts(c=0.7)' --time-ms 40 --json r.json\n"
    "kibitz review spies.kbr --seat 2 --html review.html"};

// What a review reads from its file: the seat's game and, from a replay
// file, the whole record (for the game's notes on the seat's moves only).
struct ReviewInput {
  SeatGame seat_game;
  std::optional<replays::ReplayRecord> record;
};

// The seat game to review in the file at `path`: seat `seat` of record
// `index` of a replay file, or the seat of a seat record (a JSON document
// kibitz seat writes), whose seat `seat` must be if given.
ReviewInput review_input(const std::string& path, std::size_t index, int seat, bool seat_given) {
  std::ifstream file = open_regular_file(path, "review");
  if (replays::looks_like_json(file)) {
    const replays::SeatRecord record = replays::read_seat_record(file, path);
    if (seat_given && seat != record.seat) {
      throw error(path, " is seat ", record.seat, "'s record; --seat ", seat, " is not in it");
    }
    if (index != 0) throw error(path, " is a seat record of one game; --game ", index, " does not exist");
    return {seat_game_of(record), std::nullopt};
  }
  if (!seat_given) throw error("--seat is required for a replay file (it holds every seat)");
  replays::ReplayRecord record = replays::read_record_at(path, index);
  SeatGame seat_game = seat_game_of(record, seat);
  return {std::move(seat_game), std::move(record)};
}

}  // namespace

int run_review(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string path, json_path, html_path, seed_text;
  bool no_notes = false;
  int particles = 1000;
  std::int64_t game_index = 0;
  int seat = -1;
  bool quiet = false;
  ReviewOptions review;
  po::options_description options;
  // clang-format off
  options.add_options()
      ("file", po::value(&path)->required()->value_name("FILE"), "the replay file (positional)")
      ("seat", po::value(&seat)->value_name("S"), "the seat to review, from 0 (a seat record's own by default)")
      ("game", po::value(&game_index)->default_value(0)->value_name("N"), "the record in FILE, from 0")
      ("agent", po::value(&review.agent)->default_value(review.agent)->value_name("SPEC"),
       "the engine: an agent that values each action (ismcts, mo_ismcts, pimc, ismcts_nn)")
      ("sims", po::value(&review.budget.simulations)->default_value(400)->value_name("N"),
       "simulations per decision, shared by the replicates")
      ("time-ms", po::value(&review.budget.time_ms)->default_value(0)->value_name("T"),
       "milliseconds per decision instead, shared by the replicates")
      ("replicates", po::value(&review.replicates)->default_value(review.replicates)->value_name("R"),
       "independent searches per decision, for the standard errors (2 to 64)")
      ("seed", po::value(&seed_text)->default_value("1")->value_name("S"), "seeds the searches and their worlds")
      ("json", po::value(&json_path)->value_name("OUT"), "write the whole review as JSON (atomically)")
      ("html", po::value(&html_path)->value_name("OUT"),
       "write the review as one self-contained HTML page (atomically)")
      ("no-notes", po::bool_switch(&no_notes),
       "leave out the game's notes on the seat's moves (Spies bluffs, Adulting claims, bids and "
       "declarations), which a replay file gets by default")
      ("particles", po::value(&particles)->default_value(1000)->value_name("K"),
       "particles of the Spies belief filters that judge its bluffs (as kibitz replay report)")
      ("quiet", po::bool_switch(&quiet), "no progress on stderr");
  // clang-format on
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto vars = parse_command_options(kReviewUsage, options, args, positional);
  if (!vars) return kExitOk;
  review.seed = parse_uint64(seed_text, "--seed");
  if (game_index < 0) throw error("--game must be 0 or more, got ", game_index);
  if (review.replicates < 2 || review.replicates > kMaxReplicates) {
    throw error("--replicates must be from 2 to ", kMaxReplicates, " (a standard error needs two), got ",
                review.replicates);
  }
  if (!vars->at("time-ms").defaulted() && review.budget.time_ms > 0) review.budget.simulations = 0;
  if (review.budget.simulations < 0 || review.budget.simulations > kMaxSimulations) {
    throw error("--sims must be from 0 to ", kMaxSimulations, ", got ", review.budget.simulations);
  }
  if (review.budget.time_ms < 0 || review.budget.time_ms > kMaxTimeMs) {
    throw error("--time-ms must be from 0 to ", kMaxTimeMs, ", got ", review.budget.time_ms);
  }
  if (!vars->at("sims").defaulted() && !vars->at("time-ms").defaulted()) {
    throw error("give one of --sims and --time-ms, not both");
  }
  if (!json_path.empty()) check_writable(json_path);

  if (!html_path.empty()) check_writable(html_path);
  if (particles < 1 || particles > kMaxParticles) {
    throw error("--particles must be from 1 to ", kMaxParticles, ", got ", particles);
  }

  const ReviewInput input =
      review_input(path, static_cast<std::size_t>(game_index), seat, vars->count("seat") > 0);
  const SeatGame& seat_game = input.seat_game;
  ProgressBar bar(std::cerr, "kibitz review", "decisions", static_cast<std::int64_t>(seat_game.decisions.size()),
                  ::isatty(STDERR_FILENO) != 0, !quiet);
  review.progress = [&bar](std::size_t done, std::size_t) { bar.update(static_cast<std::int64_t>(done)); };
  SeatReview result = review_seat(seat_game, review);
  bar.finish(static_cast<std::int64_t>(result.decisions.size()));
  if (input.record && !no_notes) {
    // The game's own analysis of the seat's moves: bluffs, claims, bids.
    replays::analysis::ReportOptions report;
    report.particles = particles;
    attach_notes(result.decisions,
                 decision_notes(*input.record, static_cast<std::size_t>(game_index), seat_game.seat, report));
  }
  const ReviewSource source{path, static_cast<std::size_t>(game_index)};
  print_review(std::cout, result, source);
  if (!json_path.empty()) {
    write_file_atomically(json_path, [&](std::ostream& out) { write_review_json(out, result, source); });
  }
  if (!html_path.empty()) {
    write_file_atomically(html_path, [&](std::ostream& out) { write_review_html(out, result, source); });
  }
  return kExitOk;
}

}  // namespace kibitz::tools
