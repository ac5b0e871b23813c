// The Tea Game's jokers and sets, as scripted games (rulings: spec/tea_game.md,
// "Fine points"); one comment per step.
#include <gtest/gtest.h>

#include "tests/env/games/tea_game/script.h"

namespace kibitz::tea_game::testing {
namespace {

// Three players, one day of three games, delays possible either way.
constexpr const char* kThree = "tea_game(players=3,days=1,delay_prob=0.5)";
constexpr const char* kFour = "tea_game(players=4,days=1,delay_prob=0.5)";
constexpr const char* kFive = "tea_game(players=5,days=1,delay_prob=0.5)";

TEST(TeaJokers, JokerStillExemptsWhenTheReverseJokerIsDrawnInTheSameGame) {
  Script s(kFour);
  s.quiet_start("1111");  // nobody delayed, one drink each
  s.draw("Joker");        // P0 draws the Joker: joker-exempt for the day
  EXPECT_TRUE(s.saw(1, "P0 is joker-exempt for the rest of the day"));
  s.draw("Reverse-Joker");  // P1 draws the Reverse Joker: the highest hand now loses
  EXPECT_TRUE(s.saw(2, "the order is reversed: the highest hand loses"));
  s.draw("5C KD");  // P2 5, P3 K: P1 holds no value and is safe while others can lose
  // Reversed: the highest valued hand, P3's King, loses; P0 is not judged at all.
  EXPECT_TRUE(s.saw(0, "P3 makes the tea: 4 drinks")) << s.stream_text(0);
  EXPECT_TRUE(s.seat(0).joker_exempt);
  EXPECT_EQ(s.table().last_loser(), 3);
}

TEST(TeaJokers, ASecondJokerTheSameDayLosesAtOnce) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("Joker 4C 9D");  // game 1: P0 draws the Joker, P1 4 loses to P2 9
  EXPECT_TRUE(s.saw(0, "P1 makes the tea: 3 drinks"));
  ASSERT_TRUE(s.seat(0).joker_exempt);
  // Game 2, the same day: P1 now holds an exemption and chooses to play.
  s.delays("000");
  s.act(1, "play");
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("211");  // P0 orders 2 drinks and so draws 2 cards
  s.draw("2S");    // P0's first card is low, but P0 cannot lose on a value...
  s.draw("Joker"); // ...until the Joker comes again: P0 loses at once
  EXPECT_TRUE(s.saw(2, "P0 draws the Joker again and loses at once")) << s.stream_text(2);
  EXPECT_TRUE(s.saw(2, "P0 makes the tea: 4 drinks"));
  EXPECT_FALSE(s.seat(0).joker_exempt);  // the joker exemption ends with it
  // Nobody else drew in game 2: the game ended with P0's loss.
  EXPECT_EQ(s.seat(1).hand_size, 0);
  EXPECT_EQ(s.seat(2).hand_size, 0);
  EXPECT_EQ(s.table().game(), 2);
}

TEST(TeaJokers, AJokerExemptPlayerDrawingTheReverseJokerLosesTheExemptionNotTheGame) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("Joker 4C 9D");  // game 1: P0 joker-exempt, P1 loses
  s.delays("000");
  s.act(1, "play");       // P1 keeps the loss exemption and plays
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("111");
  s.draw("Reverse-Joker");  // P0, joker-exempt, draws the Reverse Joker
  EXPECT_TRUE(s.saw(1, "P0 loses the joker exemption but not this game"));
  EXPECT_FALSE(s.seat(0).joker_exempt);
  EXPECT_TRUE(s.seat(0).safe);
  s.draw("3H QS");  // P1 3, P2 Q: reversed, so the highest (P2) loses, not P0
  EXPECT_TRUE(s.saw(0, "P2 makes the tea: 3 drinks")) << s.stream_text(0);
  // Game 3: P0 is no longer joker-exempt and can lose again.
  s.delays("000");
  for (int p : {1, 2}) s.act(p, "play");
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("111");
  s.draw("2C 5H 6H");  // P0 lowest: loses
  EXPECT_EQ(s.table().last_loser(), 0);
}

// The ruling: a joker-exempt player who draws the Joker again "loses at
// once (a Reverse Joker in the same hand does not save them)". The Reverse
// Joker drawn first ends the exemption, but the Joker after it still finds
// the player exempt from an earlier game: it loses, it does not exempt anew.
TEST(TeaJokers, TheReverseJokerFirstDoesNotSaveAnExemptPlayerFromTheJoker) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("Joker 4C 9D");  // game 1: P0 joker-exempt, P1 loses
  s.delays("000");
  s.act(1, "play");       // P1 keeps the loss exemption and plays
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("311");         // P0 orders 3 drinks: 3 cards
  s.draw("JC");           // a value; P0 cannot lose on it
  s.draw("Reverse-Joker");  // ends the joker exemption; safe this game so far
  EXPECT_TRUE(s.saw(1, "P0 loses the joker exemption but not this game"));
  s.draw("Joker");        // the Joker again, in the same hand: P0 loses at once
  EXPECT_TRUE(s.saw(2, "P0 draws the Joker again and loses at once")) << s.stream_text(2);
  EXPECT_TRUE(s.saw(2, "P0 makes the tea: 5 drinks")) << s.stream_text(2);
  const std::string stream = s.stream_text(2);  // exempt once (game 1), not anew
  EXPECT_EQ(stream.find("P0 is joker-exempt"), stream.rfind("P0 is joker-exempt")) << stream;
  EXPECT_FALSE(s.seat(0).joker_exempt);
  EXPECT_EQ(s.table().last_loser(), 0);
  EXPECT_EQ(s.seat(1).hand_size, 0);  // the game stopped there: nobody else drew
  EXPECT_EQ(s.table().game(), 2);
}

TEST(TeaSets, SetsBeatSinglesAndBiggerSetsBeatSmaller) {
  Script s(kFour);
  s.quiet_start("3321");
  s.draw("2C 2D 2H");  // P0: three 2s, the best hand
  s.draw("3C 3D 9S");  // P1: a pair of 3s beats any single
  s.draw("AS KS");     // P2: lowest single K
  s.draw("QC");        // P3: single Q, the worst: it loses
  EXPECT_TRUE(s.saw(0, "P3 makes the tea: 9 drinks")) << s.stream_text(0);
  // Game 2: the pair against the singles, reversed: now the best set loses.
  s.delays("0000");
  s.act(3, "play");  // P3 plays its exemption
  for (int p = 0; p < 4; ++p) s.act(p, "on time");
  s.order("2112");  // P3 draws one fewer: 1 card
  s.draw("5C 5D");  // P0: a pair of 5s
  s.draw("AH");     // P1: an ace
  s.draw("Reverse-Joker");  // P2: no value, reverses
  s.draw("KH");     // P3 (one card): a king
  EXPECT_TRUE(s.saw(1, "P0 makes the tea: 6 drinks")) << s.stream_text(1);
}

TEST(TeaOddOneOut, TheOddOneLosesEvenWithTheHighestCard) {
  Script s(kFour);
  s.quiet_start("1111");
  s.draw("9C 9D 9H KS");  // three 9s and a King: the King is the odd one out
  EXPECT_TRUE(s.saw(0, "P3 is the odd one out"));
  EXPECT_TRUE(s.saw(0, "P3 makes the tea: 4 drinks"));
}

TEST(TeaOddOneOut, ReversalDoesNotChangeTheOddOneOut) {
  Script s(kFive);
  s.quiet_start("11111");
  // P0 draws the Reverse Joker (no value, safe while others can lose); the
  // four valued hands are 9 9 9 2: the odd one, P4's 2, loses although the
  // order is reversed.
  s.draw("Reverse-Joker 9C 9D 9H 2S");
  EXPECT_TRUE(s.saw(0, "P4 is the odd one out")) << s.stream_text(0);
  EXPECT_TRUE(s.saw(0, "P4 makes the tea: 5 drinks"));
}

TEST(TeaOddOneOut, NeedsFourPlayersWhoCanLose) {
  Script s(kFour);
  s.quiet_start("1111");
  // P0's Joker leaves three who can lose: 9 9 K is no odd one out; reversed?
  // No: the lowest, the two 9s, tie and redraw.
  s.draw("Joker 9C 9D KS");
  EXPECT_FALSE(s.saw(0, "P3 is the odd one out"));
  EXPECT_TRUE(s.saw(0, "P1 ties and redraws"));
  EXPECT_TRUE(s.saw(0, "P2 ties and redraws"));
  s.draw("4C 8C");  // the redraw: P1 4 loses
  EXPECT_EQ(s.table().last_loser(), 1);
}

TEST(TeaOddOneOut, AppliesInARedraw) {
  Script s(kFive);
  s.quiet_start("11111");
  // Four 3s tie for the lowest; P4's Joker makes P4 safe (with a fifth
  // valued hand the four 3s would make it the odd one out).
  s.draw("3C 3D 3H 3S Joker");
  for (int p = 0; p < 4; ++p) EXPECT_TRUE(s.saw(0, "P" + std::to_string(p) + " ties and redraws"));
  s.draw("7C 7D 2H 7S");  // the redraw: 7 7 2 7, P2 is the odd one out
  EXPECT_TRUE(s.saw(0, "P2 is the odd one out")) << s.stream_text(0);
  EXPECT_EQ(s.table().last_loser(), 2);
}

TEST(TeaTies, TheLotDecidesOnlyAfterEightTiedRedraws) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("5C 5D 9S");  // P0 and P1 tie on 5 and redraw
  EXPECT_TRUE(s.saw(2, "P0 ties and redraws"));
  // Eight redraws, every one tied again (no 10s, so the fund stays out of it).
  for (const char* pair : {"6C 6D", "7C 7D", "8C 8D", "JC JD", "QC QD", "KC KD", "AC AD", "2C 2D"}) {
    ASSERT_TRUE(s.state().is_chance_node());
    ASSERT_EQ(s.table().last_loser(), -1) << "decided before the lot, at " << pair;
    s.draw(pair);
  }
  // The ninth tie in a row is not redrawn: the lot picks one of the tied,
  // each with one chance in two.
  const ChanceOutcomeList outcomes = static_cast<const State&>(s.state()).chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].action, kLotBase + 0);
  EXPECT_EQ(outcomes[1].action, kLotBase + 1);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  s.chance(kLotBase + 1);
  EXPECT_TRUE(s.saw(0, "the lot falls on P1")) << s.stream_text(0);
  EXPECT_EQ(s.table().last_loser(), 1);
}

}  // namespace
}  // namespace kibitz::tea_game::testing
