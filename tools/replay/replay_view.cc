#include "tools/replay/replay_view.h"

#include <cstdio>
#include <memory>
#include <sstream>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "tools/seat_screen.h"

namespace kibitz::tools {
namespace {

using replays::Annotation;
using replays::ReplayRecord;

std::string number(double x, const char* format = "%g") {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

std::string seat_name(const ReplayRecord& record, Player seat) {
  const auto index = static_cast<std::size_t>(seat);
  const std::string label = index < record.seat_labels.size() ? record.seat_labels[index] : "?";
  return "seat " + std::to_string(seat) + " (" + label + ")";
}

// "policy raise 0.6, call 0.4; value +0.31; simulations 800"
std::string describe_decision(const State& state, const DecisionInfo& decision) {
  const Player actor = state.current_player();
  std::string text;
  if (!decision.policy.empty()) {
    text += "policy";
    for (std::size_t i = 0; i < decision.policy.size(); ++i) {
      const auto& [action, probability] = decision.policy[i];
      const std::string name =
          state.is_legal(action) ? state.action_to_string(actor, action) : std::to_string(action);
      text += (i == 0 ? " " : ", ") + name + " " + number(probability, "%.3g");
    }
  }
  if (decision.has_value) {
    text += (text.empty() ? "" : "; ") + std::string("value ") + number(decision.value, "%+.3g");
  }
  for (const auto& [name, value] : decision.stats) {
    text += (text.empty() ? "" : "; ") + name + " " + number(value);
  }
  return text.empty() ? "(nothing reported)" : text;
}

std::string header(const ReplayRecord& record, std::size_t record_index,
                   const ViewOptions& options) {
  std::ostringstream out;
  out << "record " << record_index << ": " << record.game << ", seed " << record.seed << "\n";
  for (std::size_t seat = 0; seat < record.seat_labels.size(); ++seat) {
    out << "  " << seat_name(record, static_cast<Player>(seat));
    if (seat < record.agent_specs.size() && record.agent_specs[seat] != record.seat_labels[seat]) {
      out << ", agent " << record.agent_specs[seat];
    }
    out << "\n";
  }
  if (!record.start_time.empty()) {
    out << "  played " << record.start_time << ", " << number(record.duration_seconds, "%.3f")
        << " s\n";
  }
  if (options.reveal) {
    out << "everything revealed: " << record.actions.size() << " moves, chance included\n";
  } else {
    out << "as seen by " << seat_name(record, *options.as_seat) << "\n";
  }
  return out.str();
}

// Steps with every move, the full state and every annotation.
std::vector<std::string> revealed_steps(const ReplayRecord& record, State& state) {
  std::vector<std::string> steps = {"start\n  state: " + state.to_string() + "\n"};
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action action = record.actions[i];
    const Player actor = state.current_player();
    std::string step = "move " + std::to_string(i) + ": " +
                       (actor == kChancePlayer ? std::string("chance") : seat_name(record, actor)) +
                       " " + state.action_to_string(actor, action) + "\n";
    if (const Annotation* annotation = replays::find_annotation(record, static_cast<int>(i))) {
      step += "  decision: " + describe_decision(state, annotation->decision) + "\n";
    }
    state.apply_action(action);
    step += "  state: " + state.to_string() + "\n";
    if (state.is_terminal()) {
      step += "game over: returns";
      const std::vector<double> returns = state.returns();
      for (std::size_t seat = 0; seat < returns.size(); ++seat) {
        step += (seat == 0 ? " " : ", ") + seat_name(record, static_cast<Player>(seat)) + " " +
                number(returns[seat], "%+g");
      }
      step += "\n";
    }
    steps.push_back(std::move(step));
  }
  if (record.forfeit.happened()) {
    std::string step = seat_name(record, record.forfeit.seat) + " forfeited: " +
                       record.forfeit.reason + "\ngame over: returns";
    for (std::size_t seat = 0; seat < record.returns.size(); ++seat) {
      step += (seat == 0 ? " " : ", ") + seat_name(record, static_cast<Player>(seat)) + " " +
              number(record.returns[seat], "%+g");
    }
    steps.push_back(step + "\n");
  }
  return steps;
}

// What `seat` knows and sees at one moment: the only texts of the state it
// is shown.
struct SeatTexts {
  std::string knows;  // information_state_string(seat)
  std::string sees;   // observation_string(seat)
  bool operator==(const SeatTexts&) const = default;
};

SeatTexts seat_texts(const State& state, Player seat) {
  return {state.information_state_string(seat), state.observation_string(seat)};
}

// What is new in what the seat knows since the last step (all of it at the
// start). Reprinting the whole information state at every step made a long
// game unreadable: it grows with every move.
std::string render_news(const SeatTexts& before, const SeatTexts& now) {
  std::ostringstream out;
  const std::string news = changed_lines(before.knows, now.knows);
  if (!news.empty()) print_labelled(out, before.knows.empty() ? "you know:" : "new:", news);
  return out.str();
}

// The standing summary: what the seat sees, unless it only repeats what it
// knows (single-line games).
std::string render_standing(const SeatTexts& now) {
  std::ostringstream out;
  if (now.sees != now.knows) print_labelled(out, "you see: ", now.sees);
  return out.str();
}

// The last step of a forfeited game as `seat` saw it. Only the seat that
// forfeited is told why: the reason may name what it held (its legal moves).
void add_forfeit_step(const ReplayRecord& record, Player seat, ReplayScreens& screens) {
  const std::string who = record.forfeit.seat == seat ? "you" : seat_name(record, record.forfeit.seat);
  std::string step = who + " forfeited the game";
  step += record.forfeit.seat == seat ? ": " + record.forfeit.reason + "\n" : " (a bad answer)\n";
  screens.steps.push_back(std::move(step));
  const auto index = static_cast<std::size_t>(seat);
  screens.standing.push_back(
      screens.standing.back() + "game over: your return " +
      (index < record.returns.size() ? number(record.returns[index], "%+g") : std::string("?")) + "\n");
  screens.decides_next.push_back(false);
}

// Steps as `seat` lived the game (see replay_view.h for the rule), and the
// standing summary at each.
void seat_steps(const ReplayRecord& record, State& state, Player seat, ReplayScreens& screens) {
  SeatTexts view = seat_texts(state, seat);
  screens.steps = {"start\n" + render_news({}, view)};
  screens.standing = {render_standing(view)};
  screens.decides_next = {false};
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action action = record.actions[i];
    const Player actor = state.current_player();
    std::string event;
    if (actor == seat) {
      // The seat decides on the view of the last step shown (moves out of
      // its sight since then have no step).
      screens.decides_next.back() = true;
      event = "you played " + state.action_to_string(seat, action) + "\n";
      if (const Annotation* annotation = replays::find_annotation(record, static_cast<int>(i))) {
        event += "  your decision: " + describe_decision(state, annotation->decision) + "\n";
      }
    } else {
      // Who moved, never what: the view below holds whatever of it the seat saw.
      event =
          (actor == kChancePlayer ? std::string("chance") : seat_name(record, actor)) + " acted\n";
    }
    state.apply_action(action);
    SeatTexts next_view = seat_texts(state, seat);
    if (actor != seat && next_view == view && !state.is_terminal()) continue;  // out of sight
    std::string step = event + render_news(view, next_view);
    std::string standing = render_standing(next_view);
    view = std::move(next_view);
    if (state.is_terminal()) {
      standing += "game over: your return " +
                  number(state.returns()[static_cast<std::size_t>(seat)], "%+g") + "\n";
    }
    screens.steps.push_back(std::move(step));
    screens.standing.push_back(std::move(standing));
    screens.decides_next.push_back(false);
  }
  if (record.forfeit.happened()) add_forfeit_step(record, seat, screens);
}

void print_step(const ReplayScreens& screens, std::size_t step, std::ostream& out,
                bool with_standing) {
  out << "[step " << step << "/" << screens.steps.size() - 1 << "] " << screens.steps[step];
  if (with_standing && step < screens.standing.size()) out << screens.standing[step];
}

}  // namespace

ReplayScreens render_replay(const ReplayRecord& record, std::size_t record_index,
                            const ViewOptions& options) {
  KIBITZ_CHECK(options.reveal != options.as_seat.has_value(),
               "render_replay needs exactly one of as_seat and reveal");
  const std::shared_ptr<const Game> game = load_game(record.game);
  if (options.as_seat && (*options.as_seat < 0 || *options.as_seat >= game->num_players())) {
    throw error("--as-seat ", *options.as_seat, ": ", game->spec(), " has seats 0 to ",
                game->num_players() - 1);
  }
  std::unique_ptr<State> state = game->new_initial_state();
  ReplayScreens screens;
  screens.header = header(record, record_index, options);
  try {
    if (options.reveal) {
      screens.steps = revealed_steps(record, *state);
    } else {
      seat_steps(record, *state, *options.as_seat, screens);
    }
  } catch (const KibitzError& e) {
    throw error("record ", record_index, " does not replay at move ", state->move_number(), ": ",
                e.what(), " (kibitz replay verify tells more)");
  }
  return screens;
}

void print_replay(const ReplayScreens& screens, std::ostream& out) {
  out << screens.header;
  for (std::size_t step = 0; step < screens.steps.size(); ++step) {
    out << "\n";
    // The summary where it matters: the start, each decision, the end.
    const bool key_step = step == 0 || step + 1 == screens.steps.size() ||
                          (step < screens.decides_next.size() && screens.decides_next[step]);
    print_step(screens, step, out, key_step);
  }
}

void browse_replay(const ReplayScreens& screens, std::istream& in, std::ostream& out, bool echo) {
  out << screens.header << "\n";
  const std::size_t last = screens.steps.size() - 1;
  std::size_t step = 0;
  bool show = true;
  std::string line;
  while (true) {
    if (show) print_step(screens, step, out, true);
    show = true;
    out << "[n]ext [b]ack [j]ump N [q]uit> " << std::flush;
    if (!std::getline(in, line)) {
      out << "\n";
      return;
    }
    if (echo) out << line << "\n";
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty() || command == "n" || command == "next") {
      if (step == last) {
        out << "(that was the last step)\n";
        show = false;
      } else {
        ++step;
      }
    } else if (command == "b" || command == "back") {
      if (step == 0) {
        out << "(that was the first step)\n";
        show = false;
      } else {
        --step;
      }
    } else if (command == "j" || command == "jump") {
      long long target = -1;
      if (!(words >> target) || target < 0 || static_cast<std::size_t>(target) > last) {
        out << "jump to a step from 0 to " << last << ", e.g. 'j 3'\n";
        show = false;
      } else {
        step = static_cast<std::size_t>(target);
      }
    } else if (command == "q" || command == "quit") {
      return;
    } else {
      out << "unknown command '" << command << "'; n/next, b/back, j N/jump N, q/quit\n";
      show = false;
    }
  }
}

}  // namespace kibitz::tools
