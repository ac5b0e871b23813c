// What an onlooker sees (State::public_stream, seat_stream(kSpectator)):
// the deal, a theft and a card given as the seats they do not concern see
// them, never a card only some seats saw, even at two players, where every
// seat is party to a theft and the spectator alone gets the hidden version.
// Random games: the public stream only grows, every move adds to it, it never
// holds a kind only the seats concerned see, and worlds drawn from any seat's
// stream give it unchanged.
#include <gtest/gtest.h>

#include "env/core/rng.h"
#include "tests/env/games/laws_and_disorder/scripted_deal.h"
#include "tests/support/public_stream_walk.h"

namespace kibitz::laws_and_disorder::testing {
namespace {

constexpr const char* kSeats = "JUDGE BANKER THIEF SCIENTIST";

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// Two deals differing only in P0's hand: the spectator cannot tell them
// apart, and sees P0's draws as P3 does.
TEST(Spectator, SeesTheDealAsTheOtherSeatsDo) {
  auto dealt = [](const char* p0_hand) {
    Deal d;
    for (const std::string& name : words(kSeats)) d.chance("position " + name);
    const std::size_t public_mark = d.stream_size(kSpectator);
    const std::size_t p3_mark = d.stream_size(3);
    d.draw(p0_hand);
    EXPECT_EQ(d.stream_since(kSpectator, public_mark), d.stream_since(3, p3_mark)) << "as P3 sees P0's draws";
    d.draw("GAINS GAINS GAINS GAINS GAINS GAINS GAINS").draw("LOSES LOSES LOSES LOSES LOSES 1-CARD 1-CARD");
    d.draw("THIEF THIEF PRIEST PRIEST MERCHANT MERCHANT 1-MONIES");
    return d;
  };
  const Deal one = dealt("JUDGE GIVES 1-CARD 2-CARDS 2-CARDS 2-CARDS 2-CARDS");
  const Deal two = dealt("BANKER BANKER 1-CARD 2-CARDS LOSES 1-MONIES WHEN-ABILITY");
  const std::string seen = one.stream_since(kSpectator);
  EXPECT_EQ(seen, two.stream_since(kSpectator));
  EXPECT_NE(one.stream_since(0), two.stream_since(0));
  EXPECT_TRUE(has(seen, "P0 holds JUDGE\nP1 holds BANKER\nP2 holds THIEF\nP3 holds SCIENTIST\n")) << seen;
  EXPECT_TRUE(has(seen, "P0 draws a card\n")) << seen;
  EXPECT_FALSE(has(seen, "draws GAINS")) << seen;
  EXPECT_FALSE(has(seen, "draws THIEF")) << seen;
  EXPECT_TRUE(has(one.stream_since(3), "P3 draws THIEF\n"));
}

// P0 gives a card to P3 by a law P1 makes: the spectator sees the pick and
// the hand-over as P1 and P2 do, never the card.
TEST(Spectator, SeesAGivenCardHandedOverButNotWhichCard) {
  Deal d;
  d.deal(kSeats, {"WHEN-TURN-START 1-CARD 1-CARD LOSES LOSES LOSES LOSES",
                  "JUDGE GIVES 1-CARD GAINS GAINS GAINS GAINS",
                  "2-CARDS 2-CARDS 2-CARDS 2-CARDS LOSES LOSES 1-MONIES",
                  "THIEF THIEF PRIEST PRIEST MERCHANT MERCHANT 1-MONIES"});
  d.end_turn(0, "GAINS GAINS");
  const std::size_t public_mark = d.stream_size(kSpectator);
  const std::size_t p2_mark = d.stream_size(2);
  d.acts(1, "law JUDGE, GIVES, 1-CARD, end-law").act(0, "give WHEN-TURN-START").act(0, "to P3");
  const std::string seen = d.stream_since(kSpectator, public_mark);
  EXPECT_EQ(seen, d.stream_since(2, p2_mark)) << "as P2, a bystander, sees it";
  EXPECT_TRUE(has(seen, "P0 picks a card to give\n")) << seen;
  EXPECT_TRUE(has(seen, "P0 hands 1 cards to P3\n")) << seen;
  EXPECT_FALSE(has(d.stream_since(kSpectator), "WHEN-TURN-START")) << "the card was dealt to P0 and given to P3";
  EXPECT_TRUE(has(d.stream_since(3), "P0 hands WHEN-TURN-START to P3\n"));
}

// The thief sees the victim's hand and both see the card taken; the
// spectator sees the theft as P0 and P1 do.
TEST(Spectator, SeesATheftButNotTheHandOrTheCardTaken) {
  Deal d;
  d.deal(kSeats, {"GAINS GAINS GAINS GAINS GAINS GAINS GAINS", "GIVES GIVES GIVES GIVES 1-CARD 1-CARD 1-CARD",
                  "2-CARDS 2-CARDS LOSES LOSES 1-MONIES 1-MONIES 3-MONIES",
                  "JUDGE JUDGE BANKER BANKER PRIEST PRIEST MERCHANT"});
  d.end_turn(0).end_turn(1);
  const std::size_t public_mark = d.stream_size(kSpectator);
  const std::size_t p0_mark = d.stream_size(0);
  d.act(2, "ability thief P3").act(2, "take PRIEST");
  const std::string seen = d.stream_since(kSpectator, public_mark);
  EXPECT_EQ(seen, d.stream_since(0, p0_mark)) << "as P0, a bystander, sees it";
  EXPECT_EQ(seen, "P2 uses the thief on P3\nP2 takes a card from P3\n");
  EXPECT_TRUE(has(d.stream_since(2), "P3 shows")) << "the thief saw the hand";
  EXPECT_TRUE(has(d.stream_since(3), "P2 takes PRIEST from P3\n"));
}

// At two players both seats are party to a theft: the spectator alone gets
// the hidden version, which no seat's stream holds.
TEST(Spectator, SeesATheftBetweenTheOnlyTwoSeatsHidden) {
  Deal d("laws_and_disorder(players=2)");
  d.deal("THIEF BANKER", {"BANKER LOSES 2-CARDS WHEN-LAW-MADE BANKER LOSES 2-CARDS",
                          "THIEF GIVES BANKER 2-MONIES WHEN-ABILITY GAINS GAINS"});
  const std::size_t public_mark = d.stream_size(kSpectator);
  d.act(0, "ability thief P1").act(0, "take GIVES");
  EXPECT_EQ(d.stream_since(kSpectator, public_mark), "P0 uses the thief on P1\nP0 takes a card from P1\n");
  for (int seat : {0, 1}) {
    EXPECT_TRUE(has(d.stream_since(seat), "P0 takes GIVES from P1\n")) << "seat " << seat;
    EXPECT_FALSE(has(d.stream_since(seat), "takes a card")) << "seat " << seat;
  }
}

// kSpectator is the one seat number outside the table that seat_stream
// takes; any other is a bug in the caller.
TEST(SpectatorDeathTest, IsTheOnlyViewerBesidesTheSeats) {
  const Deal d;
  EXPECT_NO_THROW(d.state().public_stream());
  EXPECT_DEATH(d.state().seat_stream(-2), "seat_stream of seat -2");
  EXPECT_DEATH(d.state().seat_stream(4), "seat_stream of seat 4");
}

// The kinds only the seats a fact concerns receive: never in the public stream.
bool private_kind(Obs kind) {
  switch (kind) {
    case Obs::kDrawSeen:
    case Obs::kDiscardSeen:
    case Obs::kPickSeen:
    case Obs::kHandOver:
    case Obs::kHandSeen:
    case Obs::kTakeSeen: return true;
    default: return false;
  }
}

TEST(Spectator, RandomGamesGrowTheStreamAndKeepPrivateFactsOut) {
  const auto keeps_private_facts_out =
      testing_support::keeps_out_of_public_stream([](const Observation& o) { return private_kind(obs_kind(o)); });
  for (const char* spec : {"laws_and_disorder(players=2)", "laws_and_disorder",
                           "laws_and_disorder(players=3,max_laws=2,hand_limit=3)"}) {
    testing_support::walk_public_streams(spec, {.games = 4, .seed = 29, .world_every = 97, .worlds_per_seat = 3},
                                         keeps_private_facts_out);
  }
}

}  // namespace
}  // namespace kibitz::laws_and_disorder::testing
