// Adulting's cards: the built-in deck as docs/rules/adulting.md "Cards" lists
// it, the columns a back allows, and good deck files read back field for
// field (bad ones: deck_file_test.cc).
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/json_text.h"
#include "env/games/adulting/cards.h"

namespace kibitz::adulting {
namespace {

const Card& card_named(const Deck& deck, std::string_view name) {
  const int index = deck.find(name);
  EXPECT_GE(index, 0) << name;
  return deck.cards.at(static_cast<std::size_t>(index));
}

TEST(AdultingDefaultDeck, HoldsTheFortyCardsOfTheRulesInDeckOrder) {
  std::vector<std::string> expected;
  for (const char* suit : {"H", "C", "D"}) {
    for (int rank = 1; rank <= 8; ++rank) expected.push_back(suit + std::to_string(rank));
  }
  for (int rank = 1; rank <= 4; ++rank) expected.push_back("S" + std::to_string(rank));
  for (const char* name : {"HC1", "HC2", "CD1", "CD2", "DH1", "DH2", "Bank", "Windfall", "Tax",
                           "Peek", "Steal", "Pass"}) {
    expected.push_back(name);
  }
  std::vector<std::string> names;
  for (const Card& card : default_deck().cards) names.push_back(card.name);
  EXPECT_EQ(names, expected);
}

TEST(AdultingDefaultDeck, CountsPerKindOfBack) {
  std::map<std::string, int> singles;  // suit word -> single-suit cards
  int duals = 0;
  int effects = 0;
  int spades = 0;
  for (const Card& card : default_deck().cards) {
    if (card.is_spade()) ++spades;
    if (card.second != Suit::kNone) {
      ++duals;
    } else if (card.effect != Effect::kNone) {
      ++effects;
    } else {
      ++singles[std::string(suit_word(card.suit))];
    }
  }
  EXPECT_EQ(default_deck().size(), 40);
  EXPECT_EQ(singles, (std::map<std::string, int>{{"clubs", 8}, {"diamonds", 8}, {"hearts", 8},
                                                 {"spades", 4}}));
  EXPECT_EQ(spades, 4);
  EXPECT_EQ(duals, 6);
  EXPECT_EQ(effects, 6);
}

TEST(AdultingDefaultDeck, DualAndEffectBacksAreAsListed) {
  const Deck& deck = default_deck();
  std::vector<std::string> backs;
  for (const char* name : {"HC1", "HC2", "CD1", "CD2", "DH1", "DH2", "Bank", "Windfall", "Tax",
                           "Peek", "Steal", "Pass"}) {
    backs.push_back(card_named(deck, name).back_name());
  }
  EXPECT_EQ(backs, (std::vector<std::string>{"H/C", "H/C", "C/D", "C/D", "D/H", "D/H", "H+bank3",
                                             "C+bank2", "D+tax1", "H+peek", "C+steal",
                                             "D+qualify"}));
  EXPECT_EQ(card_named(deck, "Bank").amount, 3);
  EXPECT_EQ(card_named(deck, "Windfall").amount, 2);
  EXPECT_EQ(card_named(deck, "Tax").amount, 1);
  EXPECT_EQ(card_named(deck, "Peek").amount, 0);
  EXPECT_EQ(card_named(deck, "H3").back_name(), "H");
  EXPECT_EQ(card_named(deck, "S2").back_name(), "S");
}

TEST(AdultingDefaultDeck, JobsGoRoundTheFourTypesTenEach) {
  const Deck& deck = default_deck();
  std::map<Job, int> per_job;
  for (int i = 0; i < deck.size(); ++i) {
    const Card& card = deck.cards[static_cast<std::size_t>(i)];
    EXPECT_EQ(card.job, static_cast<Job>(i % 4)) << card.name;
    ++per_job[card.job];
  }
  EXPECT_EQ(per_job, (std::map<Job, int>{{Job::kCategory, 10}, {Job::kRank, 10},
                                         {Job::kPayout, 10}, {Job::kChallenge, 10}}));
}

TEST(AdultingDefaultDeck, NamesAreUniqueInAnyCaseAndEveryFrontIsFilled) {
  const Deck& deck = default_deck();
  std::set<std::string> lower_names;
  std::set<std::string> questions;
  for (int i = 0; i < deck.size(); ++i) {
    const Card& card = deck.cards[static_cast<std::size_t>(i)];
    std::string lower;
    for (const char c : card.name) lower += static_cast<char>(std::tolower(c));
    lower_names.insert(lower);
    questions.insert(card.question);
    EXPECT_EQ(deck.find(card.name), i);
    EXPECT_EQ(deck.find(lower), i);
    EXPECT_FALSE(card.job_text.empty()) << card.name;
    EXPECT_FALSE(card.question.empty()) << card.name;
    EXPECT_DOUBLE_EQ(card.adult, 0.5) << card.name;
  }
  EXPECT_EQ(lower_names.size(), 40u);
  EXPECT_EQ(questions.size(), 40u) << "every card asks its own question";
  EXPECT_EQ(deck.find("S5"), -1);
  EXPECT_EQ(deck.find(""), -1);
}

// Columns: 0 hearts, 1 clubs, 2 diamonds.
std::vector<int> columns_of(const Card& card) {
  std::vector<int> out;
  for (int column = -1; column <= kNumColumns; ++column) {
    if (card.fits_column(column)) out.push_back(column);
  }
  return out;
}

Card back(Suit suit, Suit second = Suit::kNone, Effect effect = Effect::kNone) {
  Card card;
  card.name = "X";
  card.suit = suit;
  card.second = second;
  card.effect = effect;
  return card;
}

TEST(AdultingCard, ASingleSuitFitsItsOwnColumnOnly) {
  EXPECT_EQ(columns_of(back(Suit::kHearts)), std::vector<int>{0});
  EXPECT_EQ(columns_of(back(Suit::kClubs)), std::vector<int>{1});
  EXPECT_EQ(columns_of(back(Suit::kDiamonds)), std::vector<int>{2});
  EXPECT_FALSE(back(Suit::kHearts).is_spade());
}

TEST(AdultingCard, ASpadeFitsEveryColumn) {
  EXPECT_EQ(columns_of(back(Suit::kSpades)), (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(back(Suit::kSpades).is_spade());
}

TEST(AdultingCard, ADualFitsEitherOfItsSuits) {
  EXPECT_EQ(columns_of(back(Suit::kHearts, Suit::kClubs)), (std::vector<int>{0, 1}));
  EXPECT_EQ(columns_of(back(Suit::kDiamonds, Suit::kHearts)), (std::vector<int>{0, 2}));
  EXPECT_FALSE(back(Suit::kClubs, Suit::kDiamonds).is_spade());
}

TEST(AdultingCard, ADualWithSpadesIsWildAndCountsAsASpade) {
  EXPECT_EQ(columns_of(back(Suit::kDiamonds, Suit::kSpades)), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(columns_of(back(Suit::kSpades, Suit::kClubs)), (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(back(Suit::kDiamonds, Suit::kSpades).is_spade());
  EXPECT_TRUE(back(Suit::kSpades, Suit::kClubs).is_spade());
  EXPECT_EQ(back(Suit::kDiamonds, Suit::kSpades).back_name(), "D/S");
}

TEST(AdultingCard, AnEffectCardFitsItsPrimarySuitColumn) {
  EXPECT_EQ(columns_of(back(Suit::kDiamonds, Suit::kNone, Effect::kTax)), std::vector<int>{2});
  EXPECT_EQ(columns_of(back(Suit::kHearts, Suit::kNone, Effect::kPeek)), std::vector<int>{0});
  EXPECT_EQ(columns_of(back(Suit::kSpades, Suit::kNone, Effect::kSteal)),
            (std::vector<int>{0, 1, 2}));
}

TEST(AdultingCard, WordsAndLetters) {
  EXPECT_EQ(suit_word(Suit::kDiamonds), "diamonds");
  EXPECT_EQ(suit_letter(Suit::kClubs), 'C');
  EXPECT_EQ(effect_word(Effect::kQualify), "qualify");
  EXPECT_EQ(job_word(Job::kChallenge), "challenge");
}

// The deck as a deck file, every field written out.
std::string to_json(const Deck& deck) {
  std::string out = "{\"cards\": [\n";
  for (std::size_t i = 0; i < deck.cards.size(); ++i) {
    const Card& card = deck.cards[i];
    out += (i > 0 ? ",\n" : "") + std::string("  {\"name\": ") + json_quote(card.name) +
           ", \"suit\": " + json_quote(suit_word(card.suit));
    if (card.second != Suit::kNone) out += ", \"second\": " + json_quote(suit_word(card.second));
    if (card.effect != Effect::kNone) out += ", \"effect\": " + json_quote(effect_word(card.effect));
    if (card.amount != 0) out += ", \"amount\": " + std::to_string(card.amount);
    out += ", \"job\": " + json_quote(job_word(card.job)) +
           ", \"job_text\": " + json_quote(card.job_text) +
           ", \"question\": " + json_quote(card.question) +
           ", \"adult\": " + internal::concat(card.adult) + "}";
  }
  return out + "\n]}\n";
}

void expect_same_cards(const Deck& got, const Deck& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.cards.size(); ++i) {
    const Card& a = got.cards[i];
    const Card& b = want.cards[i];
    SCOPED_TRACE(b.name);
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.suit, b.suit);
    EXPECT_EQ(a.second, b.second);
    EXPECT_EQ(a.effect, b.effect);
    EXPECT_EQ(a.amount, b.amount);
    EXPECT_EQ(a.job, b.job);
    EXPECT_EQ(a.job_text, b.job_text);
    EXPECT_EQ(a.question, b.question);
    EXPECT_DOUBLE_EQ(a.adult, b.adult);
  }
}

std::filesystem::path temp_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(AdultingDeckFile, TheDefaultDeckWrittenAsAFileReadsBackTheSame) {
  const std::string path = (temp_dir("adulting_default_deck") / "default.json").string();
  std::ofstream(path) << to_json(default_deck());
  expect_same_cards(load_deck_file(path), default_deck());
}

TEST(AdultingDeckFile, AHandWrittenDeckReadsEveryFieldAndTheDefaults) {
  Deck want;
  want.cards.resize(5);
  want.cards[0] = {"a1", Suit::kHearts, Suit::kNone, Effect::kNone, 0, Job::kRank,
                   "How many \"socks\" match?", "Do you d\u00e9clutter?", 0.25};
  want.cards[1] = {"SC9", Suit::kSpades, Suit::kClubs, Effect::kNone, 0, Job::kPayout, "", "", 1.0};
  want.cards[2] = {"Rich", Suit::kClubs, Suit::kNone, Effect::kBank, 10, Job::kCategory, "t", "q",
                   0.0};
  want.cards[3] = {"Snoop", Suit::kDiamonds, Suit::kNone, Effect::kPeek, 0, Job::kChallenge, "",
                   "q2", 0.5};
  want.cards[4] = {"Thief", Suit::kHearts, Suit::kNone, Effect::kSteal, 0, Job::kRank, "", "", 0.5};
  const std::string path = (temp_dir("adulting_hand_deck") / "hand.json").string();
  std::ofstream(path) << to_json(want);
  expect_same_cards(load_deck_file(path), want);

  // Optional fields left out take their defaults.
  const Deck bare = parse_deck_json(
      R"({"cards": [{"name": "A", "suit": "hearts", "job": "rank"},
                    {"name": "B", "suit": "clubs", "job": "rank"},
                    {"name": "C", "suit": "diamonds", "job": "rank"},
                    {"name": "D", "suit": "spades", "job": "rank"}]})",
      "bare");
  ASSERT_EQ(bare.size(), 4);
  EXPECT_EQ(bare.cards[3].second, Suit::kNone);
  EXPECT_EQ(bare.cards[3].effect, Effect::kNone);
  EXPECT_EQ(bare.cards[3].amount, 0);
  EXPECT_EQ(bare.cards[3].job_text, "");
  EXPECT_EQ(bare.cards[3].question, "");
  EXPECT_DOUBLE_EQ(bare.cards[3].adult, 0.5);
}

TEST(AdultingDeckFile, TheDocumentedSmallDeckLoads) {
  const Deck deck =
      load_deck_file(std::string(KIBITZ_SOURCE_DIR) + "/docs/examples/adulting_small_deck.json");
  ASSERT_EQ(deck.size(), 12);
  EXPECT_EQ(card_named(deck, "HC1").back_name(), "H/C");
  EXPECT_EQ(card_named(deck, "DS1").back_name(), "D/S");
  EXPECT_EQ(card_named(deck, "Bank").back_name(), "H+bank2");
  EXPECT_EQ(card_named(deck, "Tax").back_name(), "D+tax1");
  EXPECT_EQ(card_named(deck, "Pass").effect, Effect::kQualify);
  EXPECT_DOUBLE_EQ(card_named(deck, "H2").adult, 0.3);
  EXPECT_EQ(card_named(deck, "C2").job, Job::kChallenge);
  EXPECT_EQ(card_named(deck, "H1").question, "Do you floss daily?");
}

}  // namespace
}  // namespace kibitz::adulting
