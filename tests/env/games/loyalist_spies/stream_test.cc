// The Loyalist Spies seat stream (env/games/loyalist_spies/stream.h): its
// text on a scripted turn, the contract over random games (it only grows,
// every move adds to every seat, one primary observation per log event,
// text and JSON round trips), and that worlds a seat cannot tell apart give
// it the same stream; and what a spectator sees (the public stream).
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "env/core/rng.h"
#include "env/games/loyalist_spies/stream.h"
#include "tests/env/games/loyalist_spies/script.h"

namespace kibitz::loyalist_spies::testing {
namespace {

std::vector<std::string> texts(const State& state, Player seat, std::size_t from = 0) {
  const StreamSpec& spec = state.game().stream_spec();
  std::vector<std::string> out;
  const SeatStream stream = state.seat_stream(seat);
  for (std::size_t i = from; i < stream.size(); ++i) out.push_back(spec.to_text(stream[i]));
  return out;
}

int primary_count(const SeatStream& stream) {
  int n = 0;
  for (const Observation& o : stream) n += is_primary(obs_kind(o)) ? 1 : 0;
  return n;
}

TEST(Stream, KindsParseAndReadBack) {
  const StreamSpec spec = spies_stream_spec();
  EXPECT_EQ(spec.num_kinds(), kNumObsKinds);
  for (const char* text : {"dealt 5S", "P1 plays", "mission 8D revealed 3H QS 8H 7C 4D total 54",
                           "P2 reveals AH Jk Jk2 Traitor +11", "P0 reveals AD Loyal +5",
                           "P1 looks at P2's ace: no match", "P1 looks at P2's ace: match",
                           "P2's ace is AH", "already on top 9C 3D", "queen shows P3 a card",
                           "you order 9C 3D KH", "a card goes face down"}) {
    const Observation o = spec.from_text(text);
    EXPECT_EQ(spec.to_text(o), text);
    EXPECT_EQ(spec.from_json(spec.to_json(o)), o) << text;
  }
  EXPECT_EQ(obs_kind(spec.from_text("p1 LOOKS at p2's ace: no match")), Obs::kJackNoMatch);
  EXPECT_EQ(obs_kind(spec.from_text("dealt jk2")), Obs::kDealt);
  EXPECT_THROW(spec.from_text("P2 reveals AH Loyal"), KibitzError);
  EXPECT_THROW(spec.from_text("dealt 1S"), KibitzError);
}

// The annotated turn of docs/rules/loyalist_spies.md, as P1 and P2 see it.
TEST(Stream, ATurnAsTwoSeatsSeeIt) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"3C 4C 5C 6C 8C", "2D 5S 8H JC KD", "TS 3S 4S 5D 6S", "KC 3H 4H 5H 7H"});
  EXPECT_EQ(texts(s.state(), 1, 0)[1], "your ace is AS");
  EXPECT_EQ(texts(s.state(), 1, 0)[0], "P0 gets an ace");
  const std::size_t from = s.state().seat_stream(1).size();
  const std::size_t from2 = s.state().seat_stream(2).size();
  s.chance("2H");  // P0's turn: a mission of Hearts, covert 50
  s.chances("9S TH QH");
  s.act(0, "play 3C").act(1, "play 2D").act(2, "play TS").act(3, "play KC");
  EXPECT_EQ(texts(s.state(), 1, from),
            (std::vector<std::string>{"P0 flips 2H", "a card goes face down", "a card goes face down",
                                      "a card goes face down", "P0 plays", "you play 2D", "P2 plays",
                                      "P3 plays", "mission 2H revealed 2D 9S TS TH QH 3C KC total 59"}));
  // Hearts failed: each player draws one, from P0.
  s.chances("7D 8D 9D TD");
  const std::vector<std::string> p2 = texts(s.state(), 2, from2);
  EXPECT_EQ(p2[6], "you play TS");
  EXPECT_EQ(std::vector<std::string>(p2.end() - 4, p2.end()),
            (std::vector<std::string>{"P0 draws a card", "P1 draws a card", "you draw 9D",
                                      "P3 draws a card"}));
}

TEST(Stream, JackAndQueenShowWhatTheyShowToWhom) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"3C 4C 5C 6C 8C", "2D 5S 8H JC KD", "TS 3S 4S 5D 6S", "KC 3H 4H 5H 7H"});
  const std::size_t from = s.state().seat_stream(0).size();
  s.chance("JS").act(0, "peek P1");  // P0's Jack of Spades on P1: a match
  EXPECT_EQ(texts(s.state(), 0, from),
            (std::vector<std::string>{"P0 flips JS", "P0 looks at P1's ace: match", "P1's ace is AS"}));
  EXPECT_EQ(texts(s.state(), 1, from),
            (std::vector<std::string>{"P0 flips JS", "P0 looks at P1's ace: match", "P0's ace is AD"}));
  EXPECT_EQ(texts(s.state(), 2, from), (std::vector<std::string>{"P0 flips JS", "P0 looks at P1's ace: match"}));
  s.chance("QD").chances("QS 2S 7S").act(1, "order QS,2S,7S");  // P1's Queen
  EXPECT_EQ(texts(s.state(), 1, from + 3),
            (std::vector<std::string>{"P1 flips QD", "queen shows QS", "queen shows 2S", "queen shows 7S",
                                      "you order QS 2S 7S"}));
  EXPECT_EQ(texts(s.state(), 2, from + 2),
            (std::vector<std::string>{"P1 flips QD", "queen shows P1 a card", "queen shows P1 a card",
                                      "queen shows P1 a card", "P1 reorders the top cards"}));
  // P2 flips the Queen P1 left on top: it sees the two cards under it, and one more.
  s.chance("QS").chance("9S");
  EXPECT_EQ(texts(s.state(), 2, from + 7),
            (std::vector<std::string>{"P2 flips QS", "already on top 2S 7S", "queen shows 9S"}));
  EXPECT_EQ(texts(s.state(), 1, from + 8), (std::vector<std::string>{"P2 flips QS", "queen shows P2 a card"}));
  s.act(2, "order 9S,2S,7S");
  EXPECT_EQ(texts(s.state(), 2).back(), "you order 9S 2S 7S");
}

// The public stream (what an onlooker sees): every private event as the
// seats it does not concern see it, the public ones as everyone does.
TEST(Stream, TheSpectatorSeesWhatNoSeatConcernedSees) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"3C 4C 5C 6C 8C", "2D 5S 8H JC KD", "TS 3S 4S 5D 6S", "KC 3H 4H 5H 7H"});
  const std::vector<std::string> setup = texts(s.state(), kSpectator);
  ASSERT_EQ(setup.size(), 24u);  // 4 aces and 20 cards, all face down
  EXPECT_EQ(std::vector<std::string>(setup.begin(), setup.begin() + 4),
            (std::vector<std::string>{"P0 gets an ace", "P1 gets an ace", "P2 gets an ace",
                                      "P3 gets an ace"}));
  EXPECT_EQ(setup[4], "P1 is dealt a card");  // the deal starts left of the dealer, P0
  EXPECT_EQ(setup[23], "P0 is dealt a card");
  // P0's ace as P1 saw it, P1's as P0 did; P1's first card as P0 saw it.
  EXPECT_EQ(s.state().public_stream()[0], s.state().seat_stream(1)[0]);
  EXPECT_EQ(s.state().public_stream()[1], s.state().seat_stream(0)[1]);
  EXPECT_EQ(s.state().public_stream()[4], s.state().seat_stream(0)[4]);
  // A Jack's result, without the ace; a Queen's look, without the cards:
  // what P2 (neither the Jack's seat nor its target) sees.
  s.chance("JS").act(0, "peek P1");
  s.chance("QD").chances("QS 2S 7S").act(1, "order QS,2S,7S");
  EXPECT_EQ(texts(s.state(), kSpectator, 24),
            (std::vector<std::string>{"P0 flips JS", "P0 looks at P1's ace: match", "P1 flips QD",
                                      "queen shows P1 a card", "queen shows P1 a card",
                                      "queen shows P1 a card", "P1 reorders the top cards"}));
  EXPECT_EQ(texts(s.state(), kSpectator, 24), texts(s.state(), 2, 24));
  // P2 flips the Queen P1 left on top: the spectator does not see the cards
  // under it, as P1 does not.
  s.chance("QS").chance("9S");
  EXPECT_EQ(texts(s.state(), kSpectator, 31),
            (std::vector<std::string>{"P2 flips QS", "queen shows P2 a card"}));
  EXPECT_DEATH(s.state().seat_stream(4), "seat_stream of seat 4");  // a bug in the caller: it aborts
}

TEST(Stream, TheSpectatorSeesTheMissionsAndTheRolesRevealed) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"3C 4C 5C 6C 8C", "2D 5S 8H JC KD", "TS 3S 4S 5D 6S", "KC 3H 4H 5H 7H"});
  s.chance("2H").chances("9S TH QH");
  s.act(0, "play 3C").act(1, "play 2D").act(2, "play TS").act(3, "play KC");
  // The played cards stay face down until the mission's reveal shows them.
  EXPECT_EQ(texts(s.state(), kSpectator, 24),
            (std::vector<std::string>{"P0 flips 2H", "a card goes face down",
                                      "a card goes face down", "a card goes face down", "P0 plays",
                                      "P1 plays", "P2 plays", "P3 plays",
                                      "mission 2H revealed 2D 9S TS TH QH 3C KC total 59"}));
  // Played to the end at random: the round's end reveals every seat's ace
  // and role to the spectator, as to every seat.
  auto state = s.clone();
  Rng rng(11);
  while (!state->is_terminal()) {
    const ActionList legal = state->legal_actions();
    state->apply_action(legal[rng.uniform_int(legal.size())]);
  }
  const auto n = static_cast<std::ptrdiff_t>(s.game().num_players());
  const std::vector<std::string> end = texts(*state, kSpectator);
  ASSERT_GE(end.size(), static_cast<std::size_t>(n));
  const std::vector<std::string> reveals(end.end() - n, end.end());
  for (Player p = 0; p < n; ++p) {
    const std::string& reveal = reveals[static_cast<std::size_t>(p)];
    EXPECT_EQ(reveal.rfind("P" + std::to_string(p) + " reveals A", 0), 0u) << reveal;
    const std::vector<std::string> seat = texts(*state, p);
    EXPECT_EQ(std::vector<std::string>(seat.end() - n, seat.end()), reveals) << "seat " << p;
  }
}

// The contract over random games of every tested configuration.
class StreamContract : public ::testing::TestWithParam<const char*> {};

TEST_P(StreamContract, GrowsByEveryMoveForEverySeatAndRoundTrips) {
  const auto game = make_game(GetParam());
  const StreamSpec& spec = game->stream_spec();
  const int n = game->num_players();
  Rng rng(5);
  for (int g = 0; g < 6; ++g) {
    auto state = game->new_initial_state();
    std::vector<SeatStream> before(static_cast<std::size_t>(n));
    for (Player p = 0; p < n; ++p) before[static_cast<std::size_t>(p)] = state->seat_stream(p);
    SeatStream stream;
    while (!state->is_terminal()) {
      const ActionList legal = state->legal_actions();
      state->apply_action(legal[rng.uniform_int(legal.size())]);
      const auto& spies = static_cast<const LoyalistSpiesState&>(*state);
      for (Player p = 0; p < n; ++p) {
        state->seat_stream(p, stream);
        SeatStream& old = before[static_cast<std::size_t>(p)];
        ASSERT_GT(stream.size(), old.size()) << "a move added nothing for P" << p;
        ASSERT_TRUE(stream_starts_with(stream, old)) << "P" << p << "'s stream changed its past";
        ASSERT_EQ(primary_count(stream), spies.log().size());
        for (std::size_t i = old.size(); i < stream.size(); ++i) {
          const Observation& o = stream[i];
          spec.validate(o, n);
          ASSERT_EQ(spec.from_text(spec.to_text(o)), o) << spec.to_text(o);
          ASSERT_EQ(spec.from_json(spec.to_json(o)), o) << spec.to_json(o);
        }
        old = stream;
      }
    }
  }
}

// Worlds drawn for a seat look the same to it: the same stream, information
// state, tensor and observation string. (Run against the event-log resampler that came before
// the stream, this showed the stream holds nothing the seat could not see.)
TEST_P(StreamContract, WorldsTheSeatCannotTellApartGiveItTheSameStream) {
  const auto game = make_game(GetParam());
  Rng rng(8);
  auto world = game->new_initial_state();
  for (int g = 0; g < 3; ++g) {
    auto state = game->new_initial_state();
    for (int step = 0; !state->is_terminal(); ++step) {
      if (step % 7 == 0) {
        for (Player p = 0; p < game->num_players(); ++p) {
          state->resample_from_infostate(p, rng, *world);
          ASSERT_EQ(world->seat_stream(p), state->seat_stream(p)) << "seat " << p;
          ASSERT_EQ(world->information_state_string(p), state->information_state_string(p));
          ASSERT_EQ(world->information_state_tensor(p), state->information_state_tensor(p));
          // The replay view shows it beside the information state.
          ASSERT_EQ(world->observation_string(p), state->observation_string(p));
        }
      }
      const ActionList legal = state->legal_actions();
      state->apply_action(legal[rng.uniform_int(legal.size())]);
    }
  }
}

// Each turn starts one line of every seat's information-state string, which
// learns where a turn begins from its stream reader. The turns are counted
// here from the true event log: a flip begins a turn unless it follows a King
// or Joker its determiner flipped. Among them must be turns a Queen ends as
// soon as she is flipped (nothing left to show: the round's last card): the
// reader must say such a flip began its turn though the turn is over.
TEST(StreamText, EveryTurnStartsOneLineOfEverySeatsString) {
  int queen_alone = 0;
  for (const char* spec : {"loyalist_spies(rounds=2)", "loyalist_spies(players=3,deal=direct,rounds=2)",
                           "loyalist_spies(players=3,deal=direct,hearts_failure=discard,rounds=2)",
                           "loyalist_spies(hearts_failure=discard,refill=false,rounds=2)"}) {
    const auto game = make_game(spec);
    Rng rng(3);
    for (int g = 0; g < 150; ++g) {
      auto state = game->new_initial_state();
      while (!state->is_terminal()) {
        const ActionList legal = state->legal_actions();
        state->apply_action(legal[rng.uniform_int(legal.size())]);
      }
      int turns = 0;
      const Event* last = nullptr;
      for (const Event& e : static_cast<const LoyalistSpiesState&>(*state).log().view()) {
        if (e.kind == EventKind::kFlip) {
          const bool chained = last != nullptr && last->kind == EventKind::kFlip && last->seat == e.seat &&
                               (is_joker(last->card) || rank_of(last->card) == kRankKing);
          turns += chained ? 0 : 1;
        }
        const bool after_queen = last != nullptr && last->kind == EventKind::kFlip && !is_joker(last->card) &&
                                 rank_of(last->card) == kRankQueen;
        queen_alone += after_queen && e.kind != EventKind::kPeek && e.kind != EventKind::kOrder ? 1 : 0;
        last = &e;
      }
      for (Player p = 0; p < game->num_players(); ++p) {
        const std::string text = state->information_state_string(p);
        int lines = 0;
        for (std::size_t at = 0; (at = text.find("\nturn P", at)) != std::string::npos; ++at) ++lines;
        ASSERT_EQ(lines, turns) << spec << " game " << g << " seat " << p << "\n" << text;
      }
    }
  }
  EXPECT_GT(queen_alone, 0);
}

INSTANTIATE_TEST_SUITE_P(Specs, StreamContract,
                         ::testing::Values("loyalist_spies(rounds=2)", "loyalist_spies(players=3,rounds=1)",
                                           "loyalist_spies(deal=direct,rounds=1)",
                                           "loyalist_spies(hearts_failure=discard,rounds=1)",
                                           "loyalist_spies(jokers=0,refill=false,rounds=1)"));

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
