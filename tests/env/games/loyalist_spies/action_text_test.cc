// Actions as text: every number the game has no action for is an error
// naming it, and string_to_action reads what a person types (any case, extra
// spaces, other card spellings, a keep naming its cards in any order) or
// says why the move is not possible.
#include <gtest/gtest.h>

#include <string>

#include "tests/env/games/loyalist_spies/script.h"
#include "tests/support/error_of.h"

namespace kibitz::loyalist_spies::testing {
namespace {

// P0 is dealt, in keep order: Jk, 2D..6D, 2C..6C, 9H (12 cards of the 50).
Script at_keep() {
  Script s("loyalist_spies(rounds=1)");
  s.aces("AD AS AH AC");
  s.deal_all({"Jk 2C 9H 3C 4C 5C 6C 2D 3D 4D 5D 6D", "Jk2", "", ""});
  return s;
}

TEST(ActionText, NumbersOutsideTheGameAreErrorsNamingThem) {
  Script s = at_keep();
  const State& state = s.state();
  EXPECT_TRUE(contains(error_of([&] { state.action_to_string(kChancePlayer, 54); }),
                       "loyalist_spies has no chance outcome 54"));
  EXPECT_TRUE(contains(error_of([&] { state.action_to_string(kChancePlayer, -3); }),
                       "no chance outcome -3"));
  EXPECT_TRUE(contains(error_of([&] { state.action_to_string(0, kNumActions); }),
                       "loyalist_spies has no action 170"));
  EXPECT_TRUE(contains(error_of([&] { state.action_to_string(0, kOrderBase + 1); }),
                       "action 165 (Queen order 1) has no name here: no Queen is waiting"));
  EXPECT_TRUE(contains(error_of([] { card_name(54); }), "Loyalist Spies has no card 54"));
  EXPECT_TRUE(contains(error_of([] { card_name_view(-1); }), "has no card -1"));
  EXPECT_EQ(state.action_to_string(0, kPlayBase + parse_card("QS")), "play QS");  // in range
}

TEST(ActionText, AnyCaseExtraSpacesAndOtherSpellingsOfACard) {
  Script s = at_keep();
  const State& state = s.state();
  const Action keep_9h = kKeepBase + parse_card("9H");
  EXPECT_EQ(state.string_to_action(0, "keep 9H"), keep_9h);
  EXPECT_EQ(state.string_to_action(0, "KEEP 9h"), keep_9h);
  EXPECT_EQ(state.string_to_action(0, "  keep   9h  "), keep_9h);
  EXPECT_EQ(state.string_to_action(0, "keep jk"), kKeepBase + parse_card("Jk"));
  EXPECT_THROW(state.string_to_action(0, "keep 9X"), KibitzError);
  EXPECT_TRUE(
      contains(error_of([&] { state.string_to_action(0, "keep 9X"); }), "'9X' is not a card"));
}

TEST(ActionText, AKeepOutOfKeepOrderSaysWhy) {
  Script s = at_keep();
  // 9H comes after every Diamond, before every Club: keeping it first would
  // leave the five Clubs, enough. Keeping 6C first would leave nothing.
  EXPECT_TRUE(contains(error_of([&] { s.state().string_to_action(0, "keep 6C"); }),
                       "'keep 6C' is not a legal action here: cards are kept one at a time in "
                       "keep order (Jokers, then Diamonds, Spades, Hearts, Clubs, each 2 to K): "
                       "after 6C you hold only 0 cards for the 4 keeps still to come"));
  s.act(0, "keep 2C");  // a Club first: every Diamond and the 9H are passed
  const std::string message = error_of([&] { s.state().string_to_action(0, "keep th"); });
  EXPECT_TRUE(contains(message, "you were not dealt TH")) << message;
  EXPECT_TRUE(contains(error_of([&] { s.state().string_to_action(0, "keep 9H"); }),
                       "you already kept 2C, which comes after 9H; 9H can no longer be kept"));
  EXPECT_TRUE(
      contains(error_of([&] { s.state().string_to_action(0, "keep 2C"); }), "you already kept 2C"));
}

TEST(ActionText, AKeepNamingSeveralCardsInAnyOrderTakesTheNextOfThem) {
  Script s = at_keep();
  EXPECT_TRUE(contains(error_of([&] { s.state().string_to_action(0, "keep 2D 3D 4D 5D 6D 9H"); }),
                       "that would make 6 cards; you keep 5"));
  // Five cards named in any order: each keep takes the next in keep order,
  // so typing the same line at every keep keeps exactly these five.
  const std::string five = "keep 5C 9h 2D jk 4c";
  for (const char* next : {"Jk", "2D", "9H", "4C", "5C"}) {
    const Action a = s.state().string_to_action(0, five);
    EXPECT_EQ(a, kKeepBase + parse_card(next));
    s.act(0, s.state().action_to_string(0, a));
  }
  EXPECT_EQ(s.state().kept(0), mask_of("Jk 2D 9H 4C 5C"));
  EXPECT_EQ(s.state().current_player(), 1);  // P0 is done
}

TEST(ActionText, PlaysPeeksAndOrdersReadTheSameWay) {
  Script s("loyalist_spies(deal=direct,jokers=2,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C TC", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "Jk 3H 4H 5H 7H"});
  s.chance("7D").chances("8D 9D TD");
  EXPECT_EQ(s.state().string_to_action(0, "Play 10c"), kPlayBase + parse_card("TC"));
  EXPECT_TRUE(
      contains(error_of([&] { s.state().string_to_action(0, "play 9C"); }), "you do not hold 9C"));
  s.act(0, "play 2C").act(1, "play 2D").act(2, "play 2S");
  EXPECT_TRUE(contains(error_of([&] { s.state().string_to_action(3, "play JK"); }),
                       "Jokers may not be played onto a mission"));
  s.act(3, "play 3H");  // 7D: 27 + 9 = 36, a success: everyone draws 2 from P0
  s.chances("2H 6H 8H 9H 8C 9C 8S 9S");
  s.chance("JD");  // P1 flips a Jack
  EXPECT_EQ(s.state().string_to_action(1, "peek 3"), kPeekBase + 3);
  EXPECT_TRUE(contains(error_of([&] { s.state().string_to_action(1, "peek 1"); }),
                       "you cannot peek at your own ace"));
  s.act(1, "PEEK p3");
  s.chance("QD").chances("KD QS KS");  // P2 flips a Queen
  EXPECT_EQ(s.state().string_to_action(2, "order ks, qs, kd"),
            s.state().string_to_action(2, "order KS,QS,KD"));
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
