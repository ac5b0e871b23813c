// kibitz play: games between people at the terminal and agents, or between
// agents only. A person sees only what their seat may know (the seat's
// information state and observation); the full state is printed only at the
// end of a game, or throughout with --reveal. With agents only and several
// games it reports each seat's mean return with a 95% confidence interval.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/core/spec.h"
#include "env/core/state.h"
#include "replays/recorder.h"
#include "replays/replay_writer.h"
#include "tools/arena/statistics.h"
#include "tools/command.h"
#include "tools/human_agent.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

constexpr const char* kHumanLabel = "human";

std::string signed_number(double x, const char* format = "%+g") {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

// One seat at the table: what the user typed and who plays it.
struct Seat {
  std::string label;
  std::unique_ptr<Agent> agent;
  bool human = false;
};

// Plays games of one game between the seats and narrates them, showing each
// person only their own seat's view unless --reveal asks for everything.
class Table {
 public:
  // With a `writer`, every finished game is recorded into it.
  Table(std::shared_ptr<const Game> game, std::vector<Seat> seats, std::uint64_t seed, bool reveal,
        bool narrate, replays::ReplayWriter* writer)
      : game_(std::move(game)),
        seats_(std::move(seats)),
        seed_(seed),
        reveal_(reveal),
        narrate_(narrate),
        writer_(writer) {
    int humans = 0;
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (seats_[i].human) {
        ++humans;
        only_human_ = static_cast<Player>(i);
      }
    }
    // With several people at one terminal nobody's view can be printed
    // between turns without the others reading it.
    if (humans != 1) only_human_ = -1;
  }

  const std::vector<Seat>& seats() const { return seats_; }

  std::string seat_name(Player seat) const {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    return "seat " + std::to_string(seat) + " (" + (seat == only_human_ ? "you" : s.label) + ")";
  }

  // Plays game `index` (0-based) to the end; returns every seat's return.
  std::vector<double> play(std::uint64_t index) {
    Rng chance_rng = Rng(seed_).child("chance", index);
    std::unique_ptr<State> state = game_->new_initial_state();
    for (std::size_t i = 0; i < seats_.size(); ++i)
      seats_[i].agent->new_game(static_cast<Player>(i));
    if (narrate_) std::cout << "\n=== game " << index + 1 << " ===\n";
    if (reveal_) std::cout << "  state: " << state->to_string() << "\n";
    last_view_.clear();
    std::optional<replays::Recorder> recorder;
    if (writer_ != nullptr) recorder.emplace(*game_, seed_, labels(), agent_specs());
    while (!state->is_terminal()) {
      const Player actor = state->current_player();
      const Action action =
          actor == kChancePlayer ? sample_chance(*state, chance_rng) : ask_seat(*state, actor);
      if (recorder) {
        recorder->on_action(*state, action,
                            actor == kChancePlayer ? nullptr : agent_of(actor).last_decision());
      }
      // The action's text is taken before the move, from the mover's side
      // (and only when printed: agents-only runs stay allocation-light).
      const std::string text = narrate_ ? state->action_to_string(actor, action) : std::string();
      state->apply_action(action);
      if (narrate_) narrate(*state, actor, text);
    }
    std::vector<double> returns = state->returns();
    if (recorder) writer_->write(recorder->finish(*state));
    if (narrate_) {
      std::cout << "game over: " << state->to_string() << "\nreturns:";
      for (std::size_t i = 0; i < returns.size(); ++i) {
        std::cout << (i == 0 ? " " : ", ") << seat_name(static_cast<Player>(i)) << " "
                  << signed_number(returns[i]);
      }
      std::cout << "\n";
    }
    return returns;
  }

 private:
  const Agent& agent_of(Player seat) const { return *seats_[static_cast<std::size_t>(seat)].agent; }
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

  Action sample_chance(const State& state, Rng& rng) {
    state.chance_outcomes(outcomes_);
    weights_.clear();
    for (const ChanceOutcome& outcome : outcomes_) weights_.push_back(outcome.probability);
    return outcomes_[rng.sample_index(weights_)].action;
  }

  Action ask_seat(const State& state, Player actor) {
    Seat& seat = seats_[static_cast<std::size_t>(actor)];
    // The human agent prints this view itself; remember it so it is not
    // printed a second time after the move.
    if (actor == only_human_) last_view_ = state.information_state_string(actor);
    const Action action = seat.agent->act(SeatView(state, actor));
    KIBITZ_CHECK(state.is_legal(action), "agent ", seat.agent->spec(), " chose illegal action ",
                 action);
    return action;
  }

  void narrate(const State& state, Player actor, const std::string& text) {
    if (reveal_) {
      std::cout << "  " << (actor == kChancePlayer ? "chance" : seat_name(actor)) << ": " << text
                << "\n  state: " << state.to_string() << "\n";
      return;
    }
    if (actor == kChancePlayer) {
      // Chance outcomes are hidden in general (whose card is it?): silence.
    } else if (actor == only_human_) {
      std::cout << "  you played " << text << "\n";  // the person's own move
    } else {
      // Another seat's move may be face down, so only its happening is told;
      // the view below shows whatever of it the person may know.
      std::cout << "  " << seat_name(actor) << " acted\n";
    }
    // The person's view is shown when another seat is about to move; at
    // their own turn the human agent shows it, and chance moves come in runs.
    const Player next = state.current_player();
    if (only_human_ < 0 || next < 0 || next == only_human_) return;
    std::string view = state.information_state_string(only_human_);
    if (view != last_view_) {
      std::cout << "  you know: " << view << "\n";
      last_view_ = std::move(view);
    }
  }

  std::shared_ptr<const Game> game_;
  std::vector<Seat> seats_;
  std::uint64_t seed_;
  bool reveal_;
  bool narrate_;
  // Where finished games are recorded; nullptr for none.
  replays::ReplayWriter* writer_;
  Player only_human_ = -1;  // the one human seat, or -1 for none or several
  std::string last_view_;   // the person's information state as last printed
  ChanceOutcomeList outcomes_;
  std::vector<double> weights_;
};

std::vector<Seat> make_seats(const std::string& seats_text, const std::shared_ptr<const Game>& game,
                             std::uint64_t seed) {
  const std::vector<std::string> labels = split_top_level(seats_text, ',', "--seats");
  if (static_cast<int>(labels.size()) != game->num_players()) {
    throw error("--seats names ", labels.size(), " seat", labels.size() == 1 ? "" : "s", " but ",
                game->spec(), " has ", game->num_players(), " players; give one label per seat");
  }
  const Rng root(seed);
  std::vector<Seat> seats;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    Seat seat{labels[i], nullptr, false};
    const Spec spec = parse_spec(labels[i]);
    if (spec.name == kHumanLabel) {
      if (!spec.args.empty()) throw error("--seats: '", labels[i], "': human takes no parameters");
      seat.human = true;
      seat.agent = std::make_unique<HumanAgent>(std::cin, std::cout, ::isatty(STDIN_FILENO) == 0);
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

}  // namespace

int run_play(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "play", "kibitz play --game SPEC --seats LABEL,LABEL,... [--seed N] [--games G] [--reveal]",
      "Plays GAME with one label per seat: 'human' for a person at this terminal, or an agent\n"
      "spec such as random. A person sees only their own seat's view and types an action by\n"
      "its text or its number. The full state (hidden cards included) is shown only when a\n"
      "game ends, or throughout with --reveal. Chance is drawn from the seed, so the same seed\n"
      "deals the same games. With several games the mean return of every seat is reported\n"
      "with a 95% confidence interval. Exit status 2 if input ends before a game does.",
      "kibitz play --game kuhn_poker --seats human,random\n"
      "kibitz play --game 'kuhn_poker(players=3)' --seats random,human,random --seed 7\n"
      "kibitz play --game leduc_poker --seats random,random --games 2000 --seed 1\n"
      "kibitz play --game leduc_poker --seats random,random --games 100 --record games.kbr"};
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
      "seed", po::value(&seed_text)->default_value("0")->value_name("N"),
      "seeds chance (per game) and every agent (per seat)")(
      "games", po::value(&num_games)->default_value(1)->value_name("G"), "number of games to play")(
      "reveal", po::bool_switch(&reveal),
      "show the full state, hidden cards included, after every move")(
      "record", po::value(&record_path)->value_name("PATH"),
      "write every finished game to the replay file PATH (replaced; see docs/replays.md)");
  if (!parse_command_options(usage, options, args)) return kExitOk;

  const std::uint64_t seed = parse_uint64(seed_text, "--seed");
  if (num_games < 1) throw error("--games must be at least 1, got ", num_games);
  const std::shared_ptr<const Game> game = load_game(game_spec);
  std::vector<Seat> seats = make_seats(seats_text, game, seed);
  // Opened before the first game, so an unwritable path fails at once.
  std::optional<replays::ReplayWriter> writer;
  if (!record_path.empty()) writer.emplace(record_path);

  bool any_human = false;
  for (const Seat& seat : seats) any_human = any_human || seat.human;
  const bool narrate = any_human || reveal || num_games == 1;
  std::cout << "kibitz play: " << game->spec() << ", seed " << seed << ", " << num_games
            << (num_games == 1 ? " game" : " games") << "\n";
  for (std::size_t i = 0; i < seats.size(); ++i) {
    std::cout << "  seat " << i << ": " << seats[i].label << "\n";
  }
  std::cout << std::flush;

  std::vector<RunningMean> stats(seats.size());
  Table table(game, std::move(seats), seed, reveal, narrate, writer ? &*writer : nullptr);
  for (int g = 0; g < num_games; ++g) {
    std::vector<double> returns;
    try {
      returns = table.play(static_cast<std::uint64_t>(g));
    } catch (const InputClosed&) {
      std::cout << std::flush;
      std::cerr << "kibitz play: input closed during game " << g + 1 << " of " << num_games
                << "; the game was abandoned\n";
      if (writer) writer->close();  // the games that ended are kept
      return kExitBadInput;
    }
    for (std::size_t i = 0; i < returns.size(); ++i) stats[i].add(returns[i]);
  }
  if (num_games > 1) print_summary(*game, table.seats(), stats, num_games, seed);
  if (writer) {
    writer->close();
    const std::size_t recorded = writer->records_written();
    std::cout << "recorded " << recorded << (recorded == 1 ? " game" : " games") << " to "
              << record_path << "\n";
  }
  return kExitOk;
}

}  // namespace kibitz::tools
