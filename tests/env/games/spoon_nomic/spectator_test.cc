// Spoon Nomic's public stream (State::public_stream, seat kSpectator): a
// dealt card shows to an onlooker as the Dealer's Report line the other
// seats get (its back), the hands are public once shown at the end, and over
// random games the public stream is every seat's stream with its own cards
// told by their backs, and any world drawn from any seat's stream gives the
// same public stream.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "env/cards/card.h"
#include "env/core/rng.h"
#include "env/core/stream_spec.h"
#include "env/games/spoon_nomic/stream.h"
#include "tests/env/games/spoon_nomic/script.h"
#include "tests/support/public_stream_allocation.h"
#include "tests/support/public_stream_walk.h"

namespace kibitz::spoon_nomic {
namespace {

using testing::Script;

// Seat `seat`'s stream as the others hear it: each card dealt to it becomes
// the Dealer's Report line for its back. What the public stream must be.
SeatStream as_others_hear(const SeatStream& stream) {
  SeatStream out;
  for (const Observation& o : stream) {
    if (obs_kind(o) != Obs::kDealtSeen) {
      out.push_back(o);
      continue;
    }
    out.push_back(make_obs(dealt_kind(cards::Card::from_id(o.value(1)).back())).add(o.value(0)));
  }
  return out;
}

std::string text(const Script& s, const SeatStream& stream) {
  std::string out;
  for (const Observation& o : stream) out += s.text(o) + "\n";
  return out;
}

// P0 dealt AD or KD (one back), P1 8D@blue, a rejected roll, P2 5S@blue.
Script dealt(int p0_face) {
  Script s("spoon_nomic(players=3,packs=2,nweeks=2)");
  s.quiet_nweek();
  s.roll({p0_face, 60, p0_face, 70});
  return s;
}

TEST(SpoonSpectator, SeesADealAsTheOtherSeatsDo) {
  Script a = dealt(1);
  Script b = dealt(13);
  const SeatStream pub = a.state().public_stream();
  const std::string t = text(a, pub);
  EXPECT_NE(t.find("P0 is dealt a red card\nP1 is dealt a blue card\nthe Dealer rolls again for P2\n"
                   "P2 is dealt a blue card\n"),
            std::string::npos)
      << t;
  EXPECT_EQ(t.find("AD"), std::string::npos) << t;
  EXPECT_EQ(t.find("8D"), std::string::npos) << t;
  EXPECT_EQ(pub, b.state().public_stream());  // P0's face is not public
  for (Player q = 0; q < 3; ++q) EXPECT_EQ(pub, as_others_hear(a.stream(q))) << q;
}

TEST(SpoonSpectator, SeesTheHandsShownAtTheEnd) {
  Script s = dealt(1);
  s.propose({0, 0, 0});
  s.vote({"no", "no", "no"});
  ASSERT_TRUE(s.state().is_terminal());
  const std::string t = text(s, s.state().public_stream());
  EXPECT_NE(t.find("P0 shows AD\nP1 shows 8D@blue\nP2 shows 5S@blue\n"), std::string::npos) << t;
  EXPECT_EQ(s.state().public_stream(), as_others_hear(s.stream(1)));
}

// kSpectator is let through the seat check (the core seat_stream's, which
// reads the log); other non-seats still are not.
TEST(SpoonSpectatorDeathTest, OtherNonSeatsAreStillRefused) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=2)");
  EXPECT_DEATH(s.state().seat_stream(-2), "seat_stream of seat -2");
  EXPECT_DEATH(s.state().seat_stream(3), "seat_stream of seat 3");
}

// Random games: the public stream grows by at least one valid observation a
// move, is every seat's stream as the others hear it, and worlds drawn from
// any seat's stream (now and then) give the same public stream.
TEST(SpoonSpectator, IsAFunctionOfEverySeatsStreamOverRandomGames) {
  const auto every_seat_as_others_hear = [](const State& state, const SeatStream& pub, std::size_t) {
    for (Player p = 0; p < state.num_players(); ++p) {
      ASSERT_EQ(pub, as_others_hear(state.seat_stream(p)))
          << state.game().spec() << " move " << state.history().size() << " seat " << p;
    }
  };
  for (const char* spec : {"spoon_nomic(players=3,packs=1,nweeks=6)", "spoon_nomic(players=5,packs=2,nweeks=8)"}) {
    testing_support::walk_public_streams(spec, {.games = 6, .seed = 2026, .world_every = 5, .worlds_per_seat = 1},
                                         every_seat_as_others_hear);
  }
}

// Like every seat's, the public stream refills a reused buffer without
// allocating.
TEST(SpoonSpectator, PublicStreamIsAllocationFree) {
  testing_support::expect_public_stream_allocation_free("spoon_nomic(players=5,packs=2,nweeks=8)", 5);
}

}  // namespace
}  // namespace kibitz::spoon_nomic
