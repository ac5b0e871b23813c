// Kuhn poker's seat streams at the end of a hand, written as scripted hands:
// a showdown shows every card still in to every seat, a fold shows nothing,
// the information state leaves the showdown out, and the fast sampler reads
// a showdown typed by hand (as `kibitz seat` sends it), refusing one no
// hand produces; the spectator sees every deal face down and the showdown.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/games/kuhn_poker/kuhn_poker.h"
#include "tests/support/error_of.h"

namespace kibitz::kuhn_poker {
namespace {

// Plays moves written as people read them: "deal Q", "pass", "bet".
std::unique_ptr<State> hand(std::string_view spec, const std::vector<std::string>& moves) {
  auto s = load_game(spec)->new_initial_state();
  for (const std::string& move : moves) {
    s->apply_action(s->string_to_action(s->current_player(), move));
  }
  return s;
}

// A seat's stream as text, one observation a line.
std::string stream_text(const State& state, Player seat) {
  std::string out;
  for (const Observation& o : state.seat_stream(seat)) {
    out += state.game().stream_spec().to_text(o) + "\n";
  }
  return out;
}

SeatStream typed(const Game& game, const std::vector<std::string>& lines) {
  SeatStream stream;
  for (const std::string& line : lines) stream.push_back(game.stream_spec().from_text(line));
  return stream;
}

TEST(KuhnStreamTest, AShowdownShowsTheCardsStillInToEverySeat) {
  // pass, bet, bet: seat 0 calls; both cards are shown after the call.
  const auto s = hand("kuhn_poker", {"deal K", "deal Q", "pass", "bet", "bet"});
  EXPECT_EQ(stream_text(*s, 0),
            "dealt K\nP1 is dealt a card\nP0 passes\nP1 bets\nP0 bets\nP0 shows K\nP1 shows Q\n");
  EXPECT_EQ(stream_text(*s, 1),
            "P0 is dealt a card\ndealt Q\nP0 passes\nP1 bets\nP0 bets\nP0 shows K\nP1 shows Q\n");
  // The information state leaves it out: it keeps the one format policy
  // files are keyed by.
  EXPECT_EQ(s->information_state_string(0), "seat 0 card K betting pbb");
  EXPECT_EQ(s->information_state_string(1), "seat 1 card Q betting pbb");
  // Three players: seat 0 bets, seat 1 folds, seat 2 calls. Seats 0 and 2
  // show; seat 1's card stays hidden from the others.
  const auto t =
      hand("kuhn_poker(players=3)", {"deal A", "deal J", "deal K", "bet", "pass", "bet"});
  EXPECT_EQ(stream_text(*t, 2),
            "P0 is dealt a card\nP1 is dealt a card\ndealt K\nP0 bets\nP1 passes\nP2 bets\n"
            "P0 shows A\nP2 shows K\n");
  EXPECT_EQ(t->seat_stream(0).size(), 8u);
  const StreamSpec& spec = t->game().stream_spec();
  EXPECT_EQ(spec.to_json(t->seat_stream(1).back()), R"({"kind":"show","seat":2,"card":"K"})");
}

TEST(KuhnStreamTest, AFoldShowsNothing) {
  const auto s = hand("kuhn_poker", {"deal K", "deal J", "pass", "bet", "pass"});
  EXPECT_EQ(stream_text(*s, 1), "P0 is dealt a card\ndealt J\nP0 passes\nP1 bets\nP0 passes\n");
  // Three players, both others fold to seat 0's bet.
  const auto t =
      hand("kuhn_poker(players=3)", {"deal J", "deal A", "deal Q", "bet", "pass", "pass"});
  EXPECT_EQ(t->seat_stream(1).size(), 6u);
}

TEST(KuhnStreamTest, WorldsAtAShowdownHoldTheShownCards) {
  // Seat 0 of three at a table: it holds the Q, seat 1 bet, seat 2 folded,
  // seat 0 called; seat 1 showed the K. Seat 2's card is the J or the A.
  const auto game = load_game("kuhn_poker(players=3)");
  const SeatStream stream =
      typed(*game, {"dealt Q", "P1 is dealt a card", "P2 is dealt a card", "P0 passes", "P1 bets",
                    "P2 passes", "P0 bets", "P0 shows Q", "P1 shows K"});
  const auto sampler = game->new_world_sampler(0, stream);
  Rng rng(3);
  auto world = game->new_initial_state();
  int aces = 0;
  for (int i = 0; i < 200; ++i) {
    sampler->sample(rng, *world);
    ASSERT_EQ(world->seat_stream(0), stream);
    const auto& kuhn = static_cast<const KuhnState&>(*world);
    EXPECT_EQ(kuhn.card(1), 2);  // K
    aces += kuhn.card(2) == 3 ? 1 : 0;
  }
  EXPECT_GT(aces, 60);
  EXPECT_LT(aces, 140);
  EXPECT_EQ(world->returns(), (std::vector<double>{-2, 3, -1}));
}

TEST(KuhnStreamTest, TheSpectatorSeesEveryDealFaceDownAndTheShowdown) {
  // The public stream (what an onlooker sees): each deal as the seats it
  // does not concern see it, then the betting and the showdown as every
  // seat sees them.
  const auto s = hand("kuhn_poker", {"deal K", "deal Q", "pass", "bet", "bet"});
  EXPECT_EQ(stream_text(*s, kSpectator),
            "P0 is dealt a card\nP1 is dealt a card\nP0 passes\nP1 bets\nP0 bets\nP0 shows K\n"
            "P1 shows Q\n");
  const SeatStream spectator = s->public_stream();
  EXPECT_EQ(spectator, s->seat_stream(kSpectator));
  EXPECT_EQ(spectator[0], s->seat_stream(1)[0]);  // P0's deal, as seat 1 saw it
  EXPECT_EQ(spectator[1], s->seat_stream(0)[1]);  // P1's deal, as seat 0 saw it
  // Before the showdown it names no card: other deals look the same.
  const auto before = hand("kuhn_poker", {"deal K", "deal Q", "pass", "bet"});
  const auto other = hand("kuhn_poker", {"deal J", "deal Q", "pass", "bet"});
  EXPECT_EQ(before->public_stream(), other->public_stream());
  EXPECT_EQ(before->public_stream().size(), 4u);
  // Three players, seat 1 folds: only the cards still in are shown.
  const auto t =
      hand("kuhn_poker(players=3)", {"deal A", "deal J", "deal K", "bet", "pass", "bet"});
  EXPECT_EQ(stream_text(*t, kSpectator),
            "P0 is dealt a card\nP1 is dealt a card\nP2 is dealt a card\nP0 bets\nP1 passes\n"
            "P2 bets\nP0 shows A\nP2 shows K\n");
  // A fold shows nothing to the spectator either.
  const auto fold = hand("kuhn_poker", {"deal K", "deal J", "pass", "bet", "pass"});
  EXPECT_EQ(stream_text(*fold, kSpectator),
            "P0 is dealt a card\nP1 is dealt a card\nP0 passes\nP1 bets\nP0 passes\n");
  // No other negative player is a viewer (a bug in the caller: it aborts).
  EXPECT_DEATH(s->seat_stream(-2), "seat_stream of seat -2");
}

std::string refusal(std::string_view spec, Player seat, const std::vector<std::string>& lines) {
  const auto game = load_game(spec);
  return error_of([&] { game->new_world_sampler(seat, typed(*game, lines)); });
}

TEST(KuhnStreamTest, ShowdownsNoHandProducesAreRefused) {
  const std::vector<std::string> called = {"dealt K", "P1 is dealt a card", "P0 passes", "P1 bets",
                                           "P0 bets"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> lines = called;
    lines.insert(lines.end(), more.begin(), more.end());
    return refusal("kuhn_poker", 0, lines);
  };
  EXPECT_EQ(with({"P0 shows K", "P1 shows J"}), "");
  // The showdown is part of the call's move: a stream cannot stop before it.
  EXPECT_EQ(with({}),
            "kuhn_poker: seat P0's stream stops before the showdown ends: the last bet's move goes "
            "on with 'P0 shows K', 'P1 shows ...' (each seat still in shows its card, in seat "
            "order)");
  EXPECT_NE(with({"P0 shows K"}).find("goes on with 'P1 shows ...'"), std::string::npos);
  EXPECT_EQ(with({"P0 shows Q", "P1 shows J"}),
            "kuhn_poker: observation 'P0 shows Q' cannot come now in seat P0's stream: that is not "
            "your card");
  EXPECT_NE(with({"P0 shows K", "P1 shows K"}).find("P0 showed that card"), std::string::npos);
  EXPECT_NE(with({"P1 shows J", "P0 shows K"}).find("now in seat P0's stream: P0 shows next"),
            std::string::npos);
  EXPECT_NE(with({"P0 shows K", "P1 shows J", "P1 shows Q"}).find("twice"), std::string::npos);
  EXPECT_NE(with({"P0 shows K", "P1 shows J", "P0 passes"}).find("after the showdown"),
            std::string::npos);
  // A fold shows nothing; nor does a hand still being bet.
  EXPECT_NE(refusal("kuhn_poker", 1,
                    {"P0 is dealt a card", "dealt J", "P0 bets", "P1 passes", "P1 shows J"})
                .find("the hand ended by folds, so nobody shows"),
            std::string::npos);
  EXPECT_NE(refusal("kuhn_poker", 1, {"P0 is dealt a card", "dealt J", "P0 passes", "P1 shows J"})
                .find("cards are shown only when the betting is over"),
            std::string::npos);
  EXPECT_NE(refusal("kuhn_poker", 1, {"P0 is dealt a card", "P1 shows J"})
                .find("before every seat has its card"),
            std::string::npos);
  // Three players: seat 1 folded, so only seats 0 and 2 show.
  EXPECT_NE(refusal("kuhn_poker(players=3)", 0,
                    {"dealt A", "P1 is dealt a card", "P2 is dealt a card", "P0 bets", "P1 passes",
                     "P2 bets", "P0 shows A", "P1 shows J", "P2 shows K"})
                .find("'P1 shows J' cannot come now in seat P0's stream: P2 shows next"),
            std::string::npos);
}

}  // namespace
}  // namespace kibitz::kuhn_poker
