// Bad Adulting deck files, one test per way each field of the schema
// (docs/rules/adulting.md "Deck files") can be wrong. Every error must name
// the file, the card (by position) and the field, and none may quote the
// file's own bytes (a name, a key or a value: issue 30).
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
  // No name from the file: the cards around it are H1, S1 and Tax.
  for (const char* name : {"\"H1\"", "\"S1\"", "\"Tax\""}) {
    EXPECT_EQ(message.find(name), std::string::npos) << message;
  }
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
                    {"is not 1 to 12 letters and digits (it has 0 bytes)"});
}

TEST(AdultingBadDeck, NameLongerThanTwelve) {
  expect_card_error(R"({"name": "ABCDEFGHIJKLM", "suit": "clubs", "job": "rank"})", "card 3",
                    "name", {"is not 1 to 12 letters and digits (it has 13 bytes)"});
  // Twelve is allowed.
  EXPECT_EQ(parse_deck_json(deck_with(R"({"name": "ABCDEFGHIJKL", "suit": "clubs", "job": "rank"})"),
                            "ok")
                .cards[2]
                .name,
            "ABCDEFGHIJKL");
}

TEST(AdultingBadDeck, NameWithOtherCharacters) {
  expect_card_error(R"({"name": "H-1", "suit": "clubs", "job": "rank"})", "card 3", "name",
                    {"letters and digits"});
  expect_card_error(R"({"name": "H 1", "suit": "clubs", "job": "rank"})", "card 3", "name");
  // A control character is not shown at all, raw or escaped.
  const std::string message =
      error_of(deck_with(R"({"name": "H\u00011", "suit": "clubs", "job": "rank"})"));
  EXPECT_EQ(message.find("\\x01"), std::string::npos) << message;
  EXPECT_EQ(message.find('\x01'), std::string::npos) << message;
}

TEST(AdultingBadDeck, NameRepeatedInAnyCase) {
  expect_card_error(R"({"name": "h1", "suit": "clubs", "job": "rank"})", "card 3", "name",
                    {"is already the name of card 1 (names are compared in any case)"});
}

TEST(AdultingBadDeck, NameGivenTwice) {
  expect_card_error(R"({"name": "X", "name": "Y", "suit": "clubs", "job": "rank"})", "card 3",
                    "name", {"more than once"});
}

// suit

TEST(AdultingBadDeck, SuitMissing) {
  expect_card_error(R"({"name": "X", "job": "rank"})", "card 3", "suit", {"missing"});
}

TEST(AdultingBadDeck, SuitUnknown) {
  expect_card_error(R"({"name": "X", "suit": "heart", "job": "rank"})", "card 3", "suit",
                    {"is not a suit; the suits are hearts, clubs, diamonds, spades"});
  expect_card_error(R"({"name": "X", "suit": "none", "job": "rank"})", "card 3", "suit");
  expect_card_error(R"({"name": "X", "suit": "Hearts", "job": "rank"})", "card 3", "suit");
}

TEST(AdultingBadDeck, SuitNotAText) {
  expect_card_error(R"({"name": "X", "suit": 0, "job": "rank"})", "card 3", "suit",
                    {"must be a text"});
}

// second

TEST(AdultingBadDeck, SecondUnknown) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "second": "cups", "job": "rank"})",
                    "card 3", "second", {"is not a suit"});
}

TEST(AdultingBadDeck, SecondTheSameAsSuit) {
  expect_card_error(R"({"name": "HC1", "suit": "hearts", "second": "hearts", "job": "rank"})",
                    "card 3", "second", {"\"hearts\" is the same as \"suit\""});
}

TEST(AdultingBadDeck, SecondTogetherWithAnEffect) {
  expect_card_error(
      R"({"name": "X", "suit": "hearts", "second": "clubs", "effect": "peek", "job": "rank"})",
      "card 3", "second", {"effect", "not both"});
}

TEST(AdultingBadDeck, SecondNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "second": null, "job": "rank"})",
                    "card 3", "second", {"must be a text"});
}

// effect

TEST(AdultingBadDeck, EffectUnknown) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "effect": "bribe", "job": "rank"})",
                    "card 3", "effect",
                    {"is not an effect; the effects are bank, tax, peek, steal, qualify"});
  expect_card_error(R"({"name": "X", "suit": "hearts", "effect": "none", "job": "rank"})",
                    "card 3", "effect");
}

TEST(AdultingBadDeck, EffectNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "effect": ["peek"], "job": "rank"})",
                    "card 3", "effect", {"must be a text"});
}

// amount

TEST(AdultingBadDeck, AmountMissingForBankAndTax) {
  expect_card_error(R"({"name": "B", "suit": "hearts", "effect": "bank", "job": "rank"})",
                    "card 3", "amount", {"missing", "\"bank\"", "[1, 10]"});
  expect_card_error(R"({"name": "T", "suit": "hearts", "effect": "tax", "job": "rank"})",
                    "card 3", "amount", {"missing", "\"tax\""});
}

TEST(AdultingBadDeck, AmountForAnotherEffectOrNoEffect) {
  expect_card_error(
      R"({"name": "P", "suit": "hearts", "effect": "peek", "amount": 2, "job": "rank"})",
      "card 3", "amount", {"only a card with effect \"bank\" or \"tax\""});
  expect_card_error(R"({"name": "P", "suit": "hearts", "amount": 2, "job": "rank"})", "card 3",
                    "amount");
}

TEST(AdultingBadDeck, AmountOutOfRange) {
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": 0, "job": "rank"})",
      "card 3", "amount", {"is not in [1, 10]"});
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": 11, "job": "rank"})",
      "card 3", "amount", {"is not in [1, 10]"});
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": -3, "job": "rank"})",
      "card 3", "amount");
}

TEST(AdultingBadDeck, AmountNotAWholeNumber) {
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": 2.5, "job": "rank"})",
      "card 3", "amount", {"whole number"});
  expect_card_error(
      R"({"name": "B", "suit": "hearts", "effect": "bank", "amount": "2", "job": "rank"})",
      "card 3", "amount", {"whole number"});
  expect_card_error(R"({"name": "B", "suit": "hearts", "effect": "bank",
                        "amount": 99999999999999999999, "job": "rank"})",
                    "card 3", "amount");
}

// job

TEST(AdultingBadDeck, JobMissing) {
  expect_card_error(R"({"name": "X", "suit": "hearts"})", "card 3", "job", {"missing"});
}

TEST(AdultingBadDeck, JobUnknown) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "chores"})", "card 3", "job",
                    {"is not a job; the jobs are category, rank, payout, challenge"});
}

TEST(AdultingBadDeck, JobNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": 1})", "card 3", "job",
                    {"must be a text"});
}

// job_text, question

TEST(AdultingBadDeck, JobTextNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "job_text": 3})",
                    "card 3", "job_text", {"must be a text"});
}

TEST(AdultingBadDeck, QuestionNotAText) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "question": true})",
                    "card 3", "question", {"must be a text"});
}

// adult

TEST(AdultingBadDeck, AdultOutOfRange) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": 1.5})",
                    "card 3", "adult", {"is not in [0, 1]"});
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": -0.1})",
                    "card 3", "adult", {"is not in [0, 1]"});
  // The ends are allowed.
  for (const char* adult : {"0", "1", "0.0", "1.0"}) {
    const std::string card =
        std::string(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": )") + adult + "}";
    EXPECT_NO_THROW(parse_deck_json(deck_with(card), "ok")) << adult;
  }
}

TEST(AdultingBadDeck, AdultNotANumber) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "adult": "0.5"})",
                    "card 3", "adult", {"must be a number"});
}

// fields that are not in the schema

TEST(AdultingBadDeck, AnUnknownFieldIsNamedByPositionNotIgnored) {
  expect_error(deck_with(R"({"name": "X", "suite": "hearts", "suit": "hearts", "job": "rank"})"),
               {"card 3: key 2 of the card is not a card field; the fields are name, suit, second"});
  const std::string message =
      error_of(deck_with(R"({"name": "X", "suit": "hearts", "job": "rank", "Adult": 0.5})"));
  EXPECT_NE(message.find("card 3: key 4 of the card is not a card field"), std::string::npos) << message;
  EXPECT_EQ(message.find("Adult"), std::string::npos) << message;
}

TEST(AdultingBadDeck, AFieldGivenTwice) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "suit": "clubs", "job": "rank"})",
                    "card 3", "suit", {"more than once"});
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
  expect_error(R"({"card": []})", {"key 1 of the top level is not \"cards\", a deck file's one key"});
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
                                         ": card 3: field \"second\": \"hearts\" is the "
                                         "same as \"suit\"");
  }
}

// Issue 30: a deck path can come from a network spec, so no error may echo
// the file. A marker planted where each error could quote the file (a name,
// a key, a value, a text) never shows up in the message.
TEST(AdultingBadDeck, NoErrorQuotesTheFilesBytes) {
  const std::string marker = "Zq9secret";
  const std::vector<std::string> bad = {
      R"({"cards": [], ")" + marker + R"(": 1})",
      R"({")" + marker + R"(": 1, "cards": []})",
      deck_with(R"({"name": ")" + marker + R"(-", "suit": "clubs", "job": "rank"})"),
      deck_with(R"({"name": ")" + marker + R"(", "suit": "clubs", "job": "rank", "x": 1})"),
      deck_with(R"({"name": "X", ")" + marker + R"(": 1, "suit": "clubs", "job": "rank"})"),
      deck_with(R"({"name": "X", "suit": ")" + marker + R"(", "job": "rank"})"),
      deck_with(R"({"name": "X", "suit": "clubs", "second": ")" + marker + R"(", "job": "rank"})"),
      deck_with(R"({"name": "X", "suit": "clubs", "effect": ")" + marker + R"(", "job": "rank"})"),
      deck_with(R"({"name": "X", "suit": "clubs", "job": ")" + marker + R"("})"),
      deck_with(R"({"name": "X", "suit": "clubs", "job": "rank", "job_text": ")" + marker + R"(\n"})"),
      deck_of({kFirst, R"({"name": ")" + marker + R"(", "suit": "clubs", "job": "rank"})",
               R"({"name": ")" + marker + R"(", "suit": "clubs", "job": "rank"})", kLast}),
      deck_with(R"({"name": "X", "suit": "clubs", "job": "rank", "adult": 1.123456789})"),
      deck_with(R"({"name": "X", "suit": "clubs", "effect": "bank", "amount": 987654, "job": "rank"})"),
  };
  for (const std::string& text : bad) {
    const std::string message = error_of(text);
    EXPECT_EQ(message.find(marker), std::string::npos) << message;
    EXPECT_EQ(message.find("123456789"), std::string::npos) << message;
    EXPECT_EQ(message.find("987654"), std::string::npos) << message;
  }
}

TEST(AdultingBadDeck, InvalidUtf8IsRefusedWithoutQuotingIt) {
  const std::string good =
      deck_with(R"({"name": "X", "suit": "hearts", "job": "rank", "job_text": "caf\u00e9 caf)" "\xC3\xA9" R"("})");
  EXPECT_EQ(parse_deck_json(good, "ok").cards[2].job_text, "caf\xC3\xA9 caf\xC3\xA9");
  // A lone continuation byte, a truncated sequence, an overlong '/', a
  // surrogate, a code point past U+10FFFF, and a byte that never occurs.
  for (const std::string bytes : {"\x80", "\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF"}) {
    const std::string card = R"({"name": "X", "suit": "hearts", "job": "rank", "question": "ok )" + bytes + R"( ok"})";
    const std::string message = error_of(deck_with(card));
    const std::string where = "line 4, column " + std::to_string(card.find(bytes) + 1);
    EXPECT_TRUE(message.starts_with("my.json: not UTF-8 text: the byte at " + where)) << message;
    EXPECT_EQ(message.find(bytes), std::string::npos) << message;
  }
  // Outside a string too.
  expect_error("\xEF{\"cards\": []}", {"not UTF-8 text: the byte at line 1, column 1"});
}

TEST(AdultingBadDeck, ATextWithAControlCharacterIsRefused) {
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "job_text": "a\u0000b"})", "card 3",
                    "job_text", {"control character"});
  expect_card_error(R"({"name": "X", "suit": "hearts", "job": "rank", "question": "line\nbreak"})", "card 3",
                    "question", {"control character"});
}

}  // namespace
}  // namespace kibitz::adulting

