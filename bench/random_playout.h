// Random play shared by the benchmarks and the bench signature: chance is
// sampled by its probabilities and seats choose uniformly among the legal
// actions. Both programs must draw the same way, so the signature certifies
// exactly the games that the benchmark times.
#pragma once

#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz::bench {

// Caller-owned buffers, reused across moves and games. Reserved to the
// game's action and outcome spaces up front, so play never allocates.
struct PlayoutBuffers {
  explicit PlayoutBuffers(const Game& game) {
    actions.reserve(static_cast<std::size_t>(game.num_distinct_actions()));
    outcomes.reserve(static_cast<std::size_t>(game.max_chance_outcomes()));
  }
  ActionList actions;
  ChanceOutcomeList outcomes;
};

// An outcome drawn with its probability. Walking the cumulative sum avoids
// copying the probabilities into a weights array; if rounding leaves u past
// the total, the last outcome takes the sliver.
inline Action sample_chance_outcome(const ChanceOutcomeList& outcomes, Rng& rng) {
  double u = rng.uniform_double();
  for (const ChanceOutcome& outcome : outcomes) {
    u -= outcome.probability;
    if (u < 0) return outcome.action;
  }
  return outcomes.back().action;
}

// The next random move at a non-terminal state.
inline Action random_move(const State& state, Rng& rng, PlayoutBuffers& buffers) {
  if (state.is_chance_node()) {
    state.chance_outcomes(buffers.outcomes);
    return sample_chance_outcome(buffers.outcomes, rng);
  }
  state.legal_actions(buffers.actions);
  return buffers.actions[static_cast<std::size_t>(rng.uniform_int(buffers.actions.size()))];
}

// Plays `state` to the end; returns the number of moves made.
inline int play_to_end(State& state, Rng& rng, PlayoutBuffers& buffers) {
  int moves = 0;
  while (!state.is_terminal()) {
    state.apply_action(random_move(state, rng, buffers));
    ++moves;
  }
  return moves;
}

}  // namespace kibitz::bench
