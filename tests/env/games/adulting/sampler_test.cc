// Worlds drawn from a seat's stream (sampler.h): they give the seat its
// stream, draw what it did not see with the chances the generic
// ReplayWorldSampler draws them with, and respect what it learns later (a
// stolen card the thief then plays).
#include <gtest/gtest.h>

#include <cmath>

#include "env/core/world_sampler.h"
#include "env/games/adulting/sampler.h"
#include "env/games/adulting/stream.h"
#include "tests/env/games/adulting/script.h"

namespace kibitz::adulting::testing {
namespace {

constexpr const char* kBidding = "adulting(players=4,variant=bidding)";
constexpr int kWorlds = 600;

// Round 1: P1 and P2 claim adult and stand; P1 has committed a bid P2 has
// not seen. Truths: P1 adult, P2 child, P3 child, P0 adult.
Script hidden_bid() {
  Script s(kBidding);
  s.top("H1").draw("H1").top("H2");
  s.chance("truth adult").chance("truth child").chance("truth child").chance("truth adult");
  s.act(1, "claim adult").act(2, "vote up").act(3, "vote up").act(0, "vote up");
  s.act(2, "claim adult").act(1, "vote up").act(3, "vote up").act(0, "vote up");
  s.act(3, "claim child").act(0, "claim child");
  s.act(1, "bid 2");
  return s;
}

// How often, over worlds drawn for P2, P1's truth is adult and P1 bid b.
struct Tally {
  double adult = 0;
  std::array<double, 3> bids{};
};

Tally tally(const WorldSampler& sampler, std::uint64_t seed) {
  Rng rng(seed);
  Tally t;
  auto world = sampler.game().new_initial_state();
  for (int k = 0; k < kWorlds; ++k) {
    sampler.sample(rng, *world);
    const auto& w = static_cast<const AdultingState&>(*world);
    EXPECT_EQ(world->seat_stream(sampler.seat()), sampler.stream());
    t.adult += w.truth(1) ? 1.0 / kWorlds : 0.0;
    for (const Event& e : w.log().view()) {
      if (e.kind == EventKind::kCommit && e.seat == 1) t.bids[e.a] += 1.0 / kWorlds;
    }
  }
  return t;
}

TEST(Sampler, DrawsHiddenTruthsAndBidsAsTheGenericSamplerDoes) {
  const Script s = hidden_bid();
  const SeatStream stream = s.state().seat_stream(2);
  const auto game = s.state().game_ptr();
  const AdultingWorldSampler fast(game, 2, stream);
  const ReplayWorldSampler generic(game, 2, stream);
  const Tally a = tally(fast, 1);
  const Tally b = tally(generic, 2);
  // Truths by the card's chance (0.5); P1's bid uniform over 0..2 (P1 has 2).
  // Six hundred draws: a standard deviation of 0.02; allow 0.08.
  EXPECT_NEAR(a.adult, 0.5, 0.08);
  EXPECT_NEAR(b.adult, 0.5, 0.08);
  for (int bid = 0; bid < 3; ++bid) {
    EXPECT_NEAR(a.bids[bid], 1.0 / 3, 0.08) << "bid " << bid;
    EXPECT_NEAR(b.bids[bid], 1.0 / 3, 0.08) << "bid " << bid;
  }
}

TEST(Sampler, TheRevealFixesTheHiddenBid) {
  Script s = hidden_bid();
  s.act(2, "bid 1");  // the reveal: P1 bid 2
  const SeatStream stream = s.state().seat_stream(3);
  const AdultingWorldSampler fast(s.state().game_ptr(), 3, stream);
  const Tally t = tally(fast, 3);
  EXPECT_DOUBLE_EQ(std::round(t.bids[2] * kWorlds), kWorlds);
}

TEST(Sampler, AStolenCardPlayedLaterIsTheOneStolen) {
  Script s(kBidding);
  s.top("Steal").draw("Steal").top("H1").give(1);  // P1 takes Steal
  s.act(1, "pass").draw("H1").top("C1").give(2);   // P2 takes H1
  s.act(2, "pass").act(1, "pass").draw("C1").top("D1").give(2);  // and C1
  s.act(1, "discard Steal").act(1, "target P2").chance("steal C1");  // P3 does not see which
  s.act(2, "pass").draw("D1").top("D2").give(0);   // round 4 goes on
  s.act(0, "pass").act(1, "score C1 clubs");       // round 5: P1 plays the stolen card
  const SeatStream stream = s.state().seat_stream(3);
  const AdultingWorldSampler fast(s.state().game_ptr(), 3, stream);
  Rng rng(4);
  auto world = s.state().game().new_initial_state();
  for (int k = 0; k < 50; ++k) {
    fast.sample(rng, *world);
    const auto& w = static_cast<const AdultingState&>(*world);
    EXPECT_EQ(w.mantle(1), s.cards("C1"));
    EXPECT_EQ(w.hand(2), s.cards("H1"));
  }
}

TEST(Sampler, RefusesAStreamNoGameGives) {
  Script s = hidden_bid();
  SeatStream stream = s.state().seat_stream(2);
  stream.back() = Observation(static_cast<int>(Obs::kYouBid)).add(1);  // P2 never bid
  EXPECT_THROW(AdultingWorldSampler(s.state().game_ptr(), 2, stream), KibitzError);
}

}  // namespace
}  // namespace kibitz::adulting::testing
