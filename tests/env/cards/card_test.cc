// Card numbering, names and parsing (spoon_nomic.md, "The card substrate").
#include "env/cards/card.h"

#include <gtest/gtest.h>

#include <string>

#include "env/core/error.h"
#include "tests/support/error_of.h"

namespace kibitz::cards {
namespace {

TEST(CardTest, NumberingFollowsTheRule) {
  // pack*52 + suit*13 + rank, with D=0 S=1 H=2 C=3 and red=0 .. corporate=3.
  EXPECT_EQ(Card::make(0, Suit::kDiamonds, kAce).id(), 1);
  EXPECT_EQ(Card::make(0, Suit::kDiamonds, kKing).id(), 13);
  EXPECT_EQ(Card::make(0, Suit::kSpades, kAce).id(), 14);
  EXPECT_EQ(Card::make(0, Suit::kHearts, 7).id(), 26 + 7);
  EXPECT_EQ(Card::make(0, Suit::kClubs, kKing).id(), 52);
  EXPECT_EQ(Card::make(1, Suit::kDiamonds, kAce).id(), 53);
  EXPECT_EQ(Card::make(1, Suit::kSpades, kAce).id(), 52 + 13 + 1);
  EXPECT_EQ(Card::make(2, Suit::kHearts, kQueen).id(), 104 + 26 + 12);
  EXPECT_EQ(Card::make(3, Suit::kClubs, kKing).id(), 208);
  EXPECT_EQ(Card::joker(0).id(), 209);
  EXPECT_EQ(Card::joker(kMaxJokers - 1).id(), 209 + 15);
  EXPECT_LT(Card::joker(kMaxJokers - 1).id(), kCardIdLimit);
}

TEST(CardTest, EveryIdRoundTripsThroughItsParts) {
  for (int id = 1; id <= kMaxPacks * kCardsPerPack; ++id) {
    const Card c = Card::from_id(id);
    ASSERT_TRUE(c.is_valid()) << id;
    ASSERT_FALSE(c.is_joker()) << id;
    EXPECT_EQ(Card::make(c.pack(), c.suit(), c.rank()), c) << id;
    EXPECT_EQ(static_cast<int>(c.back()), c.pack()) << id;
    EXPECT_GE(c.rank(), kAce);
    EXPECT_LE(c.rank(), kKing);
  }
  // Every (pack, suit, rank) gets a distinct id in 1..208.
  int expected = 1;
  for (int pack = 0; pack < kMaxPacks; ++pack) {
    for (int suit = 0; suit < kNumSuits; ++suit) {
      for (int rank = kAce; rank <= kKing; ++rank) {
        EXPECT_EQ(Card::make(pack, static_cast<Suit>(suit), rank).id(), expected++);
      }
    }
  }
}

TEST(CardTest, ValidityAndJokers) {
  EXPECT_FALSE(Card().is_valid());
  EXPECT_FALSE(Card::from_id(0).is_valid());
  EXPECT_TRUE(Card::from_id(208).is_valid());
  EXPECT_TRUE(Card::from_id(209).is_valid());
  EXPECT_TRUE(Card::from_id(209).is_joker());
  EXPECT_FALSE(Card::from_id(208).is_joker());
  EXPECT_FALSE(Card::from_id(kFirstJokerId + kMaxJokers).is_valid());
}

TEST(CardTest, MakeRejectsOutOfRangeParts) {
  EXPECT_THROW(Card::make(-1, Suit::kClubs, 1), KibitzError);
  EXPECT_THROW(Card::make(kMaxPacks, Suit::kClubs, 1), KibitzError);
  EXPECT_THROW(Card::make(0, Suit::kClubs, 0), KibitzError);
  EXPECT_THROW(Card::make(0, Suit::kClubs, 14), KibitzError);
  EXPECT_THROW(Card::make(0, static_cast<Suit>(4), 1), KibitzError);
  EXPECT_THROW(Card::joker(-1), KibitzError);
  EXPECT_THROW(Card::joker(kMaxJokers), KibitzError);
  EXPECT_NE(error_of([] { Card::make(0, Suit::kClubs, 14); }).find("rank 14"), std::string::npos);
}

TEST(CardTest, NamesOfSomeCards) {
  EXPECT_EQ(Card::from_id(1).to_string(), "AD");
  EXPECT_EQ(Card::from_id(10).to_string(), "TD");
  EXPECT_EQ(Card::from_id(52).to_string(), "KC");
  EXPECT_EQ(Card::make(0, Suit::kHearts, 7).to_string(), "7H");
  EXPECT_EQ(Card::make(0, Suit::kSpades, kJack).to_string(), "JS");
  EXPECT_EQ(Card::from_id(66).to_string(), "AS@blue");
  EXPECT_EQ(Card::make(2, Suit::kHearts, kQueen).to_string(), "QH@fish");
  EXPECT_EQ(Card::from_id(208).to_string(), "KC@corporate");
  EXPECT_EQ(Card::joker(0).to_string(), "Jk");
  EXPECT_EQ(Card::joker(1).to_string(), "Jk2");
  EXPECT_EQ(Card::joker(15).to_string(), "Jk16");
}

TEST(CardTest, EveryNameRoundTrips) {
  for (int id = 1; id <= kMaxPacks * kCardsPerPack; ++id) {
    const Card c = Card::from_id(id);
    const std::string name = c.to_string();
    EXPECT_EQ(parse_card(name), c) << name;
    // The red back is the default and is never printed.
    EXPECT_EQ(name.find("@red"), std::string::npos) << name;
    EXPECT_EQ(name.find('@') == std::string::npos, c.pack() == 0) << name;
  }
  for (int k = 0; k < kMaxJokers; ++k) {
    EXPECT_EQ(parse_card(Card::joker(k).to_string()), Card::joker(k));
  }
}

TEST(CardTest, ParsingAcceptsTheDocumentedVariants) {
  EXPECT_EQ(parse_card("10H"), parse_card("TH"));
  EXPECT_EQ(parse_card("10h@Blue"), Card::make(1, Suit::kHearts, 10));
  EXPECT_EQ(parse_card("as"), Card::make(0, Suit::kSpades, kAce));
  EXPECT_EQ(parse_card("kC"), Card::from_id(52));
  EXPECT_EQ(parse_card("AS@red"), parse_card("AS"));
  EXPECT_EQ(parse_card("AS@RED"), Card::from_id(14));
  EXPECT_EQ(parse_card("qh@FISH"), Card::make(2, Suit::kHearts, kQueen));
  EXPECT_EQ(parse_card("KC@corporate"), Card::from_id(208));
  EXPECT_EQ(parse_card("jk"), Card::joker(0));
  EXPECT_EQ(parse_card("JK3"), Card::joker(2));
  EXPECT_EQ(parse_card("JC"), Card::make(0, Suit::kClubs, kJack));  // a jack, not a joker
}

TEST(CardTest, BadNamesAreErrorsNamingTheText) {
  for (const char* bad : {"", "A", "1H", "11H", "10", "ASX", "XS", "AX", "AS@", "AS@green",
                          "AS@blue@fish", "Jk1", "Jk0", "Jk17", "Jk02", "Jkx", "@blue", "T"}) {
    const std::string message = error_of([&] { parse_card(bad); });
    ASSERT_FALSE(message.empty()) << "accepted \"" << bad << "\"";
    EXPECT_NE(message.find(std::string("\"") + bad + "\""), std::string::npos) << message;
    // The message also says what a valid name looks like.
    EXPECT_NE(message.find("D S H C"), std::string::npos) << message;
  }
}

TEST(CardTest, SuitAndBackNames) {
  EXPECT_EQ(suit_name(Suit::kDiamonds), "Diamonds");
  EXPECT_EQ(suit_name(Suit::kClubs), "Clubs");
  EXPECT_EQ(suit_letter(Suit::kSpades), 'S');
  EXPECT_EQ(suit_letter(Suit::kHearts), 'H');
  EXPECT_EQ(back_name(Back::kRed), "red");
  EXPECT_EQ(back_name(Back::kBlue), "blue");
  EXPECT_EQ(back_name(Back::kFish), "fish");
  EXPECT_EQ(back_name(Back::kCorporate), "corporate");
}

TEST(CardTest, OrderIsById) {
  EXPECT_LT(parse_card("KD"), parse_card("AS"));
  EXPECT_LT(parse_card("KC"), parse_card("AD@blue"));
  EXPECT_LT(parse_card("KC@corporate"), parse_card("Jk"));
}

}  // namespace
}  // namespace kibitz::cards
