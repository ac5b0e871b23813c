// Liar's Dice's seat streams on scripted games: who hears a roll, the
// challenge's reveal and result, the spectator's view, the information
// state rendered from the stream, and the fast sampler (its worlds keep what
// the seat saw, the hidden dice are uniform, a stream no game produces is
// refused with the observation named).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"
#include "env/games/liars_dice/liars_dice.h"
#include "tests/env/games/liars_dice/script.h"
#include "tests/support/error_of.h"

namespace kibitz::liars_dice {
namespace {

using testing::play;
using testing::stream_text;

const std::vector<std::string> kChallenged = {"roll 6", "roll 3", "roll 3", "roll 1", "bid 3 3s", "liar"};

TEST(LiarsDiceStream, EachSeatHearsItsOwnDiceAndTheRestFaceDown) {
  const auto s = play("liars_dice(dice=2)", kChallenged);
  const std::string end = "P0 bids 3 3s\nP1 calls liar\nP0 shows 6 3\nP1 shows 3 1\n3 matching dice, P1 loses\n";
  EXPECT_EQ(stream_text(*s, 0), "rolled 6\nrolled 3\nP1 rolled a die\nP1 rolled a die\n" + end);
  EXPECT_EQ(stream_text(*s, 1), "P0 rolled a die\nP0 rolled a die\nrolled 3\nrolled 1\n" + end);
  EXPECT_EQ(stream_text(*s, kSpectator),
            "P0 rolled a die\nP0 rolled a die\nP1 rolled a die\nP1 rolled a die\n" + end);
  const StreamSpec& spec = s->game().stream_spec();
  const SeatStream seat0 = s->seat_stream(0);
  EXPECT_EQ(spec.to_json(seat0[0]), R"({"kind":"rolled","face":"6"})");
  EXPECT_EQ(spec.to_json(seat0[4]), R"({"kind":"bid","seat":0,"quantity":3,"face":"3"})");
  EXPECT_EQ(spec.to_json(seat0[6]), R"({"kind":"shows","seat":0,"dice":["6","3"]})");
  EXPECT_EQ(spec.to_json(seat0[8]), R"({"kind":"result","count":3,"seat":1})");
}

TEST(LiarsDiceStream, TheInformationStateIsTheSortedDiceAndTheBids) {
  const auto s = play("liars_dice(dice=2)", {"roll 6", "roll 3", "roll 3", "roll 1", "bid 2 2s", "bid 3 3s"});
  EXPECT_EQ(s->information_state_string(0), "seat 0 dice 3 6 bids 2-2 3-3");
  EXPECT_EQ(s->information_state_string(1), "seat 1 dice 1 3 bids 2-2 3-3");
  EXPECT_EQ(s->observation_string(0), "seat 0 dice 3 6 bid 3-3 by P1");
  // Seat 0: seat bit 0, dice 3 and 6 (slots 2+2 and 2+6+5), bids 2-2 (7)
  // and 3-3 (14) after the 14 dice slots.
  const std::vector<float> t = s->information_state_tensor(0);
  ASSERT_EQ(t.size(), 2u + 2 * 6 + 4 * 6 + 1);
  std::vector<int> ones;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != 0.0f) ones.push_back(static_cast<int>(i));
  }
  EXPECT_EQ(ones, (std::vector<int>{0, 4, 13, 14 + 7, 14 + 14}));
  // Before the dice are rolled: unknown dice as '?', no bids as '-'.
  const auto t0 = play("liars_dice(dice=2)", {"roll 4"});
  EXPECT_EQ(t0->information_state_string(0), "seat 0 dice 4 ? bids -");
  EXPECT_EQ(t0->information_state_string(1), "seat 1 dice ? ? bids -");
  // The order of the rolls is not kept: 3 then 6 reads as 6 then 3.
  const auto u = play("liars_dice(dice=2)", {"roll 3", "roll 6", "roll 3", "roll 1", "bid 2 2s", "bid 3 3s"});
  EXPECT_EQ(u->information_state_string(0), s->information_state_string(0));
  EXPECT_EQ(u->information_state_tensor(0), t);
}

TEST(LiarsDiceStream, WorldsKeepWhatTheSeatSawAndDrawTheRestUniformly) {
  // Seat 1 of three, one die each, sides 4, after two bids.
  const auto s = play("liars_dice(players=3,sides=4)", {"roll 1", "roll 2", "roll 4", "bid 2 1s", "bid 3 2s"});
  const SeatStream stream = s->seat_stream(1);
  const auto sampler = s->game().new_world_sampler(1, stream);
  Rng rng(7);
  // Chi-square over the 16 pairs of hidden dice (seats 0 and 2): uniform.
  std::array<int, 16> counts{};
  constexpr int kDraws = 16000;
  std::unique_ptr<State> world = s->game().new_initial_state();
  for (int k = 0; k < kDraws; ++k) {
    sampler->sample(rng, *world);
    ASSERT_EQ(world->seat_stream(1), stream);
    const auto& w = static_cast<const LiarsDiceState&>(*world);
    ASSERT_EQ(w.die(1, 0), 2) << "the seat's own die is kept";
    ++counts[static_cast<std::size_t>((w.die(0, 0) - 1) * 4 + (w.die(2, 0) - 1))];
  }
  double chi_square = 0;
  for (int c : counts) chi_square += (c - kDraws / 16.0) * (c - kDraws / 16.0) / (kDraws / 16.0);
  // 15 degrees of freedom: 37.7 is the 0.1% tail.
  EXPECT_LT(chi_square, 37.7);
  // The generic sampler agrees on what a world must keep.
  const ReplayWorldSampler generic(s->game_ptr(), 1, stream);
  generic.sample(rng, *world);
  EXPECT_EQ(world->seat_stream(1), stream);
  EXPECT_EQ(static_cast<const LiarsDiceState&>(*world).die(1, 0), 2);
}

TEST(LiarsDiceStream, AfterTheChallengeEveryWorldIsTheTrueOne) {
  const auto s = play("liars_dice(dice=2)", kChallenged);
  Rng rng(3);
  for (Player seat = 0; seat < 2; ++seat) {
    for (int k = 0; k < 5; ++k) {
      const auto world = s->resample_from_infostate(seat, rng);
      EXPECT_EQ(world->history(), s->history()) << "every die was shown";
    }
  }
}

// A stream typed by hand, as `kibitz seat` sends it.
SeatStream typed(const Game& game, const std::vector<std::string>& lines) {
  SeatStream stream;
  for (const std::string& line : lines) stream.push_back(game.stream_spec().from_text(line));
  return stream;
}

TEST(LiarsDiceStream, TheSamplerRefusesStreamsNoGameProduces) {
  const auto game = load_game("liars_dice");
  auto refusal = [&](const std::vector<std::string>& lines) {
    return error_of([&] { (void)game->new_world_sampler(0, typed(*game, lines)); });
  };
  EXPECT_EQ(refusal({"rolled 2", "P1 rolled a die", "P0 bids 1 3s", "P1 bids 2 2s"}), "");
  EXPECT_NE(refusal({"P1 rolled a die"}).find("'P1 rolled a die' cannot come now in seat P0's stream: this seat rolls now"),
            std::string::npos);
  EXPECT_NE(refusal({"rolled 2", "P1 rolled a die", "P0 bids 1 3s", "P1 bids 1 2s"}).find("higher than the last"),
            std::string::npos);
  EXPECT_NE(refusal({"rolled 2", "P1 rolled a die", "P1 bids 1 3s"}).find("another seat's turn"), std::string::npos);
  EXPECT_NE(refusal({"rolled 2", "P0 bids 1 3s"}).find("every die is rolled"), std::string::npos);
  EXPECT_NE(refusal({"rolled 2", "P1 rolled a die", "P0 calls liar"}).find("none was made"), std::string::npos);
  EXPECT_NE(refusal({"rolled 2", "P1 rolled a die", "P0 bids 1 3s", "P1 calls liar"}).find("stops inside"),
            std::string::npos);
  const std::vector<std::string> shown = {"rolled 2", "P1 rolled a die", "P0 bids 1 3s", "P1 calls liar"};
  auto with = [&](std::vector<std::string> tail) {
    std::vector<std::string> lines = shown;
    lines.insert(lines.end(), tail.begin(), tail.end());
    return lines;
  };
  EXPECT_EQ(refusal(with({"P0 shows 2", "P1 shows 3", "1 matching dice, P1 loses"})), "");
  EXPECT_NE(refusal(with({"P0 shows 5"})).find("not this seat's dice"), std::string::npos);
  EXPECT_NE(refusal(with({"P1 shows 3"})).find("seat order"), std::string::npos);
  EXPECT_NE(refusal(with({"P0 shows 2", "P1 shows 3", "1 matching dice, P0 loses"})).find("so P1 loses"),
            std::string::npos);
  EXPECT_NE(refusal(with({"P0 shows 2", "P1 shows 3", "2 matching dice, P1 loses"})).find("1 dice match"),
            std::string::npos);
}

}  // namespace
}  // namespace kibitz::liars_dice
