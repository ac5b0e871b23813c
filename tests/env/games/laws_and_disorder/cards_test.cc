// Laws and Disorder's cards: the deck holds the text's card list (78 cards,
// the per-kind and per-colour counts), names are unique, and lookup by name
// works in any case and refuses unknown names.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/cards.h"

namespace kibitz::laws_and_disorder {
namespace {

std::map<Kind, int> count_in_deck() {
  std::map<Kind, int> counts;
  for (const Kind kind : deck_kinds()) ++counts[kind];
  return counts;
}

TEST(LawsAndDisorderCards, DeckHoldsSeventyEightCards) {
  EXPECT_EQ(kDeckSize, 78);
  EXPECT_EQ(deck_kinds().size(), 78u);
  int total = 0;
  for (const KindInfo& info : all_kinds()) total += info.count;
  EXPECT_EQ(total, 78);
}

TEST(LawsAndDisorderCards, PerKindCountsAreTheTextsCardList) {
  // "jobs x 5 per position", "1 card x 4", "2 card x 4", "1..5 monies x 2",
  // "gains x 8", "loses x 6", "gives x 6", "any position x 4", and each WHEN
  // card x 2.
  const std::map<std::string, int> expected = {
      {"JUDGE", 5},         {"BANKER", 5},       {"THIEF", 5},         {"SCIENTIST", 5},
      {"MERCHANT", 5},      {"PRIEST", 5},       {"ANY-POSITION", 4},  {"1-CARD", 4},
      {"2-CARDS", 4},       {"1-MONIES", 2},     {"2-MONIES", 2},      {"3-MONIES", 2},
      {"4-MONIES", 2},      {"5-MONIES", 2},     {"GAINS", 8},         {"LOSES", 6},
      {"GIVES", 6},         {"WHEN-TURN-START", 2}, {"WHEN-LAW-MADE", 2}, {"WHEN-ABILITY", 2},
  };
  const std::map<Kind, int> in_deck = count_in_deck();
  ASSERT_EQ(in_deck.size(), expected.size());
  for (const auto& [name, count] : expected) {
    const Kind kind = parse_kind(name);
    EXPECT_EQ(kind_info(kind).count, count) << name;
    EXPECT_EQ(in_deck.at(kind), count) << name;
  }
}

TEST(LawsAndDisorderCards, PerColourCounts) {
  std::map<Colour, int> counts;
  for (const Kind kind : deck_kinds()) ++counts[colour(kind)];
  EXPECT_EQ(counts[Colour::kBlue], 34);    // 30 jobs + 4 any position
  EXPECT_EQ(counts[Colour::kYellow], 18);  // 8 card objects + 10 monies
  EXPECT_EQ(counts[Colour::kPink], 20);
  EXPECT_EQ(counts[Colour::kPurple], 6);
}

TEST(LawsAndDisorderCards, NamesAreUniqueAndInKindOrder) {
  std::set<std::string> names;
  std::set<std::string> texts;
  int index = 0;
  for (const KindInfo& info : all_kinds()) {
    EXPECT_EQ(static_cast<int>(info.kind), index++) << info.name;
    EXPECT_TRUE(names.insert(std::string(info.name)).second) << info.name;
    EXPECT_TRUE(texts.insert(std::string(info.text)).second) << info.text;
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(kNumKinds));
}

TEST(LawsAndDisorderCards, LookupByNameInAnyCase) {
  for (const KindInfo& info : all_kinds()) {
    ASSERT_TRUE(find_kind(info.name).has_value()) << info.name;
    EXPECT_EQ(*find_kind(info.name), info.kind);
    EXPECT_EQ(kind_name(info.kind), info.name);
  }
  EXPECT_EQ(find_kind("judge"), Kind::kJudge);
  EXPECT_EQ(find_kind("When-Law-Made"), Kind::kWhenLawMade);
  EXPECT_EQ(parse_kind("2-monies"), Kind::kTwoMonies);
  EXPECT_FALSE(find_kind("THEIF").has_value());
  EXPECT_FALSE(find_kind("").has_value());
  EXPECT_FALSE(find_kind("JUDGES").has_value());
  EXPECT_THROW(parse_kind("6-MONIES"), KibitzError);
  try {
    parse_kind("GETS");
    FAIL() << "GETS parsed";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("'GETS'"), std::string::npos) << e.what();
  }
}

TEST(LawsAndDisorderCards, CardIdsAndKindProperties) {
  EXPECT_EQ(card_kind(0), Kind::kJudge);
  EXPECT_EQ(card_kind(5), Kind::kBanker);
  EXPECT_EQ(card_kind(30), Kind::kAnyPosition);
  EXPECT_EQ(card_kind(77), Kind::kWhenAbility);
  EXPECT_THROW(card_kind(-1), KibitzError);
  EXPECT_THROW(card_kind(78), KibitzError);

  for (int p = 0; p < kNumPositions; ++p) {
    const auto position = static_cast<Position>(p);
    EXPECT_TRUE(is_job(job_card(position)));
    EXPECT_EQ(position_of(job_card(position)), position);
  }
  EXPECT_EQ(position_name(Position::kThief), "THIEF");
  EXPECT_FALSE(is_job(Kind::kAnyPosition));
  EXPECT_TRUE(is_position_slot(Kind::kAnyPosition));
  EXPECT_FALSE(is_position_slot(Kind::kGives));
  EXPECT_FALSE(position_of(Kind::kAnyPosition).has_value());

  EXPECT_EQ(object_amount(Kind::kTwoCards), 2);
  EXPECT_TRUE(object_is_cards(Kind::kTwoCards));
  EXPECT_EQ(object_amount(Kind::kFiveMonies), 5);
  EXPECT_FALSE(object_is_cards(Kind::kFiveMonies));
  EXPECT_EQ(object_amount(Kind::kGains), 0);
  EXPECT_EQ(verb_of(Kind::kGives), Verb::kGives);
  EXPECT_FALSE(verb_of(Kind::kJudge).has_value());
  EXPECT_EQ(when_of(Kind::kWhenTurnStart), When::kTurnStart);
  EXPECT_FALSE(when_of(Kind::kOneCard).has_value());
}

}  // namespace
}  // namespace kibitz::laws_and_disorder
