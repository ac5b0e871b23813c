// Game: the immutable rules and parameters of one game variant; a factory of
// States. Built by the registry from a spec string ("leduc_poker(players=2)").
// A Game is shared (std::shared_ptr<const Game>) by all its States.
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/observation.h"
#include "env/core/params.h"
#include "env/core/seat_knowledge.h"
#include "env/core/types.h"

namespace kibitz {

class State;
class StreamSpec;
class WorldSampler;

class Game : public std::enable_shared_from_this<Game> {
 public:
  Game(std::string name, Params params);
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  // Registered short name, e.g. "leduc_poker".
  const std::string& name() const { return name_; }
  const Params& params() const { return params_; }
  // Canonical spec with every parameter: loading it gives an equal game.
  std::string spec() const { return params_.to_spec(name_); }

  virtual int num_players() const = 0;
  // Size of the player action space.
  virtual int num_distinct_actions() const = 0;
  // Size of the chance outcome space (0 if the game has no chance).
  virtual int max_chance_outcomes() const = 0;
  // Upper bound on history().size() of any state, chance actions included.
  virtual int max_game_length() const = 0;
  // Upper bound on the entries of any state's observation log (env/core/
  // observation_log.h), derived from the parameters; 0 for a game that
  // keeps no log and writes its seat streams itself.
  virtual int observation_log_capacity() const { return 0; }

  virtual RewardModel reward_model() const = 0;
  // Bounds on any seat's return in any terminal state.
  virtual double min_return() const = 0;
  virtual double max_return() const = 0;
  // Sum of returns for kConstantSum games (0 for zero-sum).
  virtual double constant_sum_value() const { return 0.0; }

  // Shapes of the fixed-size float tensors; the flat size is the product.
  virtual std::vector<int> information_state_tensor_shape() const = 0;
  virtual std::vector<int> observation_tensor_shape() const = 0;
  // Flat sizes, computed once (the shapes are fixed for a game) so tensor
  // writers on the hot path can check their buffers without allocating.
  int information_state_tensor_size() const;
  int observation_tensor_size() const;

  virtual std::unique_ptr<State> new_initial_state() const = 0;

  // The observation kinds of this game's seat streams (env/core/
  // stream_spec.h): how each observation reads as text and as JSON.
  virtual const StreamSpec& stream_spec() const = 0;
  // A sampler of worlds for `seat` given everything it observed (env/core/
  // world_sampler.h). The default is the generic ReplayWorldSampler; games
  // whose search needs speed return their own. Throws KibitzError when the
  // stream cannot be read as this game's (a fast sampler may check more).
  virtual std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const;
  // An empty fold of what `seat` knows (env/core/seat_knowledge.h), to be
  // fed the seat's stream observation by observation; null for a game that
  // renders its information state from the whole stream each time.
  virtual std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const { return nullptr; }

  // Replays a history from the initial state, validating every action; throws
  // KibitzError naming the first illegal action and its position.
  std::unique_ptr<State> state_from_history(std::span<const Action> history) const;

  std::shared_ptr<const Game> shared() const { return shared_from_this(); }

 private:
  std::string name_;
  Params params_;
  // -1 until first asked; computing twice in a race writes the same value.
  mutable std::atomic<int> information_state_tensor_size_{-1};
  mutable std::atomic<int> observation_tensor_size_{-1};
};

}  // namespace kibitz
