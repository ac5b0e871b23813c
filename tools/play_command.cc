// kibitz play: games between people at the terminal and agents, or between
// agents only. A person sees only what their seat may know (what is new in
// the seat's information state since its last turn, and its observation);
// the full state is printed only at the end of a game, or throughout with
// --reveal. Between two people at one terminal the screen is cleared. Ctrl-C,
// `quit` and the end of input keep the finished games. With agents only and
// several games it reports each seat's mean return with a 95% confidence
// interval.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/spec.h"
#include "env/core/state.h"
#include "replays/recorder.h"
#include "replays/replay_writer.h"
#include "tools/arena/statistics.h"
#include "tools/command.h"
#include "tools/human_agent.h"
#include "tools/interrupt.h"
#include "tools/line_input.h"
#include "tools/options.h"
#include "tools/seat_screen.h"

namespace kibitz::tools {
namespace {

constexpr const char* kHumanLabel = "human";
// --games at most: the count is an int, and a run keeps only running means.
constexpr int kMaxPlayGames = 1'000'000'000;

std::string signed_number(double x, const char* format = "%+g") {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

// One seat at the table: what the user typed and who plays it.
struct Seat {
  std::string label;
  std::unique_ptr<Agent> agent;
  HumanAgent* human = nullptr;  // the agent, when a person plays this seat
};

// How the table talks to the people at it.
struct TableIo {
  LineInput* input = nullptr;  // what the people type (hand-overs read it)
  bool terminal = false;       // standard output is a terminal: clear it between people
  bool echo = false;           // write back each line read (scripted input)
  const std::atomic<bool>* stop = nullptr;  // set by Ctrl-C: abandon the game under way
};

// Plays games of one game between the seats with the match runner and
// narrates them (as its observer), showing each person only their own seat's
// view unless --reveal asks for everything.
class Table : public MatchObserver {
 public:
  // With a `writer`, every finished game is recorded into it.
  Table(std::shared_ptr<const Game> game, std::vector<Seat> seats, std::uint64_t seed, bool reveal,
        bool narrate, replays::ReplayWriter* writer, TableIo io)
      : game_(std::move(game)),
        seats_(std::move(seats)),
        seed_(seed),
        reveal_(reveal),
        narrate_(narrate),
        writer_(writer),
        io_(io) {
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (seats_[i].human != nullptr) {
        ++humans_;
        only_human_ = static_cast<Player>(i);
      }
    }
    // With several people at one terminal nobody's view can be printed
    // between turns without the others reading it.
    if (humans_ != 1) only_human_ = -1;
  }

  const std::vector<Seat>& seats() const { return seats_; }

  std::string seat_name(Player seat) const {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    return "seat " + std::to_string(seat) + " (" + (seat == only_human_ ? "you" : s.label) + ")";
  }

  // Plays game `index` (0-based) to the end; returns every seat's return.
  // Throws Interrupted when the stop flag is set before a move.
  std::vector<double> play(std::uint64_t index) {
    Rng chance_rng = Rng(seed_).child("chance", index);
    if (narrate_) std::cout << "\n=== game " << index + 1 << " ===\n";
    if (reveal_) print_labelled(std::cout, "state:", game_->new_initial_state()->to_string());
    recorder_.reset();
    if (writer_ != nullptr) recorder_.emplace(*game_, seed_, labels(), agent_specs());
    std::vector<Agent*> agents;
    for (const Seat& seat : seats_) agents.push_back(seat.agent.get());
    const std::unique_ptr<State> state = play_game(*game_, agents, chance_rng, this);
    std::vector<double> returns = state->returns();
    if (recorder_) writer_->write(recorder_->finish(*state));
    if (narrate_) print_end(*state, returns);
    return returns;
  }

  // The match runner's hooks. Ctrl-C abandons the game before the next move.
  void before_move(const State& state, Player actor) override {
    if (io_.stop != nullptr && io_.stop->load()) throw Interrupted();
    if (actor >= 0) prepare_seat(actor);
  }
  void on_move(const State& state, Player actor, Action action,
               const DecisionInfo* decision) override {
    if (recorder_) recorder_->on_action(state, action, decision);
    // The action's text is taken before the move, from the mover's side
    // (and only when printed: agents-only runs stay allocation-light).
    if (narrate_) move_text_ = state.action_to_string(actor, action);
  }
  void after_move(const State& state, Player actor, Action) override {
    if (narrate_) narrate(state, actor, move_text_);
  }

 private:
  std::vector<std::string> labels() const {
    std::vector<std::string> out;
    for (const Seat& seat : seats_) out.push_back(seat.label);
    return out;
  }
  std::vector<std::string> agent_specs() const {
    std::vector<std::string> out;
    for (const Seat& seat : seats_) out.push_back(seat.agent->spec());
    return out;
  }

  // Before seat `actor` is asked for its move.
  void prepare_seat(Player actor) {
    const Seat& seat = seats_[static_cast<std::size_t>(actor)];
    if (seat.human == nullptr) return;
    // Hot seat: the last person's view must leave the screen before the
    // next person sits down.
    if (humans_ > 1 && on_screen_ >= 0 && on_screen_ != actor) {
      hand_over(std::cout, *io_.input, seat_name(actor), io_.terminal, io_.echo);
    }
    on_screen_ = actor;
  }

  // A person sees what others did in their own view at their next turn, so
  // between turns only their own move is confirmed; --reveal tells all.
  void narrate(const State& state, Player actor, const std::string& text) {
    if (reveal_) {
      std::cout << "  " << (actor == kChancePlayer ? "chance" : seat_name(actor)) << ": " << text
                << "\n";
      print_labelled(std::cout, "state:", state.to_string());
    } else if (actor >= 0 && seats_[static_cast<std::size_t>(actor)].human != nullptr) {
      std::cout << "  you played " << text << "\n";
    }
  }

  // The end of a game: what the one person has not yet seen of their own
  // view (the last moves, as their seat saw them), then everything.
  void print_end(const State& state, const std::vector<double>& returns) {
    if (only_human_ >= 0 && !reveal_) {
      seats_[static_cast<std::size_t>(only_human_)].human->screen().show_news(
          std::cout, state.information_state_string(only_human_));
    }
    print_labelled(std::cout, "game over:", state.to_string(), "");
    std::cout << "returns:";
    for (std::size_t i = 0; i < returns.size(); ++i) {
      std::cout << (i == 0 ? " " : ", ") << seat_name(static_cast<Player>(i)) << " "
                << signed_number(returns[i]);
    }
    std::cout << "\n";
  }

  std::shared_ptr<const Game> game_;
  std::vector<Seat> seats_;
  std::uint64_t seed_;
  bool reveal_;
  bool narrate_;
  // Where finished games are recorded; nullptr for none.
  replays::ReplayWriter* writer_;
  TableIo io_;
  int humans_ = 0;
  Player only_human_ = -1;                     // the one human seat, or -1 for none or several
  Player on_screen_ = -1;                      // the human seat whose view was shown last
  std::optional<replays::Recorder> recorder_;  // the game under way's, when recording
  std::string move_text_;                      // the text of the move being made
};

// The --seats labels, one per player.
std::vector<std::string> seat_labels(const std::string& seats_text, const Game& game) {
  std::vector<std::string> labels = split_top_level(seats_text, ',', "--seats");
  if (static_cast<int>(labels.size()) != game.num_players()) {
    throw error("--seats names ", labels.size(), " seat", labels.size() == 1 ? "" : "s", " but ",
                game.spec(), " has ", game.num_players(), " players; give one label per seat");
  }
  return labels;
}

bool is_human(const std::string& label) {
  const Spec spec = parse_spec(label);
  if (spec.name != kHumanLabel) return false;
  if (!spec.args.empty()) throw error("--seats: '", label, "': human takes no parameters");
  return true;
}

std::vector<Seat> make_seats(const std::vector<std::string>& labels,
                             const std::shared_ptr<const Game>& game, std::uint64_t seed,
                             LineInput& input) {
  const Rng root(seed);
  const bool echo = ::isatty(STDIN_FILENO) == 0;
  std::vector<Seat> seats;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    Seat seat{labels[i], nullptr, nullptr};
    if (is_human(labels[i])) {
      auto human = std::make_unique<HumanAgent>(input, std::cout, echo);
      seat.human = human.get();
      seat.agent = std::move(human);
    } else {
      seat.agent = make_agent(labels[i], game, root.child("seat", i).seed());
    }
    seats.push_back(std::move(seat));
  }
  return seats;
}

void print_summary(const Game& game, const std::vector<Seat>& seats,
                   const std::vector<RunningMean>& stats, int num_games, std::uint64_t seed) {
  std::size_t width = 5;
  for (const Seat& seat : seats) width = std::max(width, seat.label.size());
  std::cout << "\n"
            << game.spec() << ", seed " << seed << ": " << num_games << " games\n"
            << "seat  "
            << "label" << std::string(width - 5, ' ') << "  mean return  95% CI\n";
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const MeanEstimate estimate = stats[i].estimate();
    std::cout << (i < 10 ? "   " : "  ") << i << "  " << seats[i].label
              << std::string(width - seats[i].label.size(), ' ') << "  "
              << signed_number(estimate.mean, "%+11.4f") << "  ["
              << signed_number(estimate.low, "%+.4f") << ", "
              << signed_number(estimate.high, "%+.4f") << "]\n";
  }
}

// How a run of games ended.
struct PlayOutcome {
  int games_finished = 0;
  int exit_code = kExitOk;
};

// Plays the games, stopping early at the end of input, a `quit` or Ctrl-C;
// the games that finished are in `stats` (and recorded by the table).
PlayOutcome play_games(Table& table, int num_games, std::vector<RunningMean>& stats) {
  PlayOutcome outcome;
  // A quit is the person's choice, not a problem: it is told on stdout.
  const auto stopped = [&](const char* why, int exit_code) {
    std::cout << std::flush;
    std::ostream& out = exit_code == kExitOk ? std::cout : std::cerr;
    out << "kibitz play: " << why << " during game " << outcome.games_finished + 1 << " of "
        << num_games << "; the game was abandoned\n";
    outcome.exit_code = exit_code;
  };
  try {
    for (; outcome.games_finished < num_games; ++outcome.games_finished) {
      const std::vector<double> returns =
          table.play(static_cast<std::uint64_t>(outcome.games_finished));
      for (std::size_t i = 0; i < returns.size(); ++i) stats[i].add(returns[i]);
    }
  } catch (const InputClosed&) {
    stopped("input closed", kExitBadInput);
  } catch (const QuitRequested&) {
    stopped("quit", kExitOk);
  } catch (const Interrupted&) {
    std::cout << "\n";  // the prompt, or a line of narration, may be unfinished
    stopped("interrupted", kExitInterrupted);
  }
  return outcome;
}

// A fresh seed for games a person plays, so that every session deals new
// cards; it is printed, so the games can still be replayed.
std::uint64_t fresh_seed() {
  std::random_device device;
  return device();
}

constexpr CommandUsage kPlayUsage{
    "play", "kibitz play --game SPEC --seats LABEL,LABEL,... [--seed N] [--games G] [--reveal]",
    "Plays GAME with one label per seat: 'human' for a person at this terminal, or an agent\n"
    "spec such as random. A person sees only their own seat's view: at each turn what is new\n"
    "since their last turn and what they see now. They type an action by its text (any case)\n"
    "or its number, 'help' or '?' for the choices, 'quit' to stop. With several people (hot\n"
    "seat) the screen is cleared between them. The full state (hidden cards included) is\n"
    "shown only when a game ends, or throughout with --reveal. Chance is drawn from the seed,\n"
    "so the same seed deals the same games: without --seed a game with a person gets a fresh\n"
    "seed (printed, to replay it), agents-only games seed 0 so their results reproduce. With\n"
    "several games the mean return of every seat is reported with a 95% confidence interval.\n"
    "Ctrl-C (or SIGTERM, SIGHUP), 'quit' or the end of input abandon the game under way and\n"
    "keep (and record) the finished ones, with the summary; more signals change nothing. Exit\n"
    "status 130 after Ctrl-C (128 + the signal), 2 if input ends before a game does. --games\n"
    "is at most 10^9.",
    "kibitz play --game kuhn_poker --seats human,random\n"
    "kibitz play --game 'kuhn_poker(players=3)' --seats random,human,random --seed 7\n"
    "kibitz play --game leduc_poker --seats human,human\n"
    "kibitz play --game leduc_poker --seats random,random --games 2000 --seed 1\n"
    "kibitz play --game leduc_poker --seats random,random --games 100 --record games.kbr"};

}  // namespace

int run_play(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description options;
  std::string game_spec;
  std::string seats_text;
  std::string seed_text;
  int num_games = 1;
  bool reveal = false;
  std::string record_path;
  options.add_options()("game", po::value(&game_spec)->required()->value_name("SPEC"),
                        "the game spec, e.g. kuhn_poker or 'kuhn_poker(players=3)'")(
      "seats", po::value(&seats_text)->required()->value_name("LABELS"),
      "one label per seat, comma-separated: human or an agent spec (kibitz agents lists them)")(
      "seed", po::value(&seed_text)->value_name("N"),
      "seeds chance (per game) and every agent (per seat); default: a fresh random seed, "
      "printed, when a person plays, 0 (reproducible) for agents only")(
      "games", po::value(&num_games)->default_value(1)->value_name("G"), "number of games to play")(
      "reveal", po::bool_switch(&reveal),
      "show the full state, hidden cards included, after every move")(
      "record", po::value(&record_path)->value_name("PATH"),
      "write every finished game to the replay file PATH (replaced; see docs/replays.md)");
  if (!parse_command_options(kPlayUsage, options, args)) return kExitOk;

  if (num_games < 1 || num_games > kMaxPlayGames) {
    throw error("--games must be between 1 and ", kMaxPlayGames, ", got ", num_games);
  }
  const std::shared_ptr<const Game> game = load_game(game_spec);
  const std::vector<std::string> labels = seat_labels(seats_text, *game);
  const bool any_human = std::any_of(labels.begin(), labels.end(), is_human);
  const bool drawn_seed = seed_text.empty() && any_human;
  const std::uint64_t seed = !seed_text.empty() ? parse_uint64(seed_text, "--seed")
                             : drawn_seed       ? fresh_seed()
                                                : 0;
  // Ctrl-C ends the game under way, even at a prompt (the input below waits
  // on the guard's flag), and the finished games are still written.
  // SIGTERM and SIGHUP likewise; later signals change nothing. Caught before
  // the record's temporary file exists, so no signal can leave it behind.
  InterruptGuard guard("\nkibitz play: interrupted; keeping the finished games\n");
  // Opened before the first game, so an unwritable path fails at once.
  std::optional<replays::ReplayWriter> writer;
  if (!record_path.empty()) writer.emplace(record_path);
  FdLineInput input(STDIN_FILENO, &guard.stop_flag());
  std::vector<Seat> seats = make_seats(labels, game, seed, input);
  // The game under way is abandoned anyway: a search need not go on.
  ActBudget cut_short;
  cut_short.stop = &guard.stop_flag();
  for (Seat& seat : seats) seat.agent->set_budget(cut_short);

  std::cout << "kibitz play: " << game->spec() << ", seed " << seed;
  if (drawn_seed) std::cout << " (replay with --seed " << seed << ")";
  std::cout << ", " << num_games << (num_games == 1 ? " game" : " games") << "\n";
  for (std::size_t i = 0; i < seats.size(); ++i) {
    std::cout << "  seat " << i << ": " << seats[i].label << "\n";
  }
  std::cout << std::flush;

  const bool narrate = any_human || reveal || num_games == 1;
  const TableIo io{&input, ::isatty(STDOUT_FILENO) != 0, ::isatty(STDIN_FILENO) == 0,
                   &guard.stop_flag()};
  std::vector<RunningMean> stats(seats.size());
  Table table(game, std::move(seats), seed, reveal, narrate, writer ? &*writer : nullptr, io);
  PlayOutcome outcome = play_games(table, num_games, stats);
  if (guard.interrupted() && (outcome.exit_code == kExitOk || outcome.exit_code == kExitInterrupted)) {
    outcome.exit_code = guard.exit_status();
  }
  if (num_games > 1 && outcome.games_finished > 1) {
    print_summary(*game, table.seats(), stats, outcome.games_finished, seed);
  }
  if (writer) {
    // After an interrupt, a quit or the end of input too: the finished games are kept.
    writer->close();
    const std::size_t recorded = writer->records_written();
    std::cout << "recorded " << recorded << (recorded == 1 ? " game" : " games") << " to "
              << record_path << "\n";
  }
  return outcome.exit_code;
}

}  // namespace kibitz::tools
