// Bad Adulting deck files, one test per way each field of the schema
// (docs/rules/adulting.md "Deck files") can be wrong. Every error must name
// the file, the card (by name, or by position when the name is the problem)
// and the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/games/adulting/cards.h"

namespace kibitz::adulting {
namespace {

// Three good cards; a test puts its own card third, between them.
const char* const kFirst = R"({"name": "H1", "suit": "hearts", "job": "rank"})";
const char* const kSecond = R"({"name": "S1", "suit": "spades", "job": "payout"})";
const char* const kLast =
    R"({"name": "Tax", "suit": "diamonds", "effect": "tax", "amount": 1, "job": "category"})";

std::string deck_of(const std::vector<std::string>& cards) {
  std::string out = "{\"cards\": [\n";
  for (std::size_t i = 0; i < cards.size(); ++i) out += (i > 0 ? ",\n" : "") + cards[i];
  return out + "\n]}\n";
}

std::string deck_with(const std::string& third) { return deck_of({kFirst, kSecond, third, kLast}); }

// The message of the error that reading `json` as "my.json" throws, and a
// test failure when it throws none.
std::string error_of(const std::string& json) {
  try {
    parse_deck_json(json, "my.json");
  } catch (const KibitzError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error for:\n" << json;
  return "";
}

void expect_error(const std::string& json, std::initializer_list<std::string_view> parts) {
  const std::string message = error_of(json);
  EXPECT_TRUE(message.starts_with("my.json: ")) << message;
  for (const std::string_view part : parts) {
    EXPECT_NE(message.find(part), std::string::npos) << "\"" << part << "\" not in: " << message;
  }
}

// An error about card 3's field `field`, naming the card as `card`.
void expect_card_error(const std::string& third, std::string_view card, std::string_view field,
                       std::initializer_list<std::string_view> more = {}) {
  const std::string message = error_of(deck_with(third));
  const std::string where = std::string(card) + ": field \"" + std::string(field) + "\"";
  EXPECT_TRUE(message.starts_with("my.json: " + where)) << message;
  for (const std::string_view part : more) {
    EXPECT_NE(message.find(part), std::string::npos) << "\"" << part << "\" not in: " << message;
  }
}

TEST(AdultingBadDeck, TheCardsAroundEachTestAreGood) {
  EXPECT_EQ(parse_deck_json(deck_with(R"({"name": "X", "suit": "clubs", "job": "rank"})"), "ok")
                .size(),
            4);
}

// name

TEST(AdultingBadDeck, NameMissingNamesThePosition) {
  expect_card_error(R"({"suit": "clubs", "job": "rank"})", "card 3", "name", {"missing"});
}

TEST(AdultingBadDeck, NameNotAText) {
  expect_card_error(R"({"name": 7, "suit": "clubs", "job": "rank"})", "card 3", "name",
                    {"must be a text"});
}

TEST(AdultingBadDeck, NameEmpty) {
  expect_card_error(R"({"name": "", "suit": "clubs", "job": "rank"})", "card 3", "name",
                    {"\"\" is not 1 to 12 letters and digits"});
}

TEST(AdultingBadDeck, NameLongerThanTwelve) {
  expect_card_error(R"({"name": "ABCDEFGHIJKLM", "suit": "clubs", "job": "rank"})", "card 3",
                    "name", {"\"ABCDEFGHIJKLM\" is not 1 to 12"});
  // Twelve is allowed.
  EXPECT_EQ(parse_deck_json(deck_with(R"({"name": "ABCDEFGHIJKL", "suit": "clubs", "job": "rank"})"),
                            "ok")
                .cards[2]
                .name,
            "ABCDEFGHIJKL");
}

TEST(AdultingBadDeck, NameWithOtherCharacters) {
  expect_card_error(R"({"name": "H-1", "suit": "clubs", "job": "rank"})", "card 3", "name",
                    {"\"H-1\""});
  expect_card_error(R"({"name": "H 1", "suit": "clubs", "job": "rank"})", "card 3", "name");
  // A control character is shown escaped, never raw.
  const std::string message =
      error_of(deck_with(R"({"name": "H\u00011", "suit": "clubs", "job": "rank"})"));
  EXPECT_NE(message.find("\\x01"), std::string::npos) << message;
  EXPECT_EQ(message.find('\x01'), std::string::npos) << message;
}

TEST(AdultingBadDeck, NameRepeatedInAnyCase) {
  expect_card_error(R"({"name": "h1", "suit": "clubs", "job": "rank"})", "card 3", "name",
                    {"\"h1\" is already the name of card 1 (\"H1\""});
}

TEST(AdultingBadDeck, NameGivenTwice) {
  expect_card_error(R"({"name": "X", "name": "Y", "suit": "clubs", "job": "rank"})", "card 3",
                    "name", {"more than once"});
}

// suit

TEST(AdultingBadDeck, SuitMissing) {
  expect_card_error(R"({"name": "X", "job": "rank"})", "card \"X\"", "suit", {"missing"});
}

TEST(AdultingBadDeck, SuitUnknown) {
  expect_card_error(R"({"name": "X", "suit": "heart", "job": "rank"})", "card \"X\"", "suit",
                    {"\"heart\" is not a suit", "hearts, clubs, diamonds, spades"});
  expect_card_error(R"({"name": "X", "suit": "none", "job": "rank"})", "card \"X\"", "suit");
  expect_card_error(R"({"name": "X", "suit": "Hearts", "job": "rank"})", "card \"X\"", "suit");
}

TEST(AdultingBadDeck, SuitNotAText) {
  expect_card_error(R"({"name": "X", "suit": 0, "job": "rank"})", "card \"X\"", "suit",
                    {"must be a text"});
}

// second

TEST(AdultingBadDeck, SecondUnknown) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "second": "cups", "job": "rank"})",
                    "card \"X\"", "second", {"\"cups\" is not a suit"});
}

TEST(AdultingBadDeck, SecondTheSameAsSuit) {
  expect_card_error(R"({"name": "HC1", "suit": "hearts", "second": "hearts", "job": "rank"})",
                    "card \"HC1\"", "second", {"\"hearts\" is the same as \"suit\""});
}

TEST(AdultingBadDeck, SecondTogetherWithAnEffect) {
  expect_card_error(
      R"({"name": "X", "suit": "hearts", "second": "clubs", "effect": "peek", "job": "rank"})",
      "card \"X\"", "second", {"effect", "not both"});
}

TEST(AdultingBadDeck, SecondNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "second": null, "job": "rank"})",
                    "card \"X\"", "second", {"must be a text"});
}

// effect

TEST(AdultingBadDeck, EffectUnknown) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "effect": "bribe", "job": "rank"})",
                    "card \"X\"", "effect",
                    {"\"bribe\" is not an effect", "bank, tax, peek, steal, qualify"});
  expect_card_error(R"({"name": "X", "suit": "hearts", "effect": "none", "job": "rank"})",
                    "card \"X\"", "effect");
}

TEST(AdultingBadDeck, EffectNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "effect": ["peek"], "job": "rank"})",
                    "card \"X\"", "effect", {"must be a text"});
}

// amount

TEST(AdultingBadDeck, AmountMissingForBankAndTax) {
  expect_card_error(R"({"name": "B", "suit": "hearts", "effect": "bank", "job": "rank"})",
                    "card \"B\"", "amount", {"missing", "\"bank\"", "[1, 10]"});
  expect_card_error(R"({"name": "T", "suit": "hearts", "effect": "tax", "job": "rank"})",
                    "card \"T\"", "amount", {"missing", "\"tax\""});
}

TEST(AdultingBadDeck, AmountForAnotherEffectOrNoEffect) {
  expect_card_error(
      R"({"name": "P", "suit": "hearts", "effect": "peek", "amount": 2, "job": "rank"})",
      "card \"P\"", "amount", {"only a card with effect \"bank\" or \"tax\""});
  expect_card_error(R"({"name": "P", "suit": "hearts", "amount": 2, "job": "rank"})", "card \"P\"",
                    "amount");
}

TEST(AdultingBadDeck, AmountOutOfRange) {
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": 0, "job": "rank"})",
      "card \"B\"", "amount", {"0 is not in [1, 10]"});
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": 11, "job": "rank"})",
      "card \"B\"", "amount", {"11 is not in [1, 10]"});
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": -3, "job": "rank"})",
      "card \"B\"", "amount");
}

TEST(AdultingBadDeck, AmountNotAWholeNumber) {
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": 2.5, "job": "rank"})",
      "card \"B\"", "amount", {"whole number"});
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": "2", "job": "rank"})",
      "card \"B\"", "amount", {"whole number"});
  expect_card_error(R"({"name": "B", "suit": "hearts", "effect": "bank",
                        "amount": 99999999999999999999, "job": "rank"})",
                    "card \"B\"", "amount");
}

// job

TEST(AdultingBadDeck, JobMissing) {
  expect_card_error(R"({"name": "X", "suit": "hearts"})", "card \"X\"", "job", {"missing"});
}

TEST(AdultingBadDeck, JobUnknown) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "chores"})", "card \"X\"", "job",
                    {"\"chores\" is not a job", "category, rank, payout, challenge"});
}

TEST(AdultingBadDeck, JobNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": 1})", "card \"X\"", "job",
                    {"must be a text"});
}

// job_text, question

TEST(AdultingBadDeck, JobTextNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "job_text": 3})",
                    "card \"X\"", "job_text", {"must be a text"});
}

TEST(AdultingBadDeck, QuestionNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "question": true})",
                    "card \"X\"", "question", {"must be a text"});
}

// adult

TEST(AdultingBadDeck, AdultOutOfRange) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": 1.5})",
                    "card \"X\"", "adult", {"1.5 is not in [0, 1]"});
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": -0.1})",
                    "card \"X\"", "adult", {"-0.1 is not in [0, 1]"});
  // The ends are allowed.
  for (const char* adult : {"0", "1", "0.0", "1.0"}) {
    const std::string card =
        std::string(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": )") + adult + "}";
    EXPECT_NO_THROW(parse_deck_json(deck_with(card), "ok")) << adult;
  }
}

TEST(AdultingBadDeck, AdultNotANumber) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": "0.5"})",
                    "card \"X\"", "adult", {"must be a number"});
}

// fields that are not in the schema

TEST(AdultingBadDeck, AnUnknownFieldIsNamedNotIgnored) {
  expect_card_error(R"({"name": "X", "suite": "hearts", "suit": "hearts", "job": "rank"})",
                    "card \"X\"", "suite", {"not a card field", "name, suit, second"});
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "Adult": 0.5})",
                    "card \"X\"", "Adult", {"not a card field"});
}

TEST(AdultingBadDeck, AFieldGivenTwice) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "suit": "clubs", "job": "rank"})",
                    "card \"X\"", "suit", {"more than once"});
}

// the deck as a whole

TEST(AdultingBadDeck, ACardThatIsNotAnObjectNamesItsPosition) {
  expect_error(deck_with(R"("H2")"), {"card 3: a card is a JSON object"});
}

TEST(AdultingBadDeck, TheTopLevelIsAnObjectWithCards) {
  expect_error(R"([{"name": "H1", "suit": "hearts", "job": "rank"}])",
               {"a deck file is a JSON object {\"cards\": [...]}"});
  expect_error(R"({})", {"key \"cards\" is missing"});
  expect_error(R"({"cards": {"name": "H1"}})", {"key \"cards\" must be an array"});
  expect_error(R"({"card": []})", {"key \"card\" is not part of a deck file"});
  expect_error(R"({"cards": [], "cards": []})", {"key \"cards\" appears more than once"});
}

TEST(AdultingBadDeck, FourToSixtyFourCards) {
  expect_error(deck_of({kFirst, kSecond, kLast}), {"key \"cards\"", "4 to 64 cards, this one 3"});
  std::vector<std::string> cards;
  for (int i = 1; i <= 65; ++i) {
    cards.push_back(R"({"name": "C)" + std::to_string(i) + R"(", "suit": "clubs", "job": "rank"})");
  }
  expect_error(deck_of(cards), {"this one 65"});
  cards.pop_back();
  EXPECT_EQ(parse_deck_json(deck_of(cards), "ok").size(), 64);
}

TEST(AdultingBadDeck, MalformedJsonNamesLineAndColumn) {
  // The comma after the card on line 3 is missing: the parser stops at the
  // next card, at the start of line 4.
  const std::string text = "{\"cards\": [\n" + std::string(kFirst) + ",\n" + kSecond + "\n" +
                           kLast + "\n]}";
  expect_error(text, {"not valid JSON at line 4, column 1"});
  expect_error("{\"cards\": [1, 2,]}", {"not valid JSON at line 1, column 17"});
}

TEST(AdultingBadDeck, NaNAndInfinityAreNotNumbers) {
  expect_error(deck_with(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": NaN})"),
               {"not valid JSON at line 4"});
  expect_error(deck_with(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": Infinity})"),
               {"not valid JSON at line 4"});
}

TEST(AdultingBadDeck, ANulByteIsRefused) {
  std::string text = deck_with(R"({"name": "X", "suit": "hearts", "job": "rank"})");
  text += std::string("\0 trailing", 10);
  expect_error(text, {"a NUL byte"});
}

TEST(AdultingBadDeck, AMissingFileOrADirectoryNamesThePath) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "adulting_bad_deck";
  std::filesystem::create_directories(dir);
  for (const std::string& path : {(dir / "no_such_deck.json").string(), dir.string()}) {
    try {
      load_deck_file(path);
      ADD_FAILURE() << "no error for " << path;
    } catch (const KibitzError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("deck file"), std::string::npos) << e.what();
    }
  }
}

TEST(AdultingBadDeck, AFileErrorNamesTheFile) {
  const std::filesystem::path path =
      std::filesystem::path(::testing::TempDir()) / "adulting_bad_second.json";
  std::ofstream(path) << deck_with(
      R"({"name": "HC1", "suit": "hearts", "second": "hearts", "job": "rank"})");
  try {
    load_deck_file(path.string());
    ADD_FAILURE() << "no error";
  } catch (const KibitzError& e) {
    EXPECT_EQ(std::string(e.what()), path.string() +
                                         ": card \"HC1\": field \"second\": \"hearts\" is the "
                                         "same as \"suit\"");
  }
}

}  // namespace
}  // namespace kibitz::adulting
