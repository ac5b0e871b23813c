// SeatSession: one game as one seat knows it, for a seat whose table is
// elsewhere (the engine protocol, `kibitz seat`). It holds what the seat has
// been told (its stream), the worlds that stream allows (a WorldSampler built
// from it alone) and the agent that plays the seat. It never has a true
// state: every position it shows an agent is a world drawn from the stream.
//
// The stream only grows by observations some world still explains: a new
// batch is checked by extending the sampler by it (WorldSampler::extended,
// which a game can do without rereading the stream) and drawing a world
// from the extension; if none exists the batch is refused with the
// sampler's reason and the session is unchanged. The samplers of the last
// few batches are kept, so taking entries back reuses one of them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "agents/agent.h"
#include "env/core/game.h"
#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"

namespace kibitz::tools {

// What the agent decided, in the seat's words.
struct SeatDecision {
  Action action = kInvalidAction;
  std::string action_text;
  // The agent's policy over the legal actions, by action text (empty when
  // the agent reports none), and its value estimate when it has one.
  std::vector<std::pair<std::string, double>> policy;
  std::optional<double> value;
  // Its estimate of the seat's return after each action it has one for, by
  // action text (empty when it gives none).
  std::vector<std::pair<std::string, double>> action_values;
  // The policy's share of the chosen action, when there is a policy.
  std::optional<double> share() const;
};

class SeatSession {
 public:
  // A new game for `seat` of `game`: the stream starts as the initial
  // state's (what every seat knows before anything happens, usually
  // nothing) and `agent` hears new_game(seat). `agent` must outlive the
  // session; `seed` seeds the draws of worlds (never the agent's choices).
  SeatSession(std::shared_ptr<const Game> game, Player seat, Agent& agent, std::uint64_t seed);

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  Player seat() const { return seat_; }
  const SeatStream& stream() const { return sampler().stream(); }
  const WorldSampler& sampler() const { return *samplers_.back(); }

  // Appends `more` if a world explains the longer stream; otherwise throws
  // KibitzError with the reason (an observation that does not fit the
  // game's kinds, or the sampler's account of the first one nothing
  // explains) and changes nothing.
  void observe(std::span<const Observation> more);

  // Drops the last `count` observations (a person's mistyped entry): a
  // prefix of an explained stream is always explained. Throws KibitzError
  // when fewer than `count` were added since the game began.
  void undo(std::size_t count);
  // How many observations the game began with (they cannot be undone).
  std::size_t initial_size() const { return initial_size_; }

  // The seat is to act in every world the stream allows (the stream tells
  // the seat whose turn it is), and whether the game is over.
  bool to_act() const { return world_->current_player() == seat_; }
  bool over() const { return world_->is_terminal(); }
  // The legal actions' texts when to_act(), else empty.
  std::vector<std::string> legal_action_texts() const;

  // A world drawn from the stream (one the session keeps; a fresh one for
  // each observe). Callers may read it only as one of the possible worlds.
  const State& some_world() const { return *world_; }
  // A fresh world drawn from the stream with the session's generator.
  std::unique_ptr<State> draw_world();

  // Asks the agent for the seat's move under `budget` (zeros: the agent's
  // own) and returns it. Throws KibitzError when the seat is not to act,
  // naming who is (another seat, chance, or nobody: the game is over).
  SeatDecision act(const ActBudget& budget = {});

 private:
  std::string whose_turn() const;
  // Makes `sampler` (holding `stream()` or a prefix of it, then extended)
  // the session's, after samplers_[0, keep), with `world` drawn from it.
  void adopt(std::size_t keep, std::shared_ptr<const WorldSampler> sampler, std::unique_ptr<State> world);

  // How many batches' samplers undo can go back to without extending the
  // one before them; older ones are dropped, the initial one is kept.
  static constexpr std::size_t kKeptSamplers = 8;

  std::shared_ptr<const Game> game_;
  Player seat_;
  Agent& agent_;
  Rng rng_;
  std::size_t initial_size_ = 0;
  // The initial stream's sampler, then one per recent batch, each one's
  // stream a prefix of the next's; the last is the session's stream.
  std::vector<std::shared_ptr<const WorldSampler>> samplers_;
  std::unique_ptr<State> world_;
};

}  // namespace kibitz::tools
