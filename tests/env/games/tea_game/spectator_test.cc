// The Tea Game's public stream (State::public_stream, seat kSpectator): a
// delay shows to an onlooker as to the other seats ("P0 knows whether they
// are delayed"), a hidden delay that loses is public once evident, and over
// random episodes the public stream is every seat's stream with that seat's
// own delay told as the others hear it, and any world drawn from any seat's
// stream gives the same public stream.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "env/core/rng.h"
#include "env/core/stream_spec.h"
#include "env/games/tea_game/stream.h"
#include "tests/env/games/tea_game/script.h"
#include "tests/support/public_stream_allocation.h"
#include "tests/support/public_stream_walk.h"

namespace kibitz::tea_game::testing {
namespace {

constexpr const char* kThree = "tea_game(players=3,days=1,delay_prob=0.5)";

// Seat `seat`'s stream as the others hear it: its own delay becomes
// other_delay(seat). This is what the public stream must be, for any seat.
SeatStream as_others_hear(const SeatStream& stream, Player seat) {
  SeatStream out;
  for (const Observation& o : stream) {
    const Obs kind = obs_kind(o);
    out.push_back(kind == Obs::kOwnDelayed || kind == Obs::kOwnOnTime ? make_obs(Obs::kOtherDelay).add(seat) : o);
  }
  return out;
}

std::string text(const Game& game, const SeatStream& stream) {
  std::string s;
  for (const Observation& o : stream) s += game.stream_spec().to_text(o) + "\n";
  return s;
}

bool has(const Game& game, const SeatStream& stream, const std::string& line) {
  return text(game, stream).find(line + "\n") != std::string::npos;
}

TEST(TeaSpectator, SeesADelayAsTheOtherSeatsDo) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("2C 5C 6C");  // game 1: P0 loses and is exempt
  s.delays("100");     // game 2: P0 is delayed
  const Game& game = s.state().game();
  const SeatStream pub = s.state().public_stream();
  EXPECT_TRUE(has(game, pub, "P0 knows whether they are delayed")) << text(game, pub);
  EXPECT_FALSE(has(game, pub, "you are delayed")) << text(game, pub);
  EXPECT_FALSE(has(game, pub, "you are on time")) << text(game, pub);
  EXPECT_EQ(pub, as_others_hear(s.state().seat_stream(1), 1));
  EXPECT_EQ(pub, as_others_hear(s.state().seat_stream(0), 0));
}

TEST(TeaSpectator, AHiddenDelayIsPublicOnlyOnceEvident) {
  // P0 delayed and hiding it, or on time and saying so: the same to everyone
  // but P0 until P0 loses with it.
  Script hid(kThree);
  Script honest(kThree);
  for (Script* s : {&hid, &honest}) {
    s->quiet_start("111");
    s->draw("2C 5C 6C");  // game 1: P0 loses and is exempt
    s->delays(s == &hid ? "100" : "000");
    s->act(0, "play");
    s->act(0, s == &hid ? "hide" : "on time");
    s->act(1, "on time");
    s->act(2, "on time");
    s->order("111");
  }
  EXPECT_EQ(hid.state().public_stream(), honest.state().public_stream());
  EXPECT_NE(hid.state().seat_stream(0), honest.state().seat_stream(0));
  hid.draw("3C 8C 9C");  // P0 loses again: the hidden delay is evident
  const Game& game = hid.state().game();
  const SeatStream pub = hid.state().public_stream();
  EXPECT_TRUE(has(game, pub, "P0 hid a delay: no exemption")) << text(game, pub);
  EXPECT_EQ(pub, as_others_hear(hid.state().seat_stream(2), 2));
}

// kSpectator is let through the seat check (the core seat_stream's, which
// reads the log); other non-seats still are not.
TEST(TeaSpectatorDeathTest, OtherNonSeatsAreStillRefused) {
  Script s(kThree);
  EXPECT_DEATH(s.state().seat_stream(-2), "seat_stream of seat -2");
  EXPECT_DEATH(s.state().seat_stream(3), "seat_stream of seat 3");
}

// Random episodes: the public stream grows by at least one valid observation
// a move, is every seat's stream as the others hear it, and worlds drawn from
// any seat's stream (now and then) give the same public stream.
TEST(TeaSpectator, IsAFunctionOfEverySeatsStreamOverRandomEpisodes) {
  const auto every_seat_as_others_hear = [](const State& state, const SeatStream& pub, std::size_t) {
    for (Player p = 0; p < state.num_players(); ++p) {
      ASSERT_EQ(pub, as_others_hear(state.seat_stream(p), p))
          << state.game().spec() << " move " << state.history().size() << " seat " << p;
    }
  };
  for (const char* spec : {kThree, "tea_game(players=5,days=2,delay_prob=0.3)"}) {
    testing_support::walk_public_streams(spec, {.games = 6, .seed = 2026, .world_every = 7, .worlds_per_seat = 1},
                                         every_seat_as_others_hear);
  }
}

// Like every seat's, the public stream refills a reused buffer without
// allocating.
TEST(TeaSpectator, PublicStreamIsAllocationFree) {
  testing_support::expect_public_stream_allocation_free("tea_game(players=5,days=2,delay_prob=0.3)", 5);
}

}  // namespace
}  // namespace kibitz::tea_game::testing
