// Leduc poker's reads of a seat's stream allocate nothing once their buffers
// are warm: the information-state string into a reused string (issue 16:
// strings made from streams must not allocate for the small games) and a
// world drawn by the game's sampler, the path SeatView::sample_world takes
// in search. tests/conformance/allocation_test.cc covers the tensors and
// resample_from_infostate for every game.
//
// This executable links kibitz_counting_allocator, which counts every heap
// allocation of the process.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::leduc_poker {
namespace {

constexpr int kWarmupGames = 5;
constexpr int kMeasuredGames = 200;

TEST(LeducAllocationTest, StreamReadsAllocateNothingAfterWarmUp) {
  const auto game = load_game("leduc_poker");
  std::string buffer;
  auto world = game->new_initial_state();
  ActionList actions;
  actions.reserve(8);
  std::int64_t string_allocations = 0;
  std::int64_t sampler_allocations = 0;
  std::int64_t calls = 0;
  for (int g = 0; g < kWarmupGames + kMeasuredGames; ++g) {
    const bool measured = g >= kWarmupGames;
    Rng rng = Rng(17).child("game", static_cast<std::uint64_t>(g));
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      for (Player seat = 0; seat < 2; ++seat) {
        // The sampler is built outside the count: search builds one per decision.
        const auto sampler = game->new_world_sampler(seat, state->seat_stream(seat));
        const std::int64_t before = testing_support::allocation_count();
        state->information_state_string(seat, buffer);
        const std::int64_t after_string = testing_support::allocation_count();
        sampler->sample(rng, *world);
        const std::int64_t after_sample = testing_support::allocation_count();
        if (measured) {
          string_allocations += after_string - before;
          sampler_allocations += after_sample - after_string;
          ++calls;
        }
        ASSERT_EQ(world->information_state_string(seat), state->information_state_string(seat));
      }
      if (state->is_chance_node()) {
        state->apply_action(state->sample_chance_outcome(rng));
      } else {
        state->legal_actions(actions);
        state->apply_action(actions[rng.uniform_int(actions.size())]);
      }
    }
  }
  EXPECT_GT(calls, 1000);
  EXPECT_EQ(string_allocations, 0)
      << "information_state_string(seat, buffer) allocated in " << calls << " calls";
  EXPECT_EQ(sampler_allocations, 0)
      << "LeducWorldSampler::sample allocated in " << calls << " calls";
}

}  // namespace
}  // namespace kibitz::leduc_poker
