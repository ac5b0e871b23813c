// Env: one game as a reinforcement-learning environment (the gym layer of
// DESIGN.md). reset(seed) and step(action) return a TimeStep for the seat to
// act; chance nodes never reach the caller: the Env samples them with its own
// seeded generator.
//
// Randomness (STYLE 8): reset(seed) starts episode 0 of the stream `seed`;
// reset() starts the next episode of the same stream. Episode k draws its
// chance outcomes from episode_rng(seed, k) through sample_chance_outcome, so
// anyone can replay an episode from (seed, k) and the agent actions.
//
// Buffers and lifetime: an Env writes every time step into one set of buffers
// (its own, or rows of a VectorEnv's batch via EnvBuffers) and never allocates
// per step. A TimeStep holds spans into those buffers: it stays valid until
// the next reset or step of the same Env (which overwrite them in place) or
// the Env's destruction. Copy the floats out to keep them longer.
//
// Tensors: for a game that folds a SeatKnowledge (Game::new_seat_knowledge),
// the information-state tensor comes from one tensor-only SeatFeed per seat
// (env/core/seat_feed.h), which folds only the observations new since that
// seat last acted and restarts in place at each reset, so a step's cost does
// not grow with the game's length; it equals State::information_state_tensor
// bit for bit (the gym tests check every step of every spec). The
// observation tensor, and the information state of a game without a fold,
// are read from the State.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz::gym {

// Which per-seat tensor an Env encodes for the seat to act.
enum class ObservationType {
  kInformationState,  // State::information_state_tensor: perfect recall (the default)
  kObservation,       // State::observation_tensor: what the seat sees now
};

// Construction options of an Env (and of every Env in a VectorEnv).
struct EnvOptions {
  ObservationType observation = ObservationType::kInformationState;
  // Decisions (step calls) after which an unfinished episode is truncated;
  // 0 means no limit (every game ends within max_game_length anyway).
  int max_steps = 0;
};

// Where an Env writes its time steps: spans of the sizes that Env reports
// (observation_size, num_actions, num_players for the other two). The owner
// keeps them alive and in place for the Env's lifetime.
struct EnvBuffers {
  std::span<float> observation;
  std::span<float> legal_mask;
  std::span<float> rewards;
  std::span<float> episode_returns;
};

// What the seat to act sees after a reset or step. The spans point into the
// Env's buffers (see the lifetime note at the top of this file).
struct TimeStep {
  // The seat to act, or kTerminalPlayer once the episode has terminated.
  Player player = kTerminalPlayer;
  // The seat's tensor (ObservationType); all zeros when terminated.
  std::span<const float> observation;
  // num_distinct_actions floats, 1 where the action is legal; all zeros when
  // terminated.
  std::span<const float> legal_mask;
  // Per seat: State::rewards after this transition, summed over the chance
  // steps sampled after it (after reset: over the opening chance steps).
  std::span<const float> rewards;
  // True on the time step that reset returns.
  bool first = false;
  // The game reached a terminal state.
  bool terminated = false;
  // The episode hit EnvOptions::max_steps before ending; the player,
  // observation and mask above are those of the seat that would act next.
  bool truncated = false;
  // State::returns when the episode ended (terminated or truncated), empty
  // otherwise. Equals the rewards summed over the episode.
  std::span<const float> episode_returns;

  bool done() const { return terminated || truncated; }
};

// The chance stream of episode `episode` of seed `seed`.
Rng episode_rng(std::uint64_t seed, std::uint64_t episode);

// An outcome drawn with its probability from one uniform double u in [0, 1):
// when every outcome has the same probability, the one at index floor(u * n);
// otherwise by walking the cumulative sum, where rounding that leaves u past
// the total falls to the last outcome. The Env's only way of sampling chance.
Action sample_chance_outcome(std::span<const ChanceOutcome> outcomes, Rng& rng);

// One game as an environment; see the top of this file.
class Env {
 public:
  // An Env writing into buffers of its own.
  explicit Env(std::shared_ptr<const Game> game, EnvOptions options = {});
  // An Env writing into the caller's buffers (which must have the sizes
  // above and outlive the Env): how VectorEnv points each Env at its rows.
  Env(std::shared_ptr<const Game> game, EnvOptions options, EnvBuffers buffers);
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;

  // Starts episode 0 of the chance stream `seed`.
  TimeStep reset(std::uint64_t seed);
  // Starts the next episode of the current stream; needs an earlier
  // reset(seed).
  TimeStep reset();
  // Applies the seat's action, then samples chance until a seat must act or
  // the game ends. An illegal action, a step before any reset or after the
  // episode ended throws KibitzError and changes nothing.
  TimeStep step(Action action);
  // The last time step again (same spans).
  TimeStep time_step() const;

  const Game& game() const { return *game_; }
  // The underlying state, for inspection (replays, tests, debugging).
  const State& state() const { return *state_; }
  const EnvOptions& options() const { return options_; }
  int observation_size() const { return observation_size_; }
  int num_actions() const { return num_actions_; }
  int num_players() const { return num_players_; }

  // The stream seed of the last reset(seed) and the current episode index.
  std::uint64_t seed() const { return seed_; }
  std::uint64_t episode() const { return episode_; }
  // Decisions taken in the current episode.
  int episode_step() const { return episode_step_; }
  // True before the first reset and once an episode has ended.
  bool needs_reset() const { return !started_ || done_; }

 private:
  // Both public constructors: writes into `buffers`, or into its own when
  // there are none.
  Env(std::shared_ptr<const Game> game, EnvOptions options, std::optional<EnvBuffers> buffers);
  void allocate_own_buffers();
  TimeStep start_episode();
  // Samples chance until a seat acts or the game ends, adding the rewards of
  // every chance transition.
  void advance_chance();
  void add_rewards();
  // Writes player, observation, mask, rewards, returns and the flags.
  void write_outputs();
  // The tensor of the seat to act into out_.observation.
  void write_observation();

  std::shared_ptr<const Game> game_;
  EnvOptions options_;
  int observation_size_;
  int num_actions_;
  int num_players_;

  std::unique_ptr<State> state_;
  std::unique_ptr<State> initial_;
  Rng chance_rng_;
  std::uint64_t seed_ = 0;
  std::uint64_t episode_ = 0;
  int episode_step_ = 0;
  bool started_ = false;
  bool first_ = false;
  bool done_ = false;
  bool terminated_ = false;
  bool truncated_ = false;
  Player player_ = kTerminalPlayer;

  // One tensor-only feed per seat when the Env encodes information states
  // and the game folds knowledge; empty otherwise (the State encodes).
  std::vector<SeatFeed> feeds_;

  // Scratch reused every step, sized once.
  ActionList actions_;
  ChanceOutcomeList outcomes_;
  std::vector<double> transition_rewards_;
  std::vector<double> step_rewards_;

  std::vector<float> own_storage_;  // empty when writing into EnvBuffers
  EnvBuffers out_;
};

}  // namespace kibitz::gym
