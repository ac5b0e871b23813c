// State: one position of a game, mutable by apply_action. Fully determined by
// (game, history): that is what replays store and serialization round-trips.
//
// Hot-path contract (DESIGN "Hot path"): apply_action, legal_actions(out) and
// clone_into allocate nothing once the state exists; the history vector is
// reserved to max_game_length() at construction.
//
// Games derive from GameState<Derived> (below), which supplies clone_into and
// clone from the derived class's copy assignment.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/observation.h"
#include "env/core/observation_log.h"
#include "env/core/rng.h"
#include "env/core/types.h"

namespace kibitz {

class State {
 public:
  explicit State(std::shared_ptr<const Game> game);
  virtual ~State() = default;

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  int num_players() const { return num_players_; }

  // A seat 0..num_players-1, kChancePlayer or kTerminalPlayer.
  virtual Player current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminalPlayer; }
  bool is_chance_node() const { return current_player() == kChancePlayer; }

  // Legal actions in ascending order (at a chance node: the outcomes'
  // actions), written into `out` after clearing it. Empty only when terminal.
  virtual void legal_actions(ActionList& out) const = 0;
  ActionList legal_actions() const;
  // 1 for legal, 0 otherwise; mask.size() must be num_distinct_actions().
  // Only for player nodes.
  void legal_action_mask(std::span<float> mask) const;
  // Cheap legality test used by apply_action. The default scans
  // legal_actions into a per-thread buffer; games override when they can do
  // better.
  virtual bool is_legal(Action action) const;

  // Outcomes of a chance node with positive probabilities summing to 1, in
  // ascending action order. Only valid when is_chance_node().
  virtual void chance_outcomes(ChanceOutcomeList& out) const = 0;
  ChanceOutcomeList chance_outcomes() const;
  // One outcome of a chance node, drawn with exactly the probabilities that
  // chance_outcomes() lists: for the same generator state, the outcome that
  // draw_chance_outcome(chance_outcomes(), rng) gives (below). Only valid when
  // is_chance_node(). What random playouts, rollouts and the gym call.
  //
  // The default lists the outcomes into a per-thread buffer (no allocation
  // after a thread's first calls) and draws from the list. Games override it
  // when they can draw without listing, e.g. a card uniform over the cards
  // left in a bitmask deck with draw_uniform_index. An override must return
  // the same outcome for the same generator state, not merely the same
  // distribution: then adding one changes no seeded run (gym episodes,
  // searches, the bench signature), and the conformance suite can check it
  // outcome by outcome at every chance node it visits.
  virtual Action sample_chance_outcome(Rng& rng) const;

  // Applies a legal action (or chance outcome) and appends it to history().
  // An illegal action throws KibitzError naming it and the legal choices,
  // and leaves the state unchanged.
  void apply_action(Action action) {
    if (!is_legal(action)) [[unlikely]] throw_illegal_action(action);
    apply_legal_action(action);
  }
  // apply_action for a move the caller drew from this very state: an entry
  // of legal_actions() or sample_chance_outcome()'s outcome. Random
  // playouts, rollouts and samplers apply their own draws this way, without
  // paying is_legal for a move that cannot be illegal (a debug build still
  // checks). Anything that comes from outside the engine (a person, a
  // protocol message, a file, an agent's answer) goes through apply_action.
  void apply_legal_action(Action action) {
    KIBITZ_DCHECK(is_legal(action), "apply_legal_action given illegal action ", action);
    KIBITZ_DCHECK(history_.size() < history_.capacity(), "history exceeds max_game_length");
    do_apply_action(action);
    history_.push_back(action);
  }

  const std::vector<Action>& history() const { return history_; }
  // The number of moves so far, chance included.
  int move_number() const { return static_cast<int>(history_.size()); }

  // Per-seat returns so far: the final outcome in a terminal state.
  // out.size() must be num_players().
  virtual void returns(std::span<double> out) const = 0;
  std::vector<double> returns() const;
  // How many of the episode's games are over, where an episode is several
  // games whose payments returns() already holds as they are made: a tea
  // game in Tea Game, a round in Loyalist Spies. Search can stop a rollout
  // when this changes (rollout_stop=game) instead of playing the whole
  // episode. The default, 0, suits a game of one game: its only boundary is
  // the terminal.
  virtual int games_finished() const { return 0; }
  // Reward each seat received from the last transition. The default suits
  // games that pay only at the end: the returns when terminal, else zeros.
  virtual void rewards(std::span<double> out) const;
  std::vector<double> rewards() const;

  // What seat `seat` has observed so far, oldest first (env/core/
  // observation.h): the one source of what the seat knows. Clears and fills
  // `out`. Contract, checked by the conformance suite: streams only grow,
  // every move adds at least one observation to every seat's stream, and
  // two states give a seat the same stream iff it cannot tell them apart.
  // `seat` may also be kSpectator: what an onlooker sees (public_stream).
  //
  // A game that keeps an observation log (Game::observation_log_capacity()
  // > 0) appends every observation there as its moves make them, and the
  // default reads the stream off the log; SeatFeed (env/core/seat_feed.h)
  // then extends a seat's stream by what is new alone. A game without a log
  // overrides this and writes the stream itself.
  virtual void seat_stream(Player seat, SeatStream& out) const;
  SeatStream seat_stream(Player seat) const;
  // The log every seat's stream is read from; empty (capacity 0) for a game
  // that keeps none. A state that stopped logging (below) refuses: its log
  // misses what the moves since made, and a truncated stream read as a
  // whole one would tell a seat less than it knows.
  const ObservationLog& observation_log() const {
    if (!logging_) [[unlikely]] refuse_unlogged_read("its observation log");
    return log_;
  }
  bool keeps_observation_log() const { return log_.capacity() > 0; }

  // A quiet state: from now on its moves write nothing to the observation
  // log, for the rest of this state's life. For a playout whose streams
  // nobody reads (a search's random rollout, a benchmark's random games),
  // where writing the log is most of a move's cost. Everything that reads
  // the log (seat_stream, public_stream, SeatFeed::update, the information
  // state a game builds from the log, resample_from_infostate, the world
  // samplers) then throws KibitzError saying the state stopped logging,
  // rather than give an incomplete stream. The rules, legal actions,
  // history and returns are the logging state's exactly (the conformance
  // suite checks it for every game). Copies (clone, clone_into) are quiet
  // too; a state rebuilt from its start in place (a sampler's reset, which
  // empties the log) logs again, so a quiet world handed to a sampler comes
  // back logging. Serialization writes the history, so a quiet state
  // serializes as a logging one would and reads back as a logging one.
  // A game that keeps no log writes its streams itself, whole, and has
  // nothing to stop: the call leaves it as it is.
  void stop_logging() {
    if (keeps_observation_log()) logging_ = false;
  }
  // False once stop_logging() was called, until the log is rebuilt.
  bool logging() const { return logging_; }

  // What an onlooker at the table sees: every public event, and every
  // private one only as the seats it does not concern see it (a card dealt
  // to P1 shows as "P1 is dealt a card"), plus what the rules reveal to all
  // (a showdown). A game writes it as seat_stream(kSpectator, out). Contract,
  // checked by the conformance suite: it only grows, every move adds at
  // least one observation, and it is a function of every seat's stream: any
  // world drawn from any seat's stream gives the same public stream. It is
  // what spectators of a live table are shown, and no more.
  void public_stream(SeatStream& out) const { seat_stream(kSpectator, out); }
  SeatStream public_stream() const { return seat_stream(kSpectator); }

  // What seat `player` knows: everything it has seen, in order (perfect
  // recall), as text and as a fixed-size tensor. Both are functions of
  // seat_stream(player): the default string renders the stream one
  // observation per line; a game may write its own (more compact) rendering
  // of the stream, and the conformance suite proves that both the string and
  // the tensor of every world drawn from the stream equal the true state's.
  // The string form writes into `out` (cleared first), so a caller that
  // keeps one buffer allocates nothing once it is large enough.
  virtual void information_state_string(Player player, std::string& out) const;
  std::string information_state_string(Player player) const;
  virtual void information_state_tensor(Player player, std::span<float> out) const = 0;
  std::vector<float> information_state_tensor(Player player) const;
  // What seat `player` sees now (no memory of the past beyond what is public
  // on the table).
  virtual std::string observation_string(Player player) const = 0;
  virtual void observation_tensor(Player player, std::span<float> out) const = 0;
  std::vector<float> observation_tensor(Player player) const;

  // Human-readable action text as `player` would say it; chance outcomes use
  // kChancePlayer. An action number the game does not have is a KibitzError
  // naming it. string_to_action is the inverse over the legal actions,
  // ignoring case, spaces at either end and repeated spaces, and also
  // accepts the action's number and whatever read_action_text reads; it
  // throws KibitzError listing the legal choices (and the game's reason, if
  // it gives one) when the text matches none.
  virtual std::string action_to_string(Player player, Action action) const = 0;
  Action string_to_action(Player player, std::string_view text) const;

  // Everything, hidden cards included: for debugging and --reveal views.
  virtual std::string to_string() const = 0;

  // A full copy. clone() allocates the new object; clone_into copies into an
  // existing state of the same game and allocates nothing.
  virtual std::unique_ptr<State> clone() const = 0;
  virtual void clone_into(State& destination) const = 0;

  // Writes into `out` a state drawn from the states that `player` cannot tell
  // apart from this one, using nothing but seat_stream(player): a thin call
  // of the game's world sampler (Game::new_world_sampler). Its history
  // replays legally from the initial state. Different calls cover different
  // hidden worlds. `out` must be a state of the same game. Games may
  // override it only to reuse buffers; it must still read the stream alone
  // (the conformance suite gives two states with one stream the same seed
  // and expects the same world).
  virtual void resample_from_infostate(Player player, Rng& rng, State& out) const;
  std::unique_ptr<State> resample_from_infostate(Player player, Rng& rng) const;

 protected:
  // Reserves max_game_length() like the main constructor, so a clone's
  // apply_action never reallocates the history.
  State(const State& other);
  // Copies the history without reallocating when capacity suffices, and
  // skips the shared_ptr refcount traffic when the game is the same.
  State& operator=(const State& other);

  // The game-specific transition; `action` is already known to be legal.
  virtual void do_apply_action(Action action) = 0;

  // string_to_action's last resort, for a text (trimmed, repeated spaces
  // made one, case as typed) that is no legal action's text or number: a
  // game may read another spelling of a legal action and return it (cards
  // in another order, an older name), or put in `reason` why the move the
  // text names is not possible now. kInvalidAction when it reads nothing,
  // which the default always does.
  virtual Action read_action_text(Player player, std::string_view text, std::string& reason) const;

  // For resampling: the history of a state being rebuilt in place.
  std::vector<Action>& mutable_history() { return history_; }

  // What a move makes the seats in `audience` observe (env/core/
  // observation_log.h). Games that keep a log call it from do_apply_action,
  // in the order the seats learn things. Nothing is written once the state
  // stopped logging; a game whose dispatch into the log costs more than the
  // entry itself returns early on !logging() instead.
  void log_observation(Audience audience, const Observation& observation) {
    if (logging_) log_.push(audience, observation);
  }
  // The same, built in place: appends an observation of `kind` and returns
  // it for the game to add() its values to. Cheaper on a hot path than
  // building one and copying it in. A quiet state returns a per-thread
  // scratch observation instead, so the game's add()s land harmlessly.
  Observation& log_observation(Audience audience, int kind) {
    if (!logging_) return unlogged_observation(kind);
    return log_.push(audience, kind);
  }
  // For resampling, when a state is rebuilt in place from its start: empties
  // the log and logs again (a quiet state handed to a sampler comes back a
  // logging one). The game resets whatever else its log writer keeps.
  void restart_observation_log();

 private:
  std::shared_ptr<const Game> game_;
  // A quiet state's in-place log_observation: a scratch entry of `kind`.
  static Observation& unlogged_observation(int kind);
  // Throws the KibitzError every read of a quiet state's log gives.
  [[noreturn]] void refuse_unlogged_read(const char* what) const;
  // apply_action's refusal, kept out of line so that the legal path stays
  // a check and a call: the KibitzError naming the action and the choices.
  [[noreturn, gnu::cold]] void throw_illegal_action(Action action) const;

  std::vector<Action> history_;
  ObservationLog log_;
  int num_players_;
  bool logging_ = true;  // false after stop_logging(): the log is incomplete
};

// Supplies clone/clone_into from Derived's copy assignment (CRTP), so a game
// writes no copying code and cannot forget a field.
template <typename Derived>
class GameState : public State {
 public:
  using State::State;

  std::unique_ptr<State> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }

  void clone_into(State& destination) const override {
    // typeid equality is a pointer compare in the common case: cheaper than
    // dynamic_cast on this hot path.
    KIBITZ_CHECK(typeid(destination) == typeid(Derived), "clone_into a state of another game");
    static_cast<Derived&>(destination) = static_cast<const Derived&>(*this);
  }
};

// Equality for tests: same game spec, same history, same full description.
bool states_equal(const State& a, const State& b);

// The reference chance draw, which every State::sample_chance_outcome
// reproduces: one rng.uniform_double() u, from which the probabilities are
// subtracted in the listed order; the outcome that takes u below zero is
// drawn (the last one when rounding leaves a sliver past the total). One
// generator step per draw. `outcomes` must not be empty.
Action draw_chance_outcome(std::span<const ChanceOutcome> outcomes, Rng& rng);

namespace internal {
// uniform_index_from_bits's exact path for the draws near a boundary: the
// subtraction walk itself, on u = bits * 2^-53.
int walk_uniform_index(std::uint64_t bits, int count);
}  // namespace internal

// The index that draw_chance_outcome picks from `count` > 0 outcomes of
// probability 1.0 / count each, given the 53 bits (bits < 2^53) that make its
// u = bits * 2^-53. Usually floor(u * count); the walk itself decides the
// rare draws near a boundary between two outcomes, where its rounding may
// differ from exact arithmetic.
inline int uniform_index_from_bits(std::uint64_t bits, int count) {
  // In integers, u * count is the exact product bits * count (< 2^63), with
  // the index above bit 53 and the fraction below: no floating-point latency
  // on the hot path. After k steps the walk is within 2k * 2^-53 of
  // u - k / count (rounding of 1.0 / count included), so it picks
  // floor(u * count) unless u * count lies within 2 * count^2 * 2^-53 of an
  // integer: under kMargin * 2^-53 for up to kFastPathLimit outcomes.
  constexpr int kFastPathLimit = 1024;
  constexpr std::uint64_t kMargin = std::uint64_t{1} << 24;
  constexpr std::uint64_t kOne = std::uint64_t{1} << 53;
  const std::uint64_t product = bits * static_cast<std::uint64_t>(count);
  const std::uint64_t fraction = product & (kOne - 1);
  if (count <= kFastPathLimit && fraction > kMargin && fraction < kOne - kMargin) [[likely]] {
    return static_cast<int>(product >> 53);
  }
  return internal::walk_uniform_index(bits, count);
}

// What draw_chance_outcome would pick from `count` > 0 equally likely
// outcomes, found without listing them: for games whose chance node is
// uniform over a set they can index (a bitmask deck). One generator step,
// the same bits Rng::uniform_double turns into u.
inline int draw_uniform_index(int count, Rng& rng) {
  return uniform_index_from_bits(rng.next() >> 11, count);
}

}  // namespace kibitz
