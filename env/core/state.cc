#include "env/core/state.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"

namespace kibitz {

State::State(std::shared_ptr<const Game> game)
    : game_(std::move(game)), log_(game_->observation_log_capacity()), num_players_(game_->num_players()) {
  history_.reserve(static_cast<std::size_t>(game_->max_game_length()));
}

State::State(const State& other)
    : game_(other.game_), log_(other.log_), num_players_(other.num_players_), logging_(other.logging_) {
  history_.reserve(static_cast<std::size_t>(game_->max_game_length()));
  history_ = other.history_;
}

State& State::operator=(const State& other) {
  if (game_ != other.game_) game_ = other.game_;
  history_ = other.history_;
  log_ = other.log_;
  num_players_ = other.num_players_;
  logging_ = other.logging_;
  return *this;
}

void State::restart_observation_log() {
  log_.clear();
  logging_ = true;
}

Observation& State::unlogged_observation(int kind) {
  // Reset each time: the game add()s up to an observation's bound to it.
  thread_local Observation scratch;
  scratch = Observation(kind);
  return scratch;
}

void State::refuse_unlogged_read(const char* what) const {
  throw error(game_->name(), ": cannot read ", what, ": this state stopped logging its observations "
              "(State::stop_logging, for a playout nobody reads), so its streams are incomplete; "
              "read a state that logs (a clone taken before stop_logging, or one rebuilt by a sampler)");
}

void State::seat_stream(Player seat, SeatStream& out) const {
  KIBITZ_CHECK(keeps_observation_log(), game_->name(), " keeps no observation log and writes no seat_stream");
  KIBITZ_CHECK(seat == kSpectator || (seat >= 0 && seat < num_players_), game_->name(), ": seat_stream of seat ",
               seat, "; the game has seats 0 to ", num_players_ - 1, " and the spectator");
  if (!logging_) refuse_unlogged_read(seat == kSpectator ? "the public stream" : "a seat's stream");
  log_.stream(seat, out);
}

ActionList State::legal_actions() const {
  ActionList out;
  legal_actions(out);
  return out;
}

void State::legal_action_mask(std::span<float> mask) const {
  KIBITZ_CHECK(static_cast<int>(mask.size()) == game_->num_distinct_actions(),
               "mask size ", mask.size(), " != num_distinct_actions ", game_->num_distinct_actions());
  KIBITZ_CHECK(!is_chance_node(), "legal_action_mask is for player nodes");
  std::fill(mask.begin(), mask.end(), 0.0f);
  thread_local ActionList actions;
  // Room for every action: a rare wide node must not grow it later.
  if (actions.capacity() < mask.size()) actions.reserve(mask.size());
  legal_actions(actions);
  for (Action a : actions) mask[static_cast<std::size_t>(a)] = 1.0f;
}

bool State::is_legal(Action action) const {
  thread_local ActionList actions;
  // Room for every action at once, so that a rare wide node met after the
  // warm-up does not grow the buffer on the hot path.
  const auto most = static_cast<std::size_t>(std::max(game().num_distinct_actions(), game().max_chance_outcomes()));
  if (actions.capacity() < most) actions.reserve(most);
  legal_actions(actions);
  return std::binary_search(actions.begin(), actions.end(), action);
}

ChanceOutcomeList State::chance_outcomes() const {
  ChanceOutcomeList out;
  chance_outcomes(out);
  return out;
}

Action State::sample_chance_outcome(Rng& rng) const {
  thread_local ChanceOutcomeList outcomes;
  const auto most = static_cast<std::size_t>(game().max_chance_outcomes());
  if (outcomes.capacity() < most) outcomes.reserve(most);
  chance_outcomes(outcomes);
  return draw_chance_outcome(outcomes, rng);
}

void State::throw_illegal_action(Action action) const {
  const Player player = current_player();
  std::string legal;
  for (Action a : legal_actions()) {
    legal += (legal.empty() ? "" : ", ") + std::to_string(a) + " (" + action_to_string(player, a) + ")";
  }
  if (is_terminal()) throw error("illegal action ", action, ": the game is over");
  throw error("illegal action ", action, " for ",
              player == kChancePlayer ? std::string("chance") : "seat " + std::to_string(player),
              " at move ", history_.size(), " of ", game_->name(), "; legal: ", legal);
}

std::vector<double> State::returns() const {
  std::vector<double> out(static_cast<std::size_t>(num_players_));
  returns(out);
  return out;
}

void State::rewards(std::span<double> out) const {
  if (is_terminal()) {
    returns(out);
  } else {
    std::fill(out.begin(), out.end(), 0.0);
  }
}

std::vector<double> State::rewards() const {
  std::vector<double> out(static_cast<std::size_t>(num_players_));
  rewards(out);
  return out;
}

std::vector<float> State::information_state_tensor(Player player) const {
  std::vector<float> out(static_cast<std::size_t>(game_->information_state_tensor_size()));
  information_state_tensor(player, out);
  return out;
}

std::vector<float> State::observation_tensor(Player player) const {
  std::vector<float> out(static_cast<std::size_t>(game_->observation_tensor_size()));
  observation_tensor(player, out);
  return out;
}

namespace {

// Spaces trimmed at both ends and runs of spaces made one: what a person
// types is read the same however they spaced it.
std::string normalize_spaces(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

Action State::read_action_text(Player, std::string_view, std::string&) const {
  return kInvalidAction;
}

Action State::string_to_action(Player player, std::string_view typed) const {
  const ActionList legal = legal_actions();
  const std::string text = normalize_spaces(typed);
  // The exact text first; then ignoring case, refusing a text that two
  // actions' names would both match.
  Action match = kInvalidAction;
  int matches = 0;
  for (Action a : legal) {
    const std::string name = action_to_string(player, a);
    if (name == text) return a;
    if (equals_ignoring_case(name, text)) {
      match = a;
      ++matches;
    }
  }
  if (matches > 1)
    throw error("'", text, "' names more than one action here; write its case exactly");
  if (matches == 1) return match;
  Action number = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (ec == std::errc() && ptr == text.data() + text.size() &&
      std::binary_search(legal.begin(), legal.end(), number)) {
    return number;
  }
  std::string reason;
  if (!text.empty()) {
    const Action read = read_action_text(player, text, reason);
    if (read != kInvalidAction && std::binary_search(legal.begin(), legal.end(), read)) return read;
  }
  std::string choices;
  for (Action a : legal) {
    choices += (choices.empty() ? "" : ", ") + action_to_string(player, a) + " (" + std::to_string(a) + ")";
  }
  throw error("'", text, "' is not a legal action here", reason.empty() ? "" : ": " + reason,
              "; legal: ", choices.empty() ? "none" : choices);
}

SeatStream State::seat_stream(Player seat) const {
  SeatStream out;
  seat_stream(seat, out);
  return out;
}

void State::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  thread_local SeatStream stream;
  seat_stream(player, stream);
  const StreamSpec& spec = game().stream_spec();
  out.assign(seat_text(player));
  for (const Observation& o : stream) {
    out += '\n';
    spec.append_text(o, out);
  }
}

std::string State::information_state_string(Player player) const {
  std::string out;
  information_state_string(player, out);
  return out;
}

void State::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  thread_local SeatStream stream;
  seat_stream(player, stream);
  game().new_world_sampler(player, stream)->sample(rng, out);
}

std::unique_ptr<State> State::resample_from_infostate(Player player, Rng& rng) const {
  std::unique_ptr<State> out = game_->new_initial_state();
  resample_from_infostate(player, rng, *out);
  return out;
}

bool states_equal(const State& a, const State& b) {
  // One Game object has one spec: skip building the spec strings then.
  const bool same_game = &a.game() == &b.game() || a.game().spec() == b.game().spec();
  return same_game && a.history() == b.history() && a.to_string() == b.to_string();
}

Action draw_chance_outcome(std::span<const ChanceOutcome> outcomes, Rng& rng) {
  KIBITZ_CHECK(!outcomes.empty(), "a chance node with no outcomes");
  double u = rng.uniform_double();
  for (const ChanceOutcome& outcome : outcomes) {
    u -= outcome.probability;
    if (u < 0) return outcome.action;
  }
  return outcomes.back().action;
}

namespace internal {

int walk_uniform_index(std::uint64_t bits, int count) {
  KIBITZ_CHECK(count > 0, "a chance node with no outcomes");
  // The same operations as draw_chance_outcome on `count` outcomes of
  // probability 1.0 / count, from the same u, so both round alike.
  double u = static_cast<double>(bits) * 0x1.0p-53;
  const double p = 1.0 / count;
  for (int i = 0; i < count; ++i) {
    u -= p;
    if (u < 0) return i;
  }
  return count - 1;
}

}  // namespace internal

}  // namespace kibitz
