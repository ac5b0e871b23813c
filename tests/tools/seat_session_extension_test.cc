// SeatSession fed batch by batch (issue 31): its sampler is extended by each
// batch (WorldSampler::extended) and undo goes back to a kept sampler or
// extends an older one, so after any run of observe and undo the session's
// sampler draws the worlds a sampler built fresh on its stream draws, and
// what next_observations offers, read off the log, is what the session
// accepts. Played on two games long enough to go back past the kept
// samplers, seat by seat, from a referee's true state.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "tools/engine/next_observations.h"
#include "tools/engine/seat_session.h"

namespace kibitz::tools {
namespace {

constexpr std::uint64_t kSeed = 0x73657373;  // "sess"

Action random_move(const State& state, Rng& rng) {
  if (state.is_chance_node()) return state.sample_chance_outcome(rng);
  const ActionList legal = state.legal_actions();
  return legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))];
}

// The session's sampler and one built fresh on its stream draw the same
// worlds from the same generator state.
void expect_fresh_worlds(const SeatSession& session, const std::string& where) {
  const auto fresh = session.game().new_world_sampler(session.seat(), session.stream());
  Rng a(kSeed);
  Rng b(kSeed);
  for (int d = 0; d < 2; ++d) {
    const auto mine = session.sampler().sample(a);
    const auto theirs = fresh->sample(b);
    ASSERT_TRUE(states_equal(*mine, *theirs)) << where << ", draw " << d;
    ASSERT_EQ(mine->seat_stream(session.seat()), session.stream()) << where;
  }
  ASSERT_EQ(session.some_world().seat_stream(session.seat()), session.stream()) << where;
}

class SeatSessionExtensionTest : public ::testing::TestWithParam<const char*> {};

TEST_P(SeatSessionExtensionTest, ObserveAndUndoKeepTheWorldsOfAFreshSampler) {
  const auto game = load_game(GetParam());
  const auto agent = make_agent("random", game, 1);
  const Player seat = 1;
  SeatSession session(game, seat, *agent, 5);
  Rng rng(kSeed);
  auto truth = game->new_initial_state();
  SeatFeed feed(seat);
  feed.update(*truth);
  std::vector<std::size_t> sizes;  // the stream's size after each batch
  while (!truth->is_terminal() && sizes.size() < 24) {
    truth->apply_action(random_move(*truth, rng));
    const std::span<const Observation> more = feed.update(*truth);
    session.observe(more);
    sizes.push_back(session.stream().size());
    ASSERT_EQ(session.stream(), feed.stream());
  }
  ASSERT_GT(sizes.size(), 12u) << GetParam() << " ends too soon for this test";
  expect_fresh_worlds(session, "after every batch");
  // Back one batch (a kept sampler), then past the kept ones (an older one
  // extended), then forward again, then a part of a batch.
  const std::size_t initial = session.initial_size();
  for (const std::size_t target : {sizes[sizes.size() - 2], sizes[1], initial, sizes[3] - 1}) {
    if (target < session.stream().size()) {
      session.undo(session.stream().size() - target);
    } else {
      session.observe(std::span<const Observation>(feed.stream()).subspan(session.stream().size(),
                                                                          target - session.stream().size()));
    }
    ASSERT_EQ(session.stream(), SeatStream(feed.stream().begin(), feed.stream().begin() +
                                                                      static_cast<std::ptrdiff_t>(target)));
    expect_fresh_worlds(session, "at " + std::to_string(target) + " observations");
    if (HasFatalFailure()) return;
  }
}

TEST_P(SeatSessionExtensionTest, EveryNextObservationOfferedIsAccepted) {
  const auto game = load_game(GetParam());
  const auto agent = make_agent("random", game, 1);
  const Player seat = 0;
  SeatSession session(game, seat, *agent, 9);
  Rng rng(kSeed + 1);
  auto truth = game->new_initial_state();
  SeatFeed feed(seat);
  feed.update(*truth);
  for (int move = 0; move < 8 && !truth->is_terminal(); ++move) {
    const NextObservations next = next_observations(session, 4);
    ASSERT_GT(next.worlds_drawn, 0);
    // What one move can show the seat, each a batch the session takes
    // (and gives back); an offer of observations the seat does not hear
    // would be refused.
    for (const NextCandidate& candidate : next.candidates) {
      ASSERT_FALSE(candidate.observations.empty()) << candidate.text;
      session.observe(candidate.observations);
      session.undo(candidate.observations.size());
    }
    truth->apply_action(random_move(*truth, rng));
    session.observe(feed.update(*truth));
  }
}

INSTANTIATE_TEST_SUITE_P(LongGames, SeatSessionExtensionTest,
                         ::testing::Values("laws_and_disorder(players=3)", "loyalist_spies(rounds=1)"));

}  // namespace
}  // namespace kibitz::tools
