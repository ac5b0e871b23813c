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
// game's action space up front, so play never allocates. (Chance needs no
// buffer: State::sample_chance_outcome draws without one, or with its own.)
struct PlayoutBuffers {
  explicit PlayoutBuffers(const Game& game) {
    actions.reserve(static_cast<std::size_t>(game.num_distinct_actions()));
  }
  ActionList actions;
};

// A seat's random move: uniform among its legal actions.
inline Action random_seat_move(const State& state, Rng& rng, PlayoutBuffers& buffers) {
  state.legal_actions(buffers.actions);
  return buffers.actions[static_cast<std::size_t>(rng.uniform_int(buffers.actions.size()))];
}

// The next random move at a non-terminal state. Chance goes through
// State::sample_chance_outcome, which draws the outcome that the reference
// draw over chance_outcomes() gives (env/core/state.h), so games that
// sample directly keep their signatures.
inline Action random_move(const State& state, Rng& rng, PlayoutBuffers& buffers) {
  if (state.is_chance_node()) return state.sample_chance_outcome(rng);
  return random_seat_move(state, rng, buffers);
}

// Plays `state` to the end; returns the number of moves made. As a search's
// random rollout plays (agents/search/rollout_limit.h): the player asked
// once a move, and the drawn moves applied without a second legality check.
inline int play_to_end(State& state, Rng& rng, PlayoutBuffers& buffers) {
  int moves = 0;
  for (Player player = state.current_player(); player != kTerminalPlayer; player = state.current_player()) {
    state.apply_legal_action(player == kChancePlayer ? state.sample_chance_outcome(rng)
                                                     : random_seat_move(state, rng, buffers));
    ++moves;
  }
  return moves;
}

}  // namespace kibitz::bench
