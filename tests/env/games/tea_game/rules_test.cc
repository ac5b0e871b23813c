// The Tea Game's rules as scripted games: the fund and the Queen, the
// deathmatch, redraws that reshuffle, exemptions and their expiry, delays
// (announced, hidden, withdrawals), birthdays, games too small to play,
// multiple drinks and the rewards; one comment per step.
#include <gtest/gtest.h>

#include <string>

#include "tests/env/games/tea_game/script.h"

namespace kibitz::tea_game::testing {
namespace {

constexpr const char* kThree = "tea_game(players=3,days=1,delay_prob=0.5)";

TEST(TeaFund, AQueenIsPaidPartlyByTheFund) {
  Script s(kThree);
  s.quiet_start("312");   // P0 3 drinks, P1 1, P2 2
  s.draw("TC TD TH");     // P0 draws three 10s: 30p into the fund
  EXPECT_TRUE(s.saw(1, "P0 pays 10p into the fund, now 30p"));
  EXPECT_NEAR(s.returns()[0], -0.30, 1e-9);
  s.draw("QH");           // P1 draws the Queen of Hearts: biscuits for 100p
  // The fund pays its 30p; the other 70p split among the 3 players, rounded
  // up to 24p each (72p): the 2p change goes to the fund.
  EXPECT_TRUE(s.saw(2, "P1 buys biscuits: the fund pays 30p, 3 players pay 24p each, fund now 2p"))
      << s.stream_text(2);
  EXPECT_EQ(s.table().fund(), 2);
  EXPECT_NEAR(s.returns()[1], -0.24, 1e-9);
  s.draw("4C 5C");        // P2: lowest single 4, P1's Queen is 12: P2 loses
  // P2 makes 6 drinks (-0.5 each) and receives 2 (+1 each), and paid 24p.
  EXPECT_NEAR(s.returns()[2], 2.0 - 3.0 - 0.24, 1e-9);
  EXPECT_NEAR(s.returns()[0], 3.0 - 0.30 - 0.24, 1e-9);
}

TEST(TeaFund, TheDeathmatchAtTheMark) {
  Script s("tea_game(players=3,days=1,delay_prob=0.5,deathmatch_fund=20)");
  s.quiet_start("211");
  s.draw("TC TD");  // P0: two 10s, the fund reaches 20p, the mark
  s.draw("3C 9D");  // P1 3 loses; the game ends, and then the deathmatch
  EXPECT_TRUE(s.saw(0, "P1 makes the tea: 4 drinks"));
  EXPECT_TRUE(s.saw(0, "biscuit deathmatch: the fund holds 20p")) << s.stream_text(0);
  EXPECT_EQ(s.table().phase(), Phase::kDeathmatch);
  s.draw("KH 5C KS");  // round 1: P0 and P2 tie for the highest: drawn again
  EXPECT_TRUE(s.saw(0, "the round is tied and drawn again"));
  s.draw("KC 5D 9S");  // round 2: P0's King is the highest: P0 is out
  EXPECT_TRUE(s.saw(0, "P0 has the highest card and is out"));
  s.draw("8C 2S");     // the last two: P2's 2 is lower: P2 buys the biscuits
  EXPECT_TRUE(s.saw(0, "P2 takes 20p from the fund and buys biscuits, fund now 0p")) << s.stream_text(0);
  EXPECT_EQ(s.table().fund(), 0);
  EXPECT_EQ(s.table().phase(), Phase::kDelays);  // game 2 is next
}

TEST(TeaRedraw, ARedrawThatReshufflesTheDeck) {
  Script s("tea_game(players=4,days=1,delay_prob=0.5)");
  s.quiet_start("3333");  // 12 cards a round
  // Four rounds where all four tie: each holds one card of the round's low
  // value (2, 3, 4, 5) and two higher cards of different values.
  const char* rounds[] = {"2C 7C 8C 2D 7D 8D 2H 7H 8H 2S 7S 8S", "3C 9C TC 3D 9D TD 3H 9H TH 3S 9S TS",
                          "4C JC QC 4D JD QD 4H JH QH 4S JS QS", "5C KC AC 5D KD AD 5H KH AH 5S KS AS"};
  for (int r = 0; r < 4; ++r) {
    s.draw(rounds[r]);
    EXPECT_EQ(s.table().phase(), Phase::kDraws) << "round " << r;
  }
  // 48 cards are out, 6 remain, the fifth round needs 12: every drawn card
  // is shuffled back in first.
  EXPECT_TRUE(s.saw(0, "too few cards remain: the drawn cards are shuffled back in")) << s.stream_text(0);
  EXPECT_EQ(s.table().deck(), kFullDeck);
  s.draw("2C 3C 4C 9H TH JH 8S TS JS 7D TD JD");  // P0's 2 is the lowest: P0 loses
  EXPECT_EQ(s.table().last_loser(), 0);
}

TEST(TeaRedraw, ActionCardsActInARedraw) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("4C 4D 9S");  // P0 and P1 tie at 4
  s.draw("TC 6C");     // the redraw: P0's 10 pays into the fund; P1's 6 loses
  EXPECT_TRUE(s.saw(2, "P0 pays 10p into the fund, now 10p"));
  EXPECT_EQ(s.table().last_loser(), 1);
}

TEST(TeaExemption, TheLoserGainsAnExemptionThatExpires) {
  Script s("tea_game(players=3,days=2,delay_prob=0.5,exemption_games=2)");
  s.quiet_start("111");
  s.draw("2C 5C 6C");  // game 1: P0 loses and is exempt through game 3
  EXPECT_TRUE(s.saw(1, "P0 is exempt through game 3"));
  s.delays("000");     // game 2: P0 keeps the exemption and plays; P1 loses
  s.act(0, "play");
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("111");
  s.draw("KC 2D 6D");
  EXPECT_TRUE(s.saw(0, "P1 is exempt through game 4"));
  s.delays("000");     // game 3, P0's last: both holders play; P1 loses again
  s.act(0, "play");
  s.act(1, "play");
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("111");
  s.draw("KC 2D 6D");
  EXPECT_FALSE(s.saw(0, "P0's exemption expires"));
  // Game 4 (day 2): P0's exemption (through game 3) expires as it begins.
  s.delays("000");
  EXPECT_TRUE(s.saw(2, "P0's exemption expires")) << s.stream_text(2);
  EXPECT_FALSE(s.table().holds_exemption(0));
  EXPECT_TRUE(s.table().holds_exemption(1));
}

TEST(TeaExemption, SpendingItDealsAndItIsSpentOnceTheGameIsPlayed) {
  Script s("tea_game(players=4,days=1,delay_prob=0.5)");
  s.quiet_start("1111");
  s.draw("2C 5C 6C 7C");  // P0 loses
  s.delays("0000");
  s.act(0, "spend");      // P0 deals: sits out but orders
  EXPECT_TRUE(s.saw(3, "P0 spends the exemption to deal"));
  for (int p = 1; p < 4; ++p) s.act(p, "on time");  // P0 announces nothing: not playing
  s.order("2111");        // P0 orders 2 drinks as dealer
  s.draw("3D 8D 9D");     // P1, P2, P3 draw; P1 loses
  EXPECT_TRUE(s.saw(0, "P1 makes the tea: 5 drinks"));
  EXPECT_TRUE(s.saw(0, "P0's exemption is spent"));
  EXPECT_FALSE(s.table().holds_exemption(0));
  EXPECT_NEAR(s.returns()[0], 1.0 - 2.0 + 2.0, 1e-9);  // made 4 in game 1, received 1 + 2
}

TEST(TeaExemption, AnExemptPlayerDrawsOneCardFewer) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("2C 5C 6C");  // P0 loses
  s.delays("000");
  s.act(0, "play");
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("332");  // P0 orders 3 but, exempt, draws 2; P1 3; P2 2
  EXPECT_EQ(s.seat(0).draw_count, 2);
  EXPECT_EQ(s.seat(1).draw_count, 3);
  s.draw("9C 9D");  // P0's two cards; the next card is P1's
  EXPECT_EQ(s.table().cursor(), 1);
  EXPECT_EQ(s.knowledge(2).player(0).draw_count, 2);  // the others know it too
}

TEST(TeaExemption, AJokerExemptionDoesNotReduceTheCount) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("Joker 2C 6C");  // P0 joker-exempt, P1 loses
  s.delays("000");
  s.act(1, "play");
  for (int p = 0; p < 3; ++p) s.act(p, "on time");
  s.order("222");
  EXPECT_EQ(s.seat(0).draw_count, 2);  // joker exemption: no card fewer
  EXPECT_EQ(s.seat(1).draw_count, 1);  // loss exemption: one card fewer
}

TEST(TeaDelay, AHiddenDelayThatLosesForfeitsTheExemption) {
  Script s(kThree);
  s.quiet_start("111");
  s.draw("2C 5C 6C");  // game 1: P0 loses and is exempt
  s.delays("100");     // game 2: P0 is delayed (only P0 knows)
  EXPECT_TRUE(s.saw(0, "you are delayed"));
  EXPECT_TRUE(s.saw(1, "P0 knows whether they are delayed"));
  s.act(0, "play");
  s.act(0, "hide");    // P0 hides the delay: the others see nothing
  EXPECT_TRUE(s.saw(1, "P0 announces nothing"));
  s.act(1, "on time");
  s.act(2, "on time");
  s.order("111");
  s.draw("3C 8C 9C");  // P0 loses again: the delay is evident
  EXPECT_TRUE(s.saw(1, "P0 hid a delay: no exemption")) << s.stream_text(1);
  EXPECT_FALSE(s.table().holds_exemption(0));
  EXPECT_EQ(s.seat(0).exempt_through, -1);
  // Late tea: the drinks are worth late_drink_value (0.5) each.
  const double game1 = 1.0 - 1.5;  // P0 in game 1: received 1, made 3
  EXPECT_NEAR(s.returns()[0], game1 + 0.5 - 1.5, 1e-9);
  EXPECT_NEAR(s.returns()[1], 1.0 + 0.5, 1e-9);
}

TEST(TeaDelay, AnAnnouncedDelayLetsOthersWithdrawAndKeepsTheExemption) {
  Script s("tea_game(players=4,days=1,delay_prob=0.5)");
  s.delays("0100");
  s.act(0, "on time");
  s.act(1, "announce");  // P1 announces the delay
  s.act(2, "on time");
  s.act(3, "on time");
  s.act(0, "stay");      // every other player may now withdraw
  s.act(2, "withdraw");
  s.act(3, "stay");
  EXPECT_TRUE(s.saw(0, "P2 withdraws"));
  s.order("111");        // P2 orders nothing
  s.draw("2C 5C 6C");    // P0, P1, P3 draw; P0 loses
  EXPECT_EQ(s.table().last_loser(), 0);
  // P1 loses in game 2 after announcing: the tea is late, the exemption kept.
  s.delays("0100");
  s.act(0, "play");
  s.act(0, "on time");
  s.act(1, "announce");
  s.act(2, "on time");
  s.act(3, "on time");
  for (int p : {0, 2, 3}) s.act(p, "stay");
  s.order("1111");
  s.draw("KC 2D 6D 7D");
  EXPECT_TRUE(s.saw(0, "P1 is exempt through game 17"));
  EXPECT_FALSE(s.saw(0, "P1 hid a delay: no exemption"));
}

TEST(TeaDelay, AGameWithFewerThanThreePlayersIsNotPlayed) {
  Script s(kThree);
  s.delays("100");
  s.act(0, "announce");
  s.act(1, "on time");
  s.act(2, "on time");
  s.act(1, "withdraw");  // P0 and P2 remain: too few
  s.act(2, "stay");
  EXPECT_TRUE(s.saw(0, "only 2 players draw: the game is not played"));
  EXPECT_EQ(s.table().game(), 1);  // on to game 2, nothing drawn, nobody makes tea
  EXPECT_EQ(s.table().phase(), Phase::kDelays);
  for (double r : s.returns()) EXPECT_EQ(r, 0.0);
}

TEST(TeaBirthday, ABirthdayPlayerOrdersButNeverDrawsOrLoses) {
  Script s("tea_game(players=4,days=2,delay_prob=0.5,birthdays=1@1+3@2)");
  s.delays("0000");
  EXPECT_TRUE(s.saw(0, "P1 has a birthday today"));
  for (int p : {0, 2, 3}) s.act(p, "on time");  // P1 is not asked
  s.order("1311");  // P1 orders 3 drinks
  s.draw("2C 5C 6C");  // P0, P2, P3 draw; P0 loses
  EXPECT_TRUE(s.saw(0, "P0 makes the tea: 6 drinks"));
  EXPECT_NEAR(s.returns()[1], 3.0, 1e-9);
  EXPECT_EQ(s.knowledge(2).player(1).role, Role::kBirthday);
}

TEST(TeaDrinks, TheLoserMakesEveryOrderedDrink) {
  Script s(kThree);
  s.quiet_start("321");  // 6 drinks in all
  s.draw("9C 9D KS");    // P0: a pair of 9s
  s.draw("8C 8D");       // P1: a pair of 8s
  s.draw("AS");          // P2: an ace, a single: lowest
  EXPECT_TRUE(s.saw(0, "P2 makes the tea: 6 drinks"));
  EXPECT_NEAR(s.returns()[2], 1.0 - 3.0, 1e-9);
  EXPECT_NEAR(s.returns()[0], 3.0, 1e-9);
}

TEST(TeaActions, RefusalsSayWhy) {
  Script s(kThree);
  s.delays("000");
  std::string why;
  try {
    s.state().string_to_action(0, "announce");
    ADD_FAILURE() << "announce accepted without a delay";
  } catch (const KibitzError& e) {
    why = e.what();
  }
  EXPECT_NE(why.find("you are not delayed"), std::string::npos) << why;
  s.act(0, "on time");
  s.act(1, "on time");
  s.act(2, "on time");
  try {
    s.state().string_to_action(0, "drinks 4");
    ADD_FAILURE() << "drinks 4 accepted";
  } catch (const KibitzError& e) {
    why = e.what();
  }
  EXPECT_NE(why.find("1 to 3 drinks"), std::string::npos) << why;
  try {
    s.state().string_to_action(0, "withdraw");
    ADD_FAILURE() << "withdraw accepted without an announcement";
  } catch (const KibitzError& e) {
    why = e.what();
  }
  EXPECT_NE(why.find("only after an announced delay"), std::string::npos) << why;
  EXPECT_EQ(s.state().action_to_string(0, kDrinksBase + 1), "drinks 2");
  EXPECT_EQ(s.state().action_to_string(kChancePlayer, card("QH")), "QH");
}

TEST(TeaConfig, BadBirthdaysAreRefusedByName) {
  EXPECT_THROW(load_game("tea_game(players=3,birthdays=5@1)"), KibitzError);
  EXPECT_THROW(load_game("tea_game(players=3,days=2,birthdays=1@3)"), KibitzError);
  EXPECT_THROW(load_game("tea_game(birthdays=1-2)"), KibitzError);
  try {
    load_game("tea_game(players=3,birthdays=5@1)");
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("seat 5"), std::string::npos) << e.what();
  }
}

// The message of the KibitzError loading `spec` throws ("" and a failure if none).
std::string load_error(const std::string& spec) {
  try {
    load_game(spec);
  } catch (const KibitzError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error for " << spec;
  return "";
}

TEST(TeaConfig, ABirthdayGivenTwiceIsRefused) {
  const std::string why = load_error("tea_game(players=3,days=2,birthdays=1@2+0@1+1@2)");
  EXPECT_NE(why.find("birthday '1@2' gives seat 1 a birthday on day 2 a second time"), std::string::npos)
      << why;
  EXPECT_NO_THROW(load_game("tea_game(players=3,days=2,birthdays=1@2+1@1+0@2)"));  // distinct pairs
}

TEST(TeaConfig, TheBirthdayListIsBoundedByTheSeatDayPairs) {
  // The case: the same birthday 2,000 times is refused by its length
  // before any entry is read.
  std::string many = "1@1";
  for (int k = 1; k < 2000; ++k) many += "+1@1";
  const std::string why = load_error("tea_game(players=3,days=2,birthdays=" + many + ")");
  EXPECT_NE(why.find("2000 entries, more than the 6 seat-day pairs"), std::string::npos) << why;
  EXPECT_LT(why.size(), 200u) << why;  // the list is not echoed
  // Every pair once is the longest list there is, and is accepted.
  EXPECT_NO_THROW(load_game("tea_game(players=3,days=2,birthdays=0@1+0@2+1@1+1@2+2@1+2@2)"));
  // An empty entry (a stray '+') is an error, not ignored.
  EXPECT_NE(load_error("tea_game(players=3,birthdays=1@1+)").find("should be seat@day"), std::string::npos);
}

}  // namespace
}  // namespace kibitz::tea_game::testing
