// Leduc poker's seat streams, written as scripted hands: what each seat
// observes move by move, the information state rendered from it, and the
// fast world sampler read from a stream typed by hand (as `kibitz seat`
// will), including the refusals of streams no hand produces; and what a
// spectator sees (the public stream).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"
#include "env/games/leduc_poker/leduc_poker.h"
#include "tests/support/error_of.h"

namespace kibitz::leduc_poker {
namespace {

std::shared_ptr<const Game> leduc() { return load_game("leduc_poker"); }

void play(State& state, std::string_view move) {
  state.apply_action(state.string_to_action(state.current_player(), move));
}

// A seat's stream as text, one observation a line.
std::string stream_text(const State& state, Player seat) {
  std::string out;
  for (const Observation& o : state.seat_stream(seat)) {
    out += state.game().stream_spec().to_text(o) + "\n";
  }
  return out;
}

// A stream typed as lines of text.
SeatStream typed(const Game& game, const std::vector<std::string>& lines) {
  SeatStream stream;
  for (const std::string& line : lines) stream.push_back(game.stream_spec().from_text(line));
  return stream;
}

// The example hand of docs/rules/leduc_poker.md.
std::unique_ptr<State> example_hand() {
  auto s = leduc()->new_initial_state();
  for (const char* move :
       {"deal Js", "deal Qh", "raise", "raise", "call", "deal Kh", "call", "raise", "call"}) {
    play(*s, move);
  }
  return s;
}

TEST(LeducStreamTest, EachSeatSeesItsCardTheOtherDealThePublicCardAndEveryBet) {
  const auto s = example_hand();
  // The last call ends the hand at a showdown: both cards are shown, seat 0
  // first, to both seats.
  EXPECT_EQ(stream_text(*s, 0),
            "dealt Js\nP1 is dealt a card\nP0 raises\nP1 raises\nP0 calls\npublic card Kh\n"
            "P0 checks\nP1 raises\nP0 calls\nP0 shows Js\nP1 shows Qh\n");
  EXPECT_EQ(stream_text(*s, 1),
            "P0 is dealt a card\ndealt Qh\nP0 raises\nP1 raises\nP0 calls\npublic card Kh\n"
            "P0 checks\nP1 raises\nP0 calls\nP0 shows Js\nP1 shows Qh\n");
  // A fold, and a check that a raise follows in the same round: a fold
  // shows nothing.
  auto f = leduc()->new_initial_state();
  for (const char* move : {"deal Ks", "deal Jh", "call", "raise", "fold"}) play(*f, move);
  EXPECT_EQ(stream_text(*f, 1), "P0 is dealt a card\ndealt Jh\nP0 checks\nP1 raises\nP0 folds\n");
}

TEST(LeducStreamTest, TheSpectatorSeesBothDealsFaceDownThePublicCardAndTheShowdown) {
  // The public stream (what an onlooker sees): each private card as the
  // other seat sees it dealt, then what both seats see.
  const auto s = example_hand();
  EXPECT_EQ(stream_text(*s, kSpectator),
            "P0 is dealt a card\nP1 is dealt a card\nP0 raises\nP1 raises\nP0 calls\n"
            "public card Kh\nP0 checks\nP1 raises\nP0 calls\nP0 shows Js\nP1 shows Qh\n");
  const SeatStream spectator = s->public_stream();
  EXPECT_EQ(spectator[0], s->seat_stream(1)[0]);  // seat 0's deal, as seat 1 saw it
  EXPECT_EQ(spectator[1], s->seat_stream(0)[1]);  // seat 1's deal, as seat 0 saw it
  // Everything after the deal is what both seats see.
  const SeatStream seat0 = s->seat_stream(0);
  EXPECT_EQ(SeatStream(spectator.begin() + 2, spectator.end()),
            SeatStream(seat0.begin() + 2, seat0.end()));
  // Before the showdown no private card shows: another deal looks the same.
  auto a = leduc()->new_initial_state();
  auto b = leduc()->new_initial_state();
  for (const char* move : {"deal Js", "deal Qh", "call", "call", "deal Kh"}) play(*a, move);
  for (const char* move : {"deal Ks", "deal Jh", "call", "call", "deal Kh"}) play(*b, move);
  EXPECT_EQ(a->public_stream(), b->public_stream());
  EXPECT_EQ(stream_text(*a, kSpectator),
            "P0 is dealt a card\nP1 is dealt a card\nP0 checks\nP1 checks\npublic card Kh\n");
  // A fold shows nothing to the spectator either.
  auto f = leduc()->new_initial_state();
  for (const char* move : {"deal Ks", "deal Jh", "call", "raise", "fold"}) play(*f, move);
  EXPECT_EQ(stream_text(*f, kSpectator),
            "P0 is dealt a card\nP1 is dealt a card\nP0 checks\nP1 raises\nP0 folds\n");
  EXPECT_DEATH(f->seat_stream(2), "seat_stream of seat 2");  // a bug in the caller: it aborts
}

TEST(LeducStreamTest, ObservationsReadBackAsTextAndJson) {
  const auto game = leduc();
  const StreamSpec& spec = game->stream_spec();
  EXPECT_EQ(spec.to_json(spec.from_text("public card Kh")), R"({"kind":"public","card":"Kh"})");
  EXPECT_EQ(spec.to_text(spec.from_json(R"({"kind":"dealt_to","seat":1})")), "P1 is dealt a card");
  EXPECT_EQ(spec.to_text(spec.from_text("  p0   CHECKS ")), "P0 checks");
  EXPECT_EQ(spec.to_text(spec.from_text("dealt qs")), "dealt Qs");
  EXPECT_EQ(spec.to_json(spec.from_text("P1 shows Kh")), R"({"kind":"show","seat":1,"card":"Kh"})");
  EXPECT_NE(error_of([&] { spec.from_text("dealt Qd"); }).find("'Qd' is not a card"),
            std::string::npos);
}

TEST(LeducStreamTest, InformationStateIsRenderedFromTheStream) {
  const auto s = example_hand();
  // The showdown is left out: the string keeps the one format policy files
  // are keyed by, terminal states included.
  EXPECT_EQ(s->information_state_string(0), "seat 0 card Js public Kh round 2 betting rrc,crc");
  EXPECT_EQ(s->information_state_string(1), "seat 1 card Qh public Kh round 2 betting rrc,crc");
  // The generic rendering would list the observations; Leduc keeps the
  // compact key of its policy files, and one buffer serves every call.
  std::string buffer = "left over from before";
  s->information_state_string(0, buffer);
  EXPECT_EQ(buffer, s->information_state_string(0));
}

TEST(LeducStreamTest, WorldsFromATypedStreamRedrawOnlyTheHiddenCard) {
  // Seat 1 at the table: it was dealt the Qh, seat 0 raised, it called, the
  // Ks was turned. No State of the real hand exists.
  const auto game = leduc();
  const SeatStream stream =
      typed(*game, {"P0 is dealt a card", "dealt Qh", "P0 raises", "P1 calls", "public card Ks"});
  const auto sampler = game->new_world_sampler(1, stream);
  EXPECT_NE(dynamic_cast<const LeducWorldSampler*>(sampler.get()), nullptr);
  Rng rng(5);
  std::map<int, int> other_cards;
  auto world = game->new_initial_state();
  for (int i = 0; i < 400; ++i) {
    sampler->sample(rng, *world);
    ASSERT_EQ(world->seat_stream(1), stream);
    ++other_cards[static_cast<const LeducState&>(*world).private_card(0)];
  }
  // Js, Jh, Qs and Kh: never the seat's own Qh or the public Ks.
  ASSERT_EQ(other_cards.size(), 4u);
  for (int card : {0, 1, 2, 5}) EXPECT_GT(other_cards[card], 60) << card_name(card);
  EXPECT_EQ(world->current_player(), 0);  // round 2 opens with seat 0
}

TEST(LeducStreamTest, WorldsAtAShowdownHoldTheShownCard) {
  const auto game = leduc();
  const SeatStream stream =
      typed(*game, {"P0 is dealt a card", "dealt Qh", "P0 checks", "P1 checks", "public card Ks",
                    "P0 raises", "P1 calls", "P0 shows Jh", "P1 shows Qh"});
  const auto sampler = game->new_world_sampler(1, stream);
  Rng rng(6);
  auto world = game->new_initial_state();
  for (int i = 0; i < 50; ++i) {
    sampler->sample(rng, *world);
    ASSERT_EQ(world->seat_stream(1), stream);
    EXPECT_EQ(static_cast<const LeducState&>(*world).private_card(0), 1);  // Jh
  }
  EXPECT_TRUE(world->is_terminal());
  EXPECT_EQ(world->returns(), (std::vector<double>{-5, 5}));  // 1 + 4 each; Qh wins
}

// The message of the sampler refusing the typed stream.
std::string refusal(Player seat, const std::vector<std::string>& lines) {
  const auto game = leduc();
  return error_of([&] { game->new_world_sampler(seat, typed(*game, lines)); });
}

TEST(LeducStreamTest, StreamsNoHandProducesAreRefusedNamingTheObservation) {
  EXPECT_EQ(refusal(0, {"dealt Js", "P1 is dealt a card", "P0 raises"}), "");
  EXPECT_EQ(
      refusal(0, {"P0 raises"}),
      "leduc_poker: observation 1 ('P0 raises') cannot come now in seat P0's stream: no seat is to "
      "bet now");
  EXPECT_NE(refusal(0, {"P1 is dealt a card"}).find("your card is dealt next"), std::string::npos);
  EXPECT_NE(refusal(1, {"P0 is dealt a card", "dealt Js", "P1 raises"}).find("other seat's turn"),
            std::string::npos);
  EXPECT_NE(refusal(1, {"P0 is dealt a card", "dealt Js", "P0 calls"}).find("that is a check"),
            std::string::npos);
  EXPECT_NE(refusal(1, {"P0 is dealt a card", "dealt Js", "P0 folds"}).find("nothing to fold"),
            std::string::npos);
  EXPECT_NE(refusal(1, {"P0 is dealt a card", "dealt Js", "P0 raises", "P1 checks"})
                .find("observation 4 ('P1 checks')"),
            std::string::npos);
  EXPECT_NE(refusal(0, {"dealt Js", "P1 is dealt a card", "P0 raises", "P1 raises", "P0 raises"})
                .find("already has its 2 raises"),
            std::string::npos);
  EXPECT_NE(
      refusal(0, {"dealt Js", "P1 is dealt a card", "P0 checks", "P1 checks", "public card Js"})
          .find("already dealt"),
      std::string::npos);
  EXPECT_NE(refusal(0, {"dealt Js", "P1 is dealt a card", "P0 raises", "P1 folds", "P0 checks"})
                .find("the hand is over"),
            std::string::npos);
  EXPECT_NE(
      refusal(0, {"dealt Js", "P1 is dealt a card", "public card Kh"}).find("no card is dealt now"),
      std::string::npos);
  // The showdown: all of it, after the last call only, the true cards.
  const std::vector<std::string> called = {"dealt Js", "P1 is dealt a card", "P0 checks",
                                           "P1 checks", "public card Kh", "P0 checks",
                                           "P1 checks"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> lines = called;
    lines.insert(lines.end(), more.begin(), more.end());
    return refusal(0, lines);
  };
  EXPECT_EQ(with({"P0 shows Js", "P1 shows Qs"}), "");
  EXPECT_EQ(with({}),
            "leduc_poker: seat P0's stream stops before the showdown ends: the last call's move "
            "goes on with 'P0 shows Js', 'P1 shows ...' (both seats show their cards, seat 0 first)");
  EXPECT_NE(with({"P0 shows Js"}).find("goes on with 'P1 shows ...'"), std::string::npos);
  EXPECT_EQ(with({"P0 shows Qs", "P1 shows Jh"}),
            "leduc_poker: observation 8 ('P0 shows Qs') cannot come now in seat P0's stream: that "
            "is not your card");
  EXPECT_NE(with({"P1 shows Qs", "P0 shows Js"}).find("P0 shows now"), std::string::npos);
  EXPECT_NE(with({"P0 shows Js", "P1 shows Kh"}).find("you saw that card elsewhere"),
            std::string::npos);
  EXPECT_NE(with({"P0 shows Js", "P1 shows Qs", "P1 shows Qs"}).find("both cards are shown"),
            std::string::npos);
  EXPECT_NE(refusal(0, {"dealt Js", "P1 is dealt a card", "P0 raises", "P1 folds", "P1 shows Qs"})
                .find("the hand ended with a fold: nobody shows"),
            std::string::npos);
  EXPECT_NE(refusal(0, {"dealt Js", "P1 is dealt a card", "P1 shows Qs", "P0 raises"})
                .find("cards are shown only after the last call"),
            std::string::npos);
  // Values a parser would refuse, built by hand.
  const auto game = leduc();
  SeatStream bad = {Observation(static_cast<int>(Seen::kDealt)).add(9)};
  EXPECT_NE(error_of([&] { game->new_world_sampler(0, bad); }).find("no card 9"),
            std::string::npos);
}

}  // namespace
}  // namespace kibitz::leduc_poker
