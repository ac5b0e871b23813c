// Extending a world sampler by new observations (WorldSampler::extended,
// issue 31) over every registered game and test spec: along random games,
// for every seat, a sampler extended batch by batch (as `kibitz seat` and
// the engine extend theirs) holds the longer stream and draws, for the same
// generator state, exactly the worlds a sampler built fresh on that stream
// draws. That is the contract in env/core/world_sampler.h, which keeps
// seeded sessions the same whichever way their sampler was made; a game
// that extends its sampler without rebuilding it joins this suite unchanged.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"
#include "tests/conformance/game_cases.h"

namespace kibitz::conformance {
namespace {

constexpr int kGames = 2;
// Decisions of a seat whose worlds are compared per game (the first ones:
// samplers of long streams are slow for the generic replay sampler).
constexpr int kCheckedDecisions = 6;
constexpr int kDrawsPerCheck = 3;
constexpr std::uint64_t kSeed = 0x657874656e64;  // "extend"

class SamplerExtensionTest : public ::testing::TestWithParam<GameCase> {
 protected:
  void SetUp() override { game_ = load_game(GetParam().spec); }
  std::shared_ptr<const Game> game_;
};

// The next move of a random game: chance by its probabilities, a seat's
// move uniformly.
Action random_move(const State& state, Rng& rng) {
  if (state.is_chance_node()) return state.sample_chance_outcome(rng);
  const ActionList legal = state.legal_actions();
  return legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))];
}

TEST_P(SamplerExtensionTest, AnExtendedSamplerDrawsTheWorldsOfAFreshOne) {
  const Rng root(kSeed);
  for (Player seat = 0; seat < game_->num_players(); ++seat) {
    for (int g = 0; g < kGames; ++g) {
      Rng rng = root.child("game", static_cast<std::uint64_t>(g * game_->num_players() + seat));
      auto state = game_->new_initial_state();
      SeatFeed feed(seat);
      feed.update(*state);
      std::shared_ptr<const WorldSampler> extended = game_->new_world_sampler(seat, feed.stream());
      int checked = 0;
      while (!state->is_terminal() && checked < kCheckedDecisions) {
        state->apply_action(random_move(*state, rng));
        const std::span<const Observation> more = feed.update(*state);
        // Extended by every move's batch, so batches of one move's size and
        // chains of extensions are both exercised.
        extended = extended->extended(more);
        ASSERT_EQ(extended->stream(), feed.stream()) << "an extended sampler lost observations";
        ASSERT_EQ(extended->seat(), seat);
        if (state->current_player() != seat) continue;
        ++checked;
        const auto fresh = game_->new_world_sampler(seat, feed.stream());
        const Rng draws = root.child("draws", static_cast<std::uint64_t>(state->move_number()));
        Rng fresh_rng = draws;
        Rng extended_rng = draws;
        for (int d = 0; d < kDrawsPerCheck; ++d) {
          const auto a = fresh->sample(fresh_rng);
          const auto b = extended->sample(extended_rng);
          ASSERT_TRUE(states_equal(*a, *b))
              << "seat " << seat << " at move " << state->move_number() << " of game " << g << ", draw " << d
              << ": the extended sampler drew another world than a fresh one\nfresh: " << a->to_string()
              << "\nextended: " << b->to_string();
          ASSERT_EQ(b->seat_stream(seat), feed.stream()) << "the extended sampler's world breaks the stream";
        }
      }
    }
  }
}

TEST_P(SamplerExtensionTest, ExtendingByNothingKeepsTheStream) {
  const auto sampler = game_->new_world_sampler(0, game_->new_initial_state()->seat_stream(0));
  const auto same = sampler->extended({});
  EXPECT_EQ(same->stream(), sampler->stream());
  Rng a(kSeed);
  Rng b(kSeed);
  EXPECT_TRUE(states_equal(*sampler->sample(a), *same->sample(b)));
}

INSTANTIATE_TEST_SUITE_P(AllGames, SamplerExtensionTest, ::testing::ValuesIn(game_cases()), game_case_name);

}  // namespace
}  // namespace kibitz::conformance
