#include "replays/verify.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <set>

#include "agents/match/answer_rules.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "replays/legal_game.h"

namespace kibitz::replays {
namespace {

// Returns are sums of small numbers computed the same way on every machine;
// the tolerance only absorbs a text round trip of the doubles.
constexpr double kReturnTolerance = 1e-9;
// Policies are shares computed in floating point: they sum to 1 up to rounding.
constexpr double kPolicySumTolerance = 1e-6;

// Collects problems with a small amount of formatting.
class Problems {
 public:
  template <typename... Args>
  void add(int move, const Args&... args) {
    list_.push_back({move, internal::concat(args...)});
  }
  std::vector<Problem> take() { return std::move(list_); }

 private:
  std::vector<Problem> list_;
};

// Whether `text` is the time a recorder writes: ISO-8601 UTC,
// YYYY-MM-DDTHH:MM:SS with an optional fraction of a second and a final Z,
// naming a real moment: month 1-12, a day that month has (29 February only
// in leap years), hour 0-23, minute and second 0-59. A leap second (:60) is
// refused: the recorder's clock (gmtime) never shows one.
bool is_iso8601_utc(const std::string& text) {
  const char* pattern = "dddd-dd-ddTdd:dd:dd";
  std::size_t i = 0;
  for (; pattern[i] != '\0'; ++i) {
    if (i >= text.size()) return false;
    const bool digit = text[i] >= '0' && text[i] <= '9';
    if (pattern[i] == 'd' ? !digit : text[i] != pattern[i]) return false;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    const std::size_t digits_start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == digits_start) return false;
  }
  if (i + 1 != text.size() || text[i] != 'Z') return false;
  const auto number = [&text](std::size_t at, std::size_t digits) {
    int value = 0;
    for (std::size_t k = 0; k < digits; ++k) value = value * 10 + (text[at + k] - '0');
    return value;
  };
  const int year = number(0, 4);
  const int month = number(5, 2);
  const int day = number(8, 2);
  if (month < 1 || month > 12 || day < 1) return false;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  constexpr int kDaysInMonth[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (day > kDaysInMonth[month - 1] + (month == 2 && leap ? 1 : 0)) return false;
  return number(11, 2) < 24 && number(14, 2) < 60 && number(17, 2) < 60;
}

void check_seats(const ReplayRecord& record, const Game& game, Problems& problems) {
  const auto seats = static_cast<std::size_t>(game.num_players());
  if (record.seat_labels.size() != seats) {
    problems.add(-1, record.seat_labels.size(), " seat labels, but ", record.game, " has ", seats,
                 " seats");
  }
  if (record.agent_specs.size() != seats) {
    problems.add(-1, record.agent_specs.size(), " agent specs, but ", record.game, " has ", seats,
                 " seats");
  }
}

void check_annotation_order(const ReplayRecord& record, Problems& problems) {
  int previous = -1;
  for (const Annotation& annotation : record.annotations) {
    if (annotation.move < 0 || annotation.move >= static_cast<int>(record.actions.size())) {
      problems.add(-1, "an annotation names move ", annotation.move, ", but the record has ",
                   record.actions.size(), " moves");
    } else if (annotation.move <= previous) {
      problems.add(annotation.move, "annotations out of order or repeated (after move ", previous,
                   ")");
    }
    previous = std::max(previous, annotation.move);
  }
}

void check_annotation(const State& state, const Annotation& annotation, const ActionList& legal,
                      Problems& problems) {
  const int move = annotation.move;
  const Player actor = state.current_player();
  if (actor < 0) {
    problems.add(move, "an annotation on a chance move (only a seat's decision has one)");
    return;
  }
  const DecisionInfo& decision = annotation.decision;
  std::set<Action> seen;
  double sum = 0.0;
  for (const auto& [action, probability] : decision.policy) {
    if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
      problems.add(move, "the policy gives weight to action ", action, ", not legal for ",
                   player_name(actor), "; legal: ", legal_actions_text(state, legal));
    }
    if (!seen.insert(action).second)
      problems.add(move, "the policy lists action ", action, " twice");
    if (!std::isfinite(probability) || probability < 0.0 || probability > 1.0) {
      problems.add(move, "the policy gives action ", action, " probability ", probability);
    }
    sum += probability;
  }
  if (!decision.policy.empty() && std::abs(sum - 1.0) > kPolicySumTolerance) {
    problems.add(move, "the policy sums to ", sum, ", not 1");
  }
  if (decision.has_value && !std::isfinite(decision.value)) {
    problems.add(move, "the value estimate is ", decision.value);
  }
  for (const auto& [name, value] : decision.stats) {
    if (!std::isfinite(value)) problems.add(move, "the statistic '", name, "' is ", value);
  }
}

// Replays the actions; returns the final state, or nullptr when an action
// was illegal (reported) so that the outcome means nothing.
std::unique_ptr<State> replay(const ReplayRecord& record, const Game& game, Problems& problems) {
  std::unique_ptr<State> state = game.new_initial_state();
  auto annotation = record.annotations.begin();
  const auto check_move = [&](const State& before, int move, const ActionList& legal) {
    while (annotation != record.annotations.end() && annotation->move < move) ++annotation;
    if (annotation != record.annotations.end() && annotation->move == move) {
      check_annotation(before, *annotation, legal, problems);
    }
  };
  if (const std::optional<Problem> illegal = replay_legal_actions(record, *state, check_move)) {
    problems.add(illegal->move, illegal->message);
    return nullptr;
  }
  return state;
}

// A forfeit ends a game early: the seat that forfeited is the one to act
// after the recorded moves. Returns the returns the forfeit gives, or
// nothing when it cannot have happened there (reported).
std::optional<std::vector<double>> forfeit_outcome(const ReplayRecord& record, const State& state,
                                                   Problems& problems) {
  const int seat = record.forfeit.seat;
  if (seat >= state.game().num_players()) {
    problems.add(-1, "the forfeit names seat ", seat, " of a ", state.game().num_players(),
                 "-seat game");
    return std::nullopt;
  }
  if (state.is_terminal()) {
    problems.add(-1, "seat ", seat, " forfeits a game that is over after its ",
                 record.actions.size(), " moves");
    return std::nullopt;
  }
  if (state.current_player() != seat) {
    problems.add(-1, "seat ", seat, " forfeits after move ", record.actions.size(),
                 ", where it is not to act");
    return std::nullopt;
  }
  return forfeit_returns(state, seat);
}

void check_outcome(const ReplayRecord& record, const State& state, Problems& problems) {
  if (record.forfeit.seat < -1) {
    problems.add(-1, "the forfeit names seat ", record.forfeit.seat);
    return;
  }
  std::vector<double> returns;
  if (record.forfeit.happened()) {
    std::optional<std::vector<double>> forfeited = forfeit_outcome(record, state, problems);
    if (!forfeited) return;
    returns = std::move(*forfeited);
  } else if (!state.is_terminal()) {
    problems.add(-1, "the game is not over after its ", record.actions.size(), " moves");
    return;
  } else {
    returns = state.returns();
  }
  if (record.returns.size() != returns.size()) {
    problems.add(-1, record.returns.size(), " returns recorded for ", returns.size(), " seats");
    return;
  }
  for (std::size_t seat = 0; seat < returns.size(); ++seat) {
    const double tolerance = kReturnTolerance * std::max(1.0, std::abs(returns[seat]));
    if (!(std::abs(record.returns[seat] - returns[seat]) <= tolerance)) {
      problems.add(-1, "seat ", seat, " return recorded as ", record.returns[seat],
                   ", but the moves give ", returns[seat]);
    }
  }
}

}  // namespace

std::vector<Problem> verify_record(const ReplayRecord& record) {
  Problems problems;
  std::shared_ptr<const Game> game;
  try {
    game = load_game(record.game);
  } catch (const KibitzError& e) {
    problems.add(-1, "the game does not load: ", e.what());
    return problems.take();
  }
  if (game->spec() != record.game) {
    problems.add(-1, "the game spec '", record.game, "' is not canonical ('", game->spec(), "')");
  }
  check_seats(record, *game, problems);
  check_annotation_order(record, problems);
  if (const std::unique_ptr<State> state = replay(record, *game, problems)) {
    check_outcome(record, *state, problems);
  }
  if (!record.start_time.empty() && !is_iso8601_utc(record.start_time)) {
    problems.add(-1, "start time '", record.start_time,
                 "' is not a real moment in ISO-8601 UTC (YYYY-MM-DDTHH:MM:SS[.fff]Z)");
  }
  if (!std::isfinite(record.duration_seconds) || record.duration_seconds < 0.0) {
    problems.add(-1, "duration ", record.duration_seconds, " s is not a time");
  }
  return problems.take();
}

std::string describe(const Problem& problem) {
  return (problem.move < 0 ? std::string("record") : "move " + std::to_string(problem.move)) +
         ": " + problem.message;
}

}  // namespace kibitz::replays
