// What an onlooker sees (State::public_stream, seat_stream(kSpectator)): a
// truth, a blind bid and a stolen card as the seats they do not concern see
// them, the bids once revealed; scripted pairs of games that differ only in
// a private fact give the spectator equal streams. Random games: the public
// stream only grows, every move adds to it, it never holds a kind only one
// seat sees, and worlds drawn from any seat's stream give it unchanged.
#include <gtest/gtest.h>

#include "env/core/rng.h"
#include "env/games/adulting/stream.h"
#include "tests/env/games/adulting/script.h"
#include "tests/support/public_stream_walk.h"

namespace kibitz::adulting::testing {
namespace {

constexpr const char* kBidding = "adulting(players=4,variant=bidding)";

// `seat`'s observations (kSpectator: the public ones) from `from` on, as text.
std::string tail(const Script& s, int seat, std::size_t from) {
  const std::string all = s.stream(seat);
  std::size_t at = 0;
  for (std::size_t line = 0; line < from && at < all.size(); ++line) at = all.find('\n', at) + 1;
  return all.substr(at);
}
std::size_t length(const Script& s, int seat) { return s.state().seat_stream(seat).size(); }

TEST(Spectator, SeesATruthAsTheOtherSeatsDo) {
  auto play = [](const char* p2_truth) {
    Script s(kBidding);
    s.top("H1").draw("H1").top("H2");
    s.chance("truth child").chance(std::string("truth ") + p2_truth);  // P1, P2
    return s;
  };
  const Script adult = play("adult");
  const Script child = play("child");
  EXPECT_EQ(adult.stream(kSpectator), child.stream(kSpectator));
  EXPECT_TRUE(contains(adult.stream(kSpectator), "P1 gets a truth\nP2 gets a truth\n"));
  EXPECT_FALSE(contains(adult.stream(kSpectator), "your truth"));
  // Up to here seat 3 has seen nothing of its own: its stream is the public one.
  EXPECT_EQ(adult.stream(kSpectator), adult.stream(3));
}

TEST(Spectator, SeesABlindBidCommittedThenRevealed) {
  auto play = [](const char* p1_bid) {
    Script s(kBidding);
    s.top("H1").draw("H1").top("H2").truths();
    s.act(1, "claim adult").act(2, "vote up").act(3, "vote up").act(0, "vote up");
    s.act(2, "claim adult").act(1, "vote up").act(3, "vote up").act(0, "vote up");
    s.act(3, "claim child").act(0, "claim child");
    return s;
  };
  Script one = play("1");
  Script two = play("2");
  const std::size_t public_mark = length(one, kSpectator);
  const std::size_t p0_mark = length(one, 0);
  one.act(1, "bid 1");
  two.act(1, "bid 2");
  EXPECT_EQ(one.stream(kSpectator), two.stream(kSpectator));
  EXPECT_EQ(tail(one, kSpectator, public_mark), "P1 commits a bid\n");
  EXPECT_EQ(tail(one, kSpectator, public_mark), tail(one, 0, p0_mark)) << "as P0, who did not bid, sees it";
  EXPECT_EQ(tail(one, 1, length(one, 1) - 1), "you bid 1\n");
  one.act(2, "bid 0");
  two.act(2, "bid 0");  // the reveal: the rules show both bids to all
  EXPECT_NE(one.stream(kSpectator), two.stream(kSpectator));
  EXPECT_TRUE(contains(one.stream(kSpectator), "P1 bid 1\nP2 bid 0\n"));
  EXPECT_TRUE(contains(two.stream(kSpectator), "P1 bid 2\nP2 bid 0\n"));
}

TEST(Spectator, SeesATheftButNotTheStolenCard) {
  auto play = [](const char* stolen) {
    Script s(kBidding);
    s.top("Steal").draw("Steal").top("H1").give(1);  // P1 takes Steal
    s.act(1, "pass").draw("H1").top("C1").give(2);   // P2 takes H1
    s.act(2, "pass").act(1, "pass").draw("C1").top("D1").give(2);  // and C1
    s.act(1, "discard Steal").act(1, "target P2");
    return s;
  };
  Script h1 = play("H1");
  Script c1 = play("C1");
  const std::size_t public_mark = length(h1, kSpectator);
  const std::size_t p3_mark = length(h1, 3);
  h1.chance("steal H1");
  c1.chance("steal C1");
  EXPECT_EQ(h1.stream(kSpectator), c1.stream(kSpectator));
  EXPECT_EQ(tail(h1, kSpectator, public_mark), tail(h1, 3, p3_mark)) << "as P3, a bystander, sees it";
  EXPECT_TRUE(contains(tail(h1, kSpectator, public_mark), "P1 takes a card from P2\n"));
  EXPECT_TRUE(contains(h1.stream(1), "P1 takes H1 from P2\n"));
  EXPECT_FALSE(contains(h1.stream(kSpectator), "takes H1 from"));
}

// kSpectator is the one seat number outside the table that seat_stream
// takes; any other is a bug in the caller.
TEST(SpectatorDeathTest, IsTheOnlyViewerBesidesTheSeats) {
  const Script s(kBidding);
  EXPECT_NO_THROW(s.state().public_stream());
  EXPECT_DEATH(s.state().seat_stream(-2), "seat_stream of seat -2");
  EXPECT_DEATH(s.state().seat_stream(4), "seat_stream of seat 4");
}

// The kinds only the seats a fact concerns receive: never in the public stream.
bool private_kind(Obs kind) {
  switch (kind) {
    case Obs::kHandSeen:
    case Obs::kTakes:
    case Obs::kTruthAdult:
    case Obs::kTruthChild:
    case Obs::kYouBid:
    case Obs::kRulingRight:
    case Obs::kRulingWrong:
    case Obs::kMeasured:
    case Obs::kYouTakeExtra:
    case Obs::kSeesExtra: return true;
    default: return false;
  }
}

TEST(Spectator, RandomGamesGrowTheStreamAndKeepPrivateFactsOut) {
  const auto keeps_private_facts_out =
      testing_support::keeps_out_of_public_stream([](const Observation& o) { return private_kind(obs_kind(o)); });
  for (const char* spec : {kBidding, "adulting(players=5)", "adulting(players=3,variant=bidding,scoring=dealer)"}) {
    testing_support::walk_public_streams(spec, {.games = 6, .seed = 23, .world_every = 23, .worlds_per_seat = 3},
                                         keeps_private_facts_out);
  }
}

}  // namespace
}  // namespace kibitz::adulting::testing
