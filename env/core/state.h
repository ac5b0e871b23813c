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

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "env/core/error.h"
#include "env/core/game.h"
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

  // Applies a legal action (or chance outcome) and appends it to history().
  // An illegal action throws KibitzError naming it and the legal choices,
  // and leaves the state unchanged.
  void apply_action(Action action);

  const std::vector<Action>& history() const { return history_; }
  // The number of moves so far, chance included.
  int move_number() const { return static_cast<int>(history_.size()); }

  // Per-seat returns so far: the final outcome in a terminal state.
  // out.size() must be num_players().
  virtual void returns(std::span<double> out) const = 0;
  std::vector<double> returns() const;
  // Reward each seat received from the last transition. The default suits
  // games that pay only at the end: the returns when terminal, else zeros.
  virtual void rewards(std::span<double> out) const;
  std::vector<double> rewards() const;

  // What seat `player` knows: everything it has seen, in order (perfect
  // recall). Two states give a seat the same string iff it cannot tell them
  // apart. The tensor encodes the same information with a fixed size.
  virtual std::string information_state_string(Player player) const = 0;
  virtual void information_state_tensor(Player player, std::span<float> out) const = 0;
  std::vector<float> information_state_tensor(Player player) const;
  // What seat `player` sees now (no memory of the past beyond what is public
  // on the table).
  virtual std::string observation_string(Player player) const = 0;
  virtual void observation_tensor(Player player, std::span<float> out) const = 0;
  std::vector<float> observation_tensor(Player player) const;

  // Human-readable action text as `player` would say it; chance outcomes use
  // kChancePlayer. string_to_action is the inverse over the legal actions and
  // also accepts the action's number; it throws KibitzError listing the
  // legal choices when the text matches none.
  virtual std::string action_to_string(Player player, Action action) const = 0;
  Action string_to_action(Player player, std::string_view text) const;

  // Everything, hidden cards included: for debugging and --reveal views.
  virtual std::string to_string() const = 0;

  // A full copy. clone() allocates the new object; clone_into copies into an
  // existing state of the same game and allocates nothing.
  virtual std::unique_ptr<State> clone() const = 0;
  virtual void clone_into(State& destination) const = 0;

  // Writes into `out` a state drawn from the states that `player` cannot tell
  // apart from this one (same information_state_string(player)); its history
  // replays legally from the initial state. Different calls cover different
  // hidden worlds. `out` must be a state of the same game.
  virtual void resample_from_infostate(Player player, Rng& rng, State& out) const = 0;
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

  // For resampling: the history of a state being rebuilt in place.
  std::vector<Action>& mutable_history() { return history_; }

 private:
  std::shared_ptr<const Game> game_;
  std::vector<Action> history_;
  int num_players_;
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

}  // namespace kibitz
