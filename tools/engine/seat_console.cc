#include "tools/engine/seat_console.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/core/stream_spec.h"
#include "tools/command.h"
#include "tools/engine/decision_watch.h"
#include "tools/engine/seat_entry.h"
#include "tools/engine/typed_shorthand.h"
#include "tools/seat_screen.h"

namespace kibitz::tools {
namespace {

std::string percent(double share) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.0f%%", 100.0 * share);
  return buffer;
}

std::string signed_value(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.2f", value);
  return buffer;
}

// The candidates listed for `?` at most; the rest are counted.
constexpr std::size_t kMaxListed = 40;
// The widest numbered hint printed on one line.
constexpr std::size_t kHintWidth = 100;
// The "where we are" line's width at most.
constexpr std::size_t kWhereWidth = 200;

}  // namespace

SeatConsole::SeatConsole(std::shared_ptr<const Game> game, Player seat, Agent& agent,
                         std::uint64_t seed, SeatConsoleOptions options, LineInput& in,
                         std::ostream& out)
    : game_(std::move(game)),
      seat_(seat),
      agent_(agent),
      seed_(seed),
      options_(options),
      in_(in),
      out_(out),
      records_(options_.records_dir, *game_, seat, agent.spec()) {
  game_->stream_spec();  // a game not on seat streams yet fails here, by name
}

std::string SeatConsole::seat_name() const { return seat_text(seat_); }

int SeatConsole::run() {
  start_game();
  while (true) {
    print_where();
    const std::string prompt = seat_name() + "> ";
    if (in_.draws_prompt()) {
      out_ << std::flush;
      in_.set_prompt(prompt);
    } else {
      out_ << prompt << std::flush;
    }
    const std::optional<std::string> line = in_.read_line();
    if (!line) {
      out_ << "\n";
      keep_record();
      if (session_->over() || session_->stream().size() == session_->initial_size()) return kExitOk;
      out_ << "kibitz seat: input closed during game " << games_ << "; the game was abandoned\n";
      return kExitBadInput;
    }
    if (options_.echo) out_ << (line->size() <= kMaxEntryChars ? *line : bounded_quote(*line)) << "\n";
    if (!handle(*line)) {
      keep_record();
      return kExitOk;
    }
  }
}

void SeatConsole::start_game() {
  if (session_) keep_record();  // a game left for a new one
  ++games_;
  records_.start_game(games_);
  session_ = std::make_unique<SeatSession>(game_, seat_, agent_, Rng(seed_).child("game", games_).seed());
  entries_.clear();
  held_.clear();
  where_printed_at_ = static_cast<std::size_t>(-1);
  autofill_paused_ = false;
  out_ << "\n=== game " << games_ << ": " << game_->spec() << ", the AI plays " << seat_name()
       << " ===\n"
       << "Type what " << seat_name() << " sees, one observation per line (? lists what can come "
       << "next, help for more).\n";
  settle();
}

void SeatConsole::settle() {
  advice_.reset();
  while (true) {
    next_ = next_observations(*session_, options_.worlds);
    if (session_->over()) {
      const std::optional<std::vector<double>> returns = settled_returns();
      print_result(returns);
      keep_record(returns);
      out_ << "The game is over. Type new for another game, or quit.\n";
      return;
    }
    if (session_->to_act()) {
      advise();
      return;
    }
    if (autofill_paused_ || !fill_forced()) {
      print_prompt_hint();
      return;
    }
  }
}

bool SeatConsole::fill_forced(std::string* shown) {
  const NextCandidate* forced = options_.autofill ? next_.forced() : nullptr;
  if (forced == nullptr) return false;
  session_->observe(forced->observations);
  entries_.push_back(forced->observations.size());
  const std::string line = "  + " + forced->text + "   (the only thing that can come next; undo takes it back)\n";
  if (shown != nullptr) {
    *shown += line;
  } else {
    out_ << line;
  }
  return true;
}

bool SeatConsole::enter_one_by_one(const SeatStream& typed) {
  if (typed.size() < 2 || !held_.empty()) return false;
  const StreamSpec& spec = game_->stream_spec();
  const std::size_t entries_before = entries_.size();
  std::string shown;  // printed only if every one of them is accepted
  std::size_t i = 0;
  try {
    for (; i < typed.size(); ++i) {
      session_->observe(SeatStream{typed[i]});
      entries_.push_back(1);
      shown += "  ok: " + spec.to_text(typed[i]) + "\n";
      if (i + 1 == typed.size()) break;
      do {
        next_ = next_observations(*session_, options_.worlds);
      } while (fill_forced(&shown));
    }
  } catch (const KibitzError&) {
    // The last one may begin a move that shows more (a deal's last card and
    // the first turn): the ones before stand and it is held.
    if (i + 1 == typed.size() && i > 0) {
      next_ = next_observations(*session_, options_.worlds);
      const SeatStream last{typed[i]};
      if (!rest_of_longer_move(last).empty()) {
        out_ << shown;
        hold(last, last);
        return true;
      }
    }
    std::size_t count = 0;
    for (; entries_.size() > entries_before; entries_.pop_back()) count += entries_.back();
    session_->undo(count);
    next_ = next_observations(*session_, options_.worlds);
    return false;
  }
  out_ << shown;
  autofill_paused_ = false;
  settle();
  return true;
}

std::optional<std::vector<double>> SeatConsole::settled_returns() {
  // The returns are the seat's to know only when every world its stream
  // allows has the same ones (a showdown it did not see leaves them open).
  std::vector<double> returns;
  for (int w = 0; w < options_.worlds; ++w) {
    const std::vector<double> r = session_->draw_world()->returns();
    if (!returns.empty() && r != returns) return std::nullopt;
    returns = r;
  }
  return returns;
}

void SeatConsole::print_result(const std::optional<std::vector<double>>& returns) {
  if (!returns) {
    out_ << "Result: it depends on cards " << seat_name() << " has not seen.\n";
    return;
  }
  out_ << "Result:";
  for (std::size_t s = 0; s < returns->size(); ++s) {
    out_ << (s == 0 ? " " : ", ") << seat_text(static_cast<Player>(s)) << " " << signed_value((*returns)[s]);
  }
  out_ << "\n";
}

void SeatConsole::keep_record(const std::optional<std::vector<double>>& returns) {
  try {
    const std::string path = records_.finish(session_->stream(), returns);
    if (!path.empty()) out_ << "  record of the game: " << path << "   (kibitz review " << path << ")\n";
  } catch (const KibitzError& e) {
    out_ << "  the game's record could not be written: " << e.what() << "\n";
  }
}

std::string SeatConsole::own_action_of(const SeatStream& move) const {
  for (const NextCandidate& c : next_.candidates) {
    if (c.own_action.empty() || c.observations.size() > move.size()) continue;
    if (std::equal(c.observations.begin(), c.observations.end(), move.begin())) return c.own_action;
  }
  return {};
}

void SeatConsole::advise() {
  try {
    // What was accepted shows before a search that may take a while.
    out_ << std::flush;
    ActBudget budget = options_.budget;
    std::optional<DecisionWatch> watch;
    if (options_.watch_fd >= 0) {
      watch.emplace(options_.watch_fd, options_.interrupt);
      budget.stop = watch->flag();
    }
    advice_ = session_->act(budget);
    // A decision cut short by Ctrl-C is no advice: the person asked to stop.
    if (options_.interrupt != nullptr && options_.interrupt->load()) throw Interrupted();
  } catch (const KibitzError& e) {
    // The table goes on whatever the agent does: the person can still
    // enter the move made, and undo.
    out_ << seat_name() << " to act, but the agent could not decide: " << e.what() << "\n";
    return;
  }
  out_ << seat_name() << " to act. Play: " << advice_->action_text;
  if (const std::optional<double> share = advice_->share()) {
    out_ << "   (sure: " << percent(*share) << " of the agent's policy";
    if (advice_->value) out_ << "; expected return " << signed_value(*advice_->value);
    out_ << ")";
  }
  out_ << "\n";
  if (advice_->policy.size() > 1) {
    out_ << "  policy:";
    for (const auto& [text, share] : advice_->policy) out_ << "  " << text << " " << percent(share);
    out_ << "\n";
  }
  out_ << "  Then enter the move as made at the table (its action, e.g. '" << advice_->action_text
       << "', or what the seat saw).\n";
}

void SeatConsole::print_where() {
  // Once per change of the stream: a refused entry changes nothing to say.
  const std::size_t seen = session_->stream().size() + held_.size();
  if (seen == where_printed_at_ || session_->over()) return;
  where_printed_at_ = seen;
  // What the seat sees, as the game writes it for the seat. It should read
  // the seat's information only; two worlds drawn from the stream must
  // agree on it, or it would show one world's made-up cards as facts.
  std::string where;
  try {
    where = session_->draw_world()->observation_string(seat_);
    if (session_->draw_world()->observation_string(seat_) != where) return;
  } catch (const KibitzError&) {
    return;  // a world the sampler could not draw: nothing to summarise
  }
  for (std::size_t at = where.find('\n'); at != std::string::npos; at = where.find('\n', at)) {
    where.replace(at, 1, " | ");
  }
  if (where.size() > kWhereWidth) where = where.substr(0, kWhereWidth - 3) + "...";
  out_ << "  [" << where << "]\n";
}

void SeatConsole::print_prompt_hint() const {
  const std::vector<NextCandidate>& candidates = next_.candidates;
  if (candidates.size() == 1) {
    out_ << "  next: " << candidates.front().text << "\n";
  } else if (candidates.size() > kNumberedChoices) {
    out_ << "  next: one of " << candidates.size() << " observations (? lists them, numbered)\n";
  } else if (!candidates.empty()) {
    // Numbered, so that one key enters one: on one line when they fit.
    std::string line = "  next:";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      line += "  " + std::to_string(i + 1) + ") " + candidates[i].text;
    }
    if (line.size() <= kHintWidth) {
      out_ << line << "\n";
      return;
    }
    out_ << "  next, by number:\n";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      out_ << "    " << i + 1 << ") " << candidates[i].text << "\n";
    }
  }
}

bool SeatConsole::handle(const std::string& line) {
  if (line.size() > kMaxEntryChars) {
    out_ << "  refused: an entry of " << line.size() << " characters, longer than any observation (at most "
         << kMaxEntryChars << "): " << bounded_quote(line) << "\n";
    return true;
  }
  // A Tab asks for the list, like a shell's completion: the text before it
  // narrows the list.
  if (const std::size_t tab = line.find('\t'); tab != std::string::npos) {
    list(normalize_typing(line.substr(0, tab)));
    return true;
  }
  const std::string text = normalize_typing(line);
  const std::string command = lowercase(text);
  if (command.empty()) {
    print_prompt_hint();
  } else if (command == "?" || command == "list") {
    list("");
  } else if (command == "help") {
    print_help();
  } else if (command == "quit" || command == "exit") {
    return false;
  } else if (command == "undo") {
    undo();
  } else if (command == "show") {
    show_stream();
  } else if (command == "new") {
    start_game();
  } else if (command == "advice" && advice_) {
    advise();
  } else {
    enter(text);
  }
  return true;
}

void SeatConsole::enter(std::string_view text) {
  const StreamSpec& spec = game_->stream_spec();
  // What the entry may mean, best first: the AI's own move entered as its
  // action ("bet": the seat's observations of it are the same in every
  // world), the text as typed, then its shorthands (typed_shorthand.h).
  std::vector<SeatStream> readings;
  if (session_->to_act() && held_.empty()) {
    SeatStream own = next_.own_move(text);
    if (!own.empty()) readings.push_back(std::move(own));
  }
  std::string unread;  // why the text as typed reads as no observation
  try {
    readings.push_back(read_typed_observations(spec, game_->num_players(), text));
  } catch (const KibitzError& e) {
    unread = e.what();
  }
  const Shorthand shorthand = expand_shorthand(spec, game_->num_players(), next_, text);
  if (shorthand.picked != nullptr) readings.push_back(shorthand.picked->observations);
  for (const std::string& full : shorthand.texts) {
    readings.push_back(read_typed_observations(spec, game_->num_players(), full));
  }
  std::string refusal;
  for (const SeatStream& reading : readings) {
    if (try_entry(reading, refusal)) return;
  }
  if (!shorthand.ambiguous.empty()) {
    out_ << "  refused: " << bounded_quote(text) << " may be any of";
    for (const std::string& t : shorthand.ambiguous) out_ << " '" << t << "'";
    out_ << ": type more of it\n";
  } else if (!refusal.empty()) {
    out_ << "  refused: " << refusal << "\n";
  } else {
    out_ << "  refused: " << bounded_quote(text) << " reads as nothing that can come next (? lists it, help "
         << "shows the forms)\n";
    const std::string suggestion = suggest_correction(spec, game_->num_players(), next_, text);
    if (!suggestion.empty()) out_ << "  did you mean '" << suggestion << "'?\n";
  }
  if (!held_.empty()) out_ << "  (still held: the beginning of a move typed before; undo drops it)\n";
}

bool SeatConsole::try_entry(const SeatStream& typed, std::string& refusal) {
  SeatStream move = held_;
  move.insert(move.end(), typed.begin(), typed.end());
  const bool decided = session_->to_act();
  const std::size_t decided_at = session_->stream().size();
  try {
    session_->observe(move);
  } catch (const KibitzError& e) {
    if (enter_one_by_one(typed) || hold(typed, move)) return true;
    if (refusal.empty()) {
      // The game is in the session's header: a refusal need not repeat its
      // spec (a hundred characters for Loyalist Spies).
      refusal = e.what();
      const std::string prefix = game_->spec() + ": ";
      if (refusal.rfind(prefix, 0) == 0) refusal.erase(0, prefix.size());
    }
    return false;
  }
  held_.clear();
  entries_.push_back(move.size());
  autofill_paused_ = false;
  if (decided) records_.on_decision(decided_at, own_action_of(move), advice_ ? advice_->action_text : "");
  const StreamSpec& spec = game_->stream_spec();
  for (const Observation& o : move) out_ << "  ok: " << spec.to_text(o) << "\n";
  settle();
  return true;
}

bool SeatConsole::hold(const SeatStream& typed, const SeatStream& move) {
  if (typed.empty()) return false;
  const StreamSpec& spec = game_->stream_spec();
  if (held_.empty()) {
    const std::string rest = rest_of_longer_move(move);
    if (rest.empty()) return false;
    held_ = move;
    for (const Observation& o : typed) out_ << "  held: " << spec.to_text(o) << "\n";
    out_ << "  (the same move shows more, such as '" << rest << "': enter it next)\n";
    return true;
  }
  // Once a move has begun, what follows in it (the others' aces at a
  // round's end, say) varies too much to be matched by a few draws: it is
  // held unchecked up to the longest move seen, and the sampler checks the
  // whole move when it is complete.
  std::size_t longest = 0;
  for (const NextCandidate& c : next_.candidates) longest = std::max(longest, c.observations.size());
  if (move.size() >= longest) return false;
  held_ = move;
  for (const Observation& o : typed) {
    out_ << "  held: " << spec.to_text(o) << "   (checked when its move is complete)\n";
  }
  return true;
}

std::string SeatConsole::rest_of_longer_move(const SeatStream& typed) const {
  const StreamSpec& spec = game_->stream_spec();
  auto rest_of = [&](const NextCandidate& c) {
    std::string rest;
    for (std::size_t i = typed.size(); i < c.observations.size(); ++i) {
      rest += (rest.empty() ? "" : "; ") + spec.to_text(c.observations[i]);
    }
    return rest;
  };
  // A move of the worlds drawn that begins so; failing that, one whose
  // observations are of the same kinds (their values, such as the other
  // seats' aces at a round's end, vary too much for a few draws to hit).
  // The whole move is checked by the sampler once its rest is typed.
  for (const bool exact : {true, false}) {
    for (const NextCandidate& c : next_.candidates) {
      if (c.observations.size() <= typed.size()) continue;
      bool fits = true;
      for (std::size_t i = 0; i < typed.size() && fits; ++i) {
        fits = exact ? c.observations[i] == typed[i] : c.observations[i].kind == typed[i].kind;
      }
      if (fits) return rest_of(c);
    }
  }
  return {};
}

void SeatConsole::undo() {
  if (!held_.empty()) {
    const StreamSpec& spec = game_->stream_spec();
    for (const Observation& o : held_) out_ << "  taken back: " << spec.to_text(o) << " (held)\n";
    held_.clear();
    return;
  }
  if (entries_.empty()) {
    out_ << "  nothing to undo in this game\n";
    return;
  }
  const std::size_t count = entries_.back();
  const StreamSpec& spec = game_->stream_spec();
  const SeatStream& stream = session_->stream();
  for (std::size_t i = stream.size() - count; i < stream.size(); ++i) {
    out_ << "  taken back: " << spec.to_text(stream[i]) << "\n";
  }
  session_->undo(count);
  entries_.pop_back();
  records_.on_undo(session_->stream().size());
  autofill_paused_ = true;
  settle();
}

void SeatConsole::list(std::string_view prefix) {
  const std::string wanted = lowercase(prefix);
  std::size_t shown = 0, matching = 0;
  if (next_.seat_to_act && advice_) out_ << "  " << seat_name() << " (the AI) decides: play " << advice_->action_text << "\n";
  for (std::size_t i = 0; i < next_.candidates.size(); ++i) {
    const NextCandidate& c = next_.candidates[i];
    if (lowercase(c.text).rfind(wanted, 0) != 0 && lowercase(c.own_action).rfind(wanted, 0) != 0) continue;
    ++matching;
    if (shown == kMaxListed) continue;
    ++shown;
    out_ << "  " << i + 1 << ") " << c.text;
    if (!c.own_action.empty()) out_ << "   (if " << seat_name() << " plays " << c.own_action << ")";
    out_ << "\n";
  }
  if (matching > shown) out_ << "  ... and " << matching - shown << " more (type the start of one, then Tab)\n";
  if (matching == 0) {
    out_ << (next_.over ? "  nothing: the game is over\n" : "  nothing that begins so in the worlds drawn\n");
  }
  out_ << "  (drawn from " << next_.worlds_drawn << " worlds the seat's stream allows; another entry is checked when typed)\n";
  if (next_.failed_draws > 0) {
    out_ << "  (" << next_.failed_draws << " draws failed, a fault of the game's sampler: " << next_.failure << ")\n";
  }
}

SeatStream SeatConsole::entered() const {
  SeatStream stream = session_->stream();
  stream.insert(stream.end(), held_.begin(), held_.end());
  return stream;
}

std::vector<std::string> SeatConsole::completions(std::string_view typed) const {
  std::vector<std::string> lines;
  for (const NextCandidate& c : next_.candidates) {
    lines.push_back(c.text);
    if (!c.own_action.empty()) lines.push_back(c.own_action);
  }
  for (const char* command : {"undo", "show", "help", "advice", "new", "quit"}) lines.emplace_back(command);
  const std::string wanted = lowercase(typed);
  std::vector<std::string> out;
  for (std::string& line : lines) {
    if (lowercase(line).rfind(wanted, 0) == 0 && std::find(out.begin(), out.end(), line) == out.end()) {
      out.push_back(std::move(line));
    }
  }
  return out;
}

void SeatConsole::show_stream() const {
  const StreamSpec& spec = game_->stream_spec();
  out_ << "  what " << seat_name() << " has seen (" << session_->stream().size() << "):\n";
  for (const Observation& o : session_->stream()) out_ << "    " << spec.to_text(o) << "\n";
  for (const Observation& o : held_) out_ << "    " << spec.to_text(o) << "   (held: the rest of its move is due)\n";
}

void SeatConsole::print_help() const {
  out_ << "  Type what " << seat_name() << " sees, as it reads, e.g. '"
       << (next_.candidates.empty() ? std::string("...") : next_.candidates.front().text) << "'.\n"
       << "  Several at once: separate them with ';', or list cards after one ('dealt 5S JD 7S').\n"
       << "  Shorter: a number picks from the numbered list; words may be cut short ('P1 pl') or\n"
       << "  left out when what comes next says them ('5S JD 7S' while cards are dealt, a reveal's\n"
       << "  cards and total in any order); Tab completes.\n"
       << "  When " << seat_name() << " is to act, the move to make is shown; enter it as made.\n"
       << "    ? or Tab  what can come next (text then Tab: only what begins so)\n"
       << "    show      everything entered this game\n"
       << "    undo      take back the last entry (or the last filled-in observation)\n"
       << "    advice    the AI's move again\n"
       << "    new       start another game\n"
       << "    quit      stop\n";
}

}  // namespace kibitz::tools
