// Tea Game showdown, rule by rule against the rulings' fine points
// (../shared/spec/tea_game.md): what a hand is worth (sets beat singles,
// bigger sets beat smaller, equal sizes by value, jokers have no value,
// aces high or low) and who is in line to lose a round (lowest or highest
// with reversal, odd one out with its minimum of 4 valued contenders and its
// indifference to reversal, ties, valueless hands).
#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>
#include <vector>

#include "env/cards/card.h"
#include "env/games/tea_game/showdown.h"

namespace kibitz::tea_game {
namespace {

// A hand from card names ("7H", "TD", "Jk" for the Joker, "Rj" for the
// Reverse Joker).
std::vector<cards::Card> hand(std::initializer_list<std::string_view> names) {
  std::vector<cards::Card> cards_out;
  for (std::string_view name : names) {
    if (name == "Rj")
      cards_out.push_back(cards::Card::from_id(kReverseJokerId));
    else if (name == "Jk")
      cards_out.push_back(cards::Card::from_id(kJokerId));
    else
      cards_out.push_back(cards::parse_card(name));
  }
  return cards_out;
}

HandWorth worth(std::initializer_list<std::string_view> names, bool aces_low = false) {
  return hand_worth(hand(names), aces_low);
}

// Contenders 0, 1, 2, ... with the given worths.
std::vector<Contender> table(std::initializer_list<HandWorth> worths) {
  std::vector<Contender> out;
  int seat = 0;
  for (const HandWorth& w : worths) out.push_back({seat++, w});
  return out;
}

TEST(TeaShowdown, CardValuesRunTwoToAceWithAcesHighByDefault) {
  EXPECT_EQ(card_value(cards::parse_card("2C"), false), 2);
  EXPECT_EQ(card_value(cards::parse_card("TD"), false), 10);
  EXPECT_EQ(card_value(cards::parse_card("JS"), false), 11);
  EXPECT_EQ(card_value(cards::parse_card("QH"), false), 12);
  EXPECT_EQ(card_value(cards::parse_card("KC"), false), 13);
  EXPECT_EQ(card_value(cards::parse_card("AS"), false), 14);
  EXPECT_EQ(card_value(cards::parse_card("AS"), true), 1);
  EXPECT_EQ(card_value(cards::parse_card("KC"), true), 13);
}

TEST(TeaShowdown, JokersAreRecognisedAndHaveNoValue) {
  const cards::Card joker = cards::Card::from_id(kJokerId);
  const cards::Card reverse = cards::Card::from_id(kReverseJokerId);
  EXPECT_TRUE(is_joker(joker));
  EXPECT_FALSE(is_reverse_joker(joker));
  EXPECT_TRUE(is_reverse_joker(reverse));
  EXPECT_FALSE(is_joker(reverse));
  EXPECT_FALSE(is_joker(cards::parse_card("2C")));
  EXPECT_EQ(card_value(joker, false), 0);
  EXPECT_EQ(card_value(reverse, true), 0);
  EXPECT_EQ(kDeckSize, 54);
}

TEST(TeaShowdown, SingleCardsAreWorthTheLowest) {
  EXPECT_EQ(worth({"9H"}), (HandWorth{1, 9}));
  EXPECT_EQ(worth({"9H", "4C", "KD"}), (HandWorth{1, 4}));
  // Aces low: the ace is the lowest card; aces high: the 3 is.
  EXPECT_EQ(worth({"AH", "3C"}, true), (HandWorth{1, 1}));
  EXPECT_EQ(worth({"AH", "3C"}, false), (HandWorth{1, 3}));
}

TEST(TeaShowdown, JokersInAHandAreIgnoredForItsWorth) {
  EXPECT_EQ(worth({"Jk", "7S"}), (HandWorth{1, 7}));
  EXPECT_EQ(worth({"Rj", "5S", "8D"}), (HandWorth{1, 5}));
  EXPECT_EQ(worth({"Jk"}), HandWorth{});
  EXPECT_EQ(worth({"Rj"}), HandWorth{});
  EXPECT_EQ(worth({"Jk", "Rj"}), HandWorth{});
  EXPECT_FALSE(worth({"Rj"}).has_value());
  EXPECT_TRUE(worth({"2C"}).has_value());
}

TEST(TeaShowdown, ASetBeatsAnySingle) {
  // A pair of 2s is worth more than an ace alone (and so is safer normally).
  const HandWorth pair_of_twos = worth({"2C", "2D"});
  EXPECT_EQ(pair_of_twos, (HandWorth{2, 2}));
  EXPECT_GT(pair_of_twos, worth({"AS"}));
  // A set inside a bigger hand still counts, whatever the lowest card.
  EXPECT_EQ(worth({"3C", "9H", "9S"}), (HandWorth{2, 9}));
  EXPECT_GT(worth({"3C", "9H", "9S"}), worth({"KS", "AS"}));
}

TEST(TeaShowdown, BiggerSetsBeatSmallerAndEqualSizesCompareByValue) {
  EXPECT_EQ(worth({"2C", "2D", "2H"}), (HandWorth{3, 2}));
  EXPECT_GT(worth({"2C", "2D", "2H"}), worth({"AC", "AD"}));
  EXPECT_GT(worth({"9C", "9D"}), worth({"8C", "8D"}));
  // Two pairs in one hand: the higher pair is its worth.
  EXPECT_EQ(worth({"4C", "4D", "JH", "JS"}), (HandWorth{2, 11}));
  // A triple and a pair: the triple, even of a lower value.
  EXPECT_EQ(worth({"3C", "3D", "3H", "KH", "KS"}), (HandWorth{3, 3}));
  // Aces low make a pair of aces the lowest pair.
  EXPECT_LT(worth({"AC", "AD"}, true), worth({"2C", "2D"}, true));
  EXPECT_GT(worth({"AC", "AD"}, false), worth({"2C", "2D"}, false));
}

TEST(TeaShowdown, EqualWorthsTie) {
  EXPECT_EQ(worth({"7C"}), worth({"7H"}));
  EXPECT_EQ(worth({"7C", "9D"}), worth({"KH", "7H"}));
  EXPECT_EQ(worth({"5C", "5D", "2S"}), worth({"5H", "5S", "3S"}));
}

TEST(TeaShowdown, LowestLosesAndHighestLosesWhenReversed) {
  const auto t = table({{1, 5}, {1, 3}, {1, 9}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{1}, false}));
  EXPECT_EQ(judge_round(t, true), (RoundVerdict{{2}, false}));
}

TEST(TeaShowdown, ReversalMakesASetTheWorstHand) {
  // A pair of 2s beats every single, so with the Reverse Joker it loses.
  const auto t = table({{1, 14}, {2, 2}, {1, 4}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{2}, false}));
  EXPECT_EQ(judge_round(t, true), (RoundVerdict{{1}, false}));
}

TEST(TeaShowdown, TiedWorstHandsAreAllInLineInTheOrderGiven) {
  const auto t = table({{1, 6}, {1, 3}, {1, 9}, {1, 3}, {1, 9}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{1, 3}, false}));
  EXPECT_EQ(judge_round(t, true), (RoundVerdict{{2, 4}, false}));
  // Seats are reported as given, not renumbered.
  const std::vector<Contender> seats = {{7, {1, 4}}, {2, {1, 4}}, {5, {1, 8}}};
  EXPECT_EQ(judge_round(seats, false), (RoundVerdict{{7, 2}, false}));
}

TEST(TeaShowdown, ValuelessHandsAreSafeWhileAnyoneHoldsAValue) {
  // A hand of only the Reverse Joker is safe, normal or reversed.
  const auto t = table({{}, {1, 13}, {1, 12}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{2}, false}));
  EXPECT_EQ(judge_round(t, true), (RoundVerdict{{1}, false}));
}

TEST(TeaShowdown, WhenNobodyHoldsAValueAllTie) {
  const auto t = table({{}, {}});
  EXPECT_EQ(judge_round(t, true), (RoundVerdict{{0, 1}, false}));
  EXPECT_EQ(judge_round(std::vector<Contender>{}, false), RoundVerdict{});
}

TEST(TeaShowdown, OddOneOutLosesWithFourValuedContenders) {
  // Three 8s and a king: the king is the odd one out, although the 8s are
  // lower, and although it would be safe under the lowest-loses rule.
  const auto t = table({{1, 8}, {1, 8}, {1, 13}, {1, 8}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{2}, true}));
}

TEST(TeaShowdown, OddOneOutIgnoresReversal) {
  // Three kings and a 2: reversed, the highest would lose, but the 2 is odd.
  const auto t = table({{1, 13}, {1, 2}, {1, 13}, {1, 13}});
  EXPECT_EQ(judge_round(t, true), (RoundVerdict{{1}, true}));
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{1}, true}));
}

TEST(TeaShowdown, OddOneOutComparesWholeWorths) {
  // Pairs of 5s against single 5s: a pair of 5s is not "the same value" as a
  // single 5, so the single is odd.
  const auto t = table({{2, 5}, {2, 5}, {1, 5}, {2, 5}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{2}, true}));
}

TEST(TeaShowdown, OddOneOutNeedsFourValuedContenders) {
  // Three contenders: two 8s and a king is an ordinary round (the 8s tie).
  const auto three = table({{1, 8}, {1, 13}, {1, 8}});
  EXPECT_EQ(judge_round(three, false), (RoundVerdict{{0, 2}, false}));
  // Four contenders but one holds no value: still only three valued.
  const auto one_valueless = table({{1, 8}, {1, 13}, {}, {1, 8}});
  EXPECT_EQ(judge_round(one_valueless, false), (RoundVerdict{{0, 3}, false}));
}

TEST(TeaShowdown, OddOneOutNeedsAllButOneEqual) {
  // Two 8s, a king and a 3: no odd one out, the 3 loses.
  const auto t = table({{1, 8}, {1, 13}, {1, 8}, {1, 3}});
  EXPECT_EQ(judge_round(t, false), (RoundVerdict{{3}, false}));
  // Everyone equal: no odd one out, all tie.
  const auto all = table({{1, 6}, {1, 6}, {1, 6}, {1, 6}});
  EXPECT_EQ(judge_round(all, false), (RoundVerdict{{0, 1, 2, 3}, false}));
  // Five players, four equal: the fifth is odd (first seat too).
  const auto five = table({{1, 2}, {1, 10}, {1, 10}, {1, 10}, {1, 10}});
  EXPECT_EQ(judge_round(five, false), (RoundVerdict{{0}, true}));
}

}  // namespace
}  // namespace kibitz::tea_game
