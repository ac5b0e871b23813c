// That the public stream, like every seat's, refills a reused buffer
// without allocating: one random game of `spec`, then its public stream
// read twice into the same buffer. Shared by the games' spectator tests;
// the including target links tests/support's counting allocator.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::testing_support {

inline void expect_public_stream_allocation_free(const std::string& spec, std::uint64_t seed) {
  const std::shared_ptr<const Game> game = load_game(spec);
  std::unique_ptr<State> state = game->new_initial_state();
  Rng rng(seed);
  while (!state->is_terminal()) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
    } else {
      const ActionList legal = state->legal_actions();
      state->apply_action(legal[rng.uniform_int(legal.size())]);
    }
  }
  SeatStream buffer;
  state->public_stream(buffer);
  ASSERT_FALSE(buffer.empty()) << spec;
  const std::int64_t before = allocation_count();
  state->public_stream(buffer);
  EXPECT_EQ(allocation_count() - before, 0) << spec;
}

}  // namespace kibitz::testing_support
