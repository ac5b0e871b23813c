// Tea Game worlds drawn from a seat's stream alone (sampler.h): what the
// stream discloses about others' delays holds in every world, what it does
// not is drawn from the prior, and a stream no game gives is refused.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/tea_game/tea_state.h"
#include "tests/env/games/tea_game/script.h"

namespace kibitz::tea_game::testing {
namespace {

// Draws `count` worlds from seat `seat`'s stream in `s` and counts, per
// other seat, the worlds where that seat is delayed in the current game.
std::array<int, kMaxPlayers> delayed_counts(Script& s, Player seat, int count) {
  const Game& game = s.state().game();
  const SeatStream stream = s.state().seat_stream(seat);
  const std::unique_ptr<WorldSampler> sampler = game.new_world_sampler(seat, stream);
  const std::unique_ptr<State> world = game.new_initial_state();
  std::array<int, kMaxPlayers> delayed{};
  Rng rng(77);
  for (int i = 0; i < count; ++i) {
    sampler->sample(rng, *world);
    EXPECT_EQ(world->seat_stream(seat), stream) << "world " << i;
    const Table& t = static_cast<const TeaState&>(*world).table();
    for (int p = 0; p < game.num_players(); ++p) delayed[static_cast<std::size_t>(p)] += t.seat(p).delayed ? 1 : 0;
  }
  return delayed;
}

TEST(TeaSampler, UndisclosedDelaysFollowThePrior) {
  Script s("tea_game(players=4,days=1,delay_prob=0.3)");
  s.delays("0110");  // P1 and P2 delayed; P0 sees only that they drew
  const int n = 4000;
  const auto delayed = delayed_counts(s, 0, n);
  EXPECT_EQ(delayed[0], 0);  // P0's own delay is known: on time
  // The others: delayed with probability 0.3 in the worlds, whatever the
  // truth (4 standard deviations: 0.3 +- 0.029).
  for (int p = 1; p < 4; ++p) EXPECT_NEAR(delayed[static_cast<std::size_t>(p)] / double(n), 0.3, 0.029) << "P" << p;
}

TEST(TeaSampler, AnAnnouncedDelayAndAQuietLoserAreFacts) {
  Script s("tea_game(players=4,days=1,delay_prob=0.3)");
  s.delays("0100");
  s.act(0, "on time");
  s.act(1, "announce");  // P1's delay is now public
  s.act(2, "on time");
  s.act(3, "on time");
  for (int p : {0, 2, 3}) s.act(p, "stay");
  // Before the verdict: P1 delayed in every world, P2 and P3 unknown.
  const int n = 2000;
  const auto before = delayed_counts(s, 0, n);
  EXPECT_EQ(before[1], n);
  EXPECT_GT(before[2], 0);
  EXPECT_GT(before[3], 0);
  s.order("1111");
  s.draw("KC QD 2D 7D");  // P2 said nothing, loses, forfeits nothing: on time
  ASSERT_EQ(s.table().last_loser(), 2);
  ASSERT_FALSE(s.saw(0, "P2 hid a delay: no exemption"));
  // The next game's delays are drawn afresh; look at the finished game's
  // facts through a world's history instead: a world replays game 1 with
  // P2 on time, so its first delay chance for P2 is 'not delayed'.
  const Game& game = s.state().game();
  const SeatStream stream = s.state().seat_stream(0);
  const std::unique_ptr<WorldSampler> sampler = game.new_world_sampler(0, stream);
  const std::unique_ptr<State> world = game.new_initial_state();
  Rng rng(5);
  for (int i = 0; i < 500; ++i) {
    sampler->sample(rng, *world);
    const std::vector<Action> history = world->history();
    // The first four moves are the delays of P0..P3, in seat order.
    ASSERT_GE(history.size(), 4u);
    EXPECT_EQ(history[1], kDelayed) << "world " << i;
    EXPECT_EQ(history[2], kNotDelayed) << "world " << i;
  }
}

TEST(TeaSampler, RefusesAStreamNoGameGives) {
  Script s("tea_game(players=3,days=1,delay_prob=0.5)");
  s.quiet_start("111");
  s.draw("4C");  // P0's card
  const SeatStream stream = s.state().seat_stream(0);
  // The stream up to P0's draw, then a draw out of turn: P2 cannot draw
  // before P1.
  const Game& game = s.state().game();
  SeatStream bad;
  for (const Observation& o : stream) {
    bad.push_back(o);
    if (game.stream_spec().to_text(o).rfind("P0 draws", 0) == 0) break;
  }
  bad.push_back(game.stream_spec().from_text("P2 draws 5C"));
  EXPECT_THROW(game.new_world_sampler(0, bad), KibitzError);
}

}  // namespace
}  // namespace kibitz::tea_game::testing
