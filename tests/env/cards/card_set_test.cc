// CardSet operations, full packs and parse_cards / parse_card_list.
#include "env/cards/card_set.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "tests/support/error_of.h"

namespace kibitz::cards {
namespace {

std::string error_message(std::string_view text) {
  return error_of([&] { parse_cards(text); });
}

TEST(CardSetTest, InsertEraseContainsSize) {
  CardSet set;
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.size(), 0);
  const Card as = parse_card("AS");
  const Card kc = parse_card("KC@corporate");
  const Card jk = Card::joker(3);
  set.insert(as);
  set.insert(kc);
  set.insert(jk);
  set.insert(as);  // inserting twice changes nothing
  EXPECT_EQ(set.size(), 3);
  EXPECT_FALSE(set.empty());
  EXPECT_TRUE(set.contains(as));
  EXPECT_TRUE(set.contains(kc));
  EXPECT_TRUE(set.contains(jk));
  EXPECT_FALSE(set.contains(parse_card("AS@blue")));
  set.erase(kc);
  set.erase(kc);
  EXPECT_EQ(set.size(), 2);
  EXPECT_FALSE(set.contains(kc));
  set.clear();
  EXPECT_TRUE(set.empty());
}

TEST(CardSetTest, IterationIsInAscendingIdOrder) {
  const CardSet set = parse_cards("Jk KC@corporate 7H AS@blue AD KC");
  std::vector<int> ids;
  set.for_each([&](Card c) { ids.push_back(c.id()); });
  EXPECT_EQ(ids, (std::vector<int>{1, 26 + 7, 52, 66, 208, 209}));
  EXPECT_EQ(set.to_vector().size(), 6u);
  EXPECT_EQ(set.to_vector().front(), Card::from_id(1));
  EXPECT_EQ(set.to_string(), "AD 7H KC AS@blue KC@corporate Jk");
  EXPECT_EQ(CardSet().to_string(), "");
}

TEST(CardSetTest, NthAndFirstFollowIdOrder) {
  const CardSet set = parse_cards("Jk KC@corporate 7H AS@blue AD KC");
  const std::vector<Card> cards = set.to_vector();
  for (int k = 0; k < set.size(); ++k) EXPECT_EQ(set.nth(k), cards[static_cast<std::size_t>(k)]);
  EXPECT_EQ(set.first(), parse_card("AD"));
  EXPECT_EQ(parse_cards("Jk5").first(), Card::joker(4));
}

TEST(CardSetTest, NthMatchesIterationOnRandomSets) {
  // Random sets exercise every word and every bit position of the select.
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    CardSet set;
    const int density = 1 + static_cast<int>(rng.uniform_int(8));
    for (int id = 1; id < kCardIdLimit; ++id) {
      if (rng.uniform_int(8) < static_cast<std::uint64_t>(density)) set.insert(Card::from_id(id));
    }
    const std::vector<Card> cards = set.to_vector();
    ASSERT_EQ(static_cast<int>(cards.size()), set.size());
    for (int k = 0; k < set.size(); ++k) {
      ASSERT_EQ(set.nth(k), cards[static_cast<std::size_t>(k)]) << "trial " << trial << " k " << k;
    }
    if (!set.empty()) {
      EXPECT_EQ(set.first(), cards.front());
    }
  }
}

TEST(CardSetTest, SetAlgebra) {
  const CardSet a = parse_cards("AS KH 7D AS@blue");
  const CardSet b = parse_cards("KH 7D 2C Jk");
  EXPECT_EQ(a | b, parse_cards("AS KH 7D AS@blue 2C Jk"));
  EXPECT_EQ(a & b, parse_cards("KH 7D"));
  EXPECT_EQ(a - b, parse_cards("AS AS@blue"));
  EXPECT_EQ(b - a, parse_cards("2C Jk"));
  CardSet c = a;
  c |= b;
  c -= a;
  EXPECT_EQ(c, parse_cards("2C Jk"));
  c &= a;
  EXPECT_TRUE(c.empty());
  EXPECT_NE(a, b);
}

TEST(CardSetTest, FullPack) {
  for (int pack = 0; pack < kMaxPacks; ++pack) {
    const CardSet set = CardSet::full_pack(pack);
    EXPECT_EQ(set.size(), kCardsPerPack);
    EXPECT_EQ(set.first().id(), pack * kCardsPerPack + 1);
    EXPECT_EQ(set.nth(kCardsPerPack - 1).id(), (pack + 1) * kCardsPerPack);
    set.for_each([&](Card c) { EXPECT_EQ(c.pack(), pack); });
  }
  EXPECT_TRUE((CardSet::full_pack(0) & CardSet::full_pack(1)).empty());
  EXPECT_THROW(CardSet::full_pack(-1), KibitzError);
  EXPECT_THROW(CardSet::full_pack(kMaxPacks), KibitzError);
}

TEST(CardSetTest, ParseCardsAssignsBareJokersInTurn) {
  EXPECT_EQ(parse_cards("Jk Jk jk"), parse_cards("Jk Jk2 Jk3"));
  // A bare Jk takes the lowest joker not yet in the set.
  EXPECT_EQ(parse_cards("Jk2 Jk"), parse_cards("Jk Jk2"));
  EXPECT_EQ(parse_cards("Jk Jk3 Jk Jk"), parse_cards("Jk Jk2 Jk3 Jk4"));
  EXPECT_EQ(parse_card_list("Jk Jk"), (std::vector<Card>{Card::joker(0), Card::joker(1)}));
}

TEST(CardSetTest, ParseCardListKeepsWrittenOrder) {
  EXPECT_EQ(parse_card_list("KH  2C\tAS@fish "),
            (std::vector<Card>{parse_card("KH"), parse_card("2C"), parse_card("AS@fish")}));
  EXPECT_TRUE(parse_card_list("").empty());
  EXPECT_TRUE(parse_cards("   ").empty());
}

TEST(CardSetTest, ParseErrorsNameTheToken) {
  std::string message = error_message("AS KX 7D");
  EXPECT_NE(message.find("\"KX\""), std::string::npos) << message;
  // "10H" and "TH" are the same card, so writing both repeats it.
  message = error_message("TH 7D 10H");
  EXPECT_NE(message.find("\"10H\""), std::string::npos) << message;
  EXPECT_NE(message.find("repeated"), std::string::npos) << message;
  message = error_message("Jk Jk Jk2");
  EXPECT_NE(message.find("\"Jk2\""), std::string::npos) << message;
  EXPECT_THROW(parse_card_list("AS as"), KibitzError);
  EXPECT_NO_THROW(parse_cards("AS AS@blue"));  // different backs, different cards
  std::string many;
  for (int k = 0; k <= kMaxJokers; ++k) many += "Jk ";
  message = error_message(many);
  EXPECT_NE(message.find("jokers"), std::string::npos) << message;
}

}  // namespace
}  // namespace kibitz::cards
