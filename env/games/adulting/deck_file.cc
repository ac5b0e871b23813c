// Adulting deck files: JSON read with the rapidjson that cereal ships
// (env/core/json.h), checked against the schema in docs/rules/adulting.md
// "Deck files". A deck is a user's file, so every problem is a KibitzError
// that names the file, the card and the field; nothing is silently ignored
// (a misspelt field is an error, not a default).
//
// No error quotes the file's own bytes -- not a name, a key or a value: a
// deck path can arrive from a network spec or an uploaded replay, and an
// error that echoed the file would let a client read any JSON file on the
// server a key at a time. Errors say what is wrong structurally instead:
// the card by its position, the field by the schema's word, the key by its
// position, a syntax error by line and column.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "env/core/error.h"
#include "env/core/input_file.h"
#include "env/core/json.h"
#include "env/core/json_text.h"
#include "env/games/adulting/cards.h"

namespace kibitz::adulting {
namespace {

// A deck of 64 cards with long texts is a few tens of kilobytes; the limit
// only stops a wrong path (a log, a dump) from being read whole.
constexpr std::uintmax_t kMaxDeckFileBytes = std::uintmax_t{1} << 20;

constexpr const char* kCardFields =
    "name, suit, second, effect, amount, job, job_text, question, adult";

bool is_card_field(std::string_view key) {
  for (const std::string_view field : {"name", "suit", "second", "effect", "amount", "job",
                                       "job_text", "question", "adult"}) {
    if (key == field) return true;
  }
  return false;
}

std::string_view text_of(const json::Value& value) {
  return {value.GetString(), value.GetStringLength()};
}

// The offset of the first byte of `text` that does not belong to a
// well-formed UTF-8 sequence (no overlong forms, no surrogates, nothing past
// U+10FFFF), or npos.
std::size_t first_bad_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // The sequence's length and the range its second byte must lie in.
    int length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;   // overlong
      if (lead == 0xED) high = 0x9F;  // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;   // overlong
      if (lead == 0xF4) high = 0x8F;  // past U+10FFFF
    } else {
      return i;
    }
    if (i + static_cast<std::size_t>(length) > text.size()) return i;
    if (byte(i + 1) < low || byte(i + 1) > high) return i;
    const auto end = i + static_cast<std::size_t>(length);
    for (std::size_t k = i + 2; k < end; ++k) {
      if (byte(k) < 0x80 || byte(k) > 0xBF) return i;
    }
    i = end;
  }
  return std::string_view::npos;
}

bool has_control_character(std::string_view text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return true;
  }
  return false;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxCardNameLength) return false;
  for (const char c : name) {
    if (!is_name_char(c)) return false;
  }
  return true;
}

// The enum value whose word is `word`, among `count` values from 0.
template <typename Enum, typename WordOf>
std::optional<Enum> from_word(std::string_view word, int count, WordOf word_of) {
  for (int i = 0; i < count; ++i) {
    if (word_of(static_cast<Enum>(i)) == word) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

template <typename Enum, typename WordOf>
std::string word_list(int first, int count, WordOf word_of) {
  std::string out;
  for (int i = first; i < count; ++i) {
    if (!out.empty()) out += ", ";
    out += word_of(static_cast<Enum>(i));
  }
  return out;
}

// Reads one card object. Errors name the card by its position, never by its
// name (the name is the file's bytes).
class CardReader {
 public:
  CardReader(const json::Value& object, int position, const Deck& earlier)
      : object_(object), position_(position), earlier_(earlier) {}

  Card read() {
    where_ = by_position();
    if (!object_.IsObject()) throw error(where_, ": a card is a JSON object {...}");
    card_.name = read_name();
    check_fields();
    card_.suit = read_suit("suit");
    card_.job = read_job();
    if (const json::Value* value = member("effect")) card_.effect = read_effect(*value);
    if (member("second") != nullptr) card_.second = read_second();
    read_amount();
    card_.job_text = read_text("job_text");
    card_.question = read_text("question");
    read_adult();
    return std::move(card_);
  }

 private:
  std::string by_position() const { return "card " + std::to_string(position_); }

  [[noreturn]] void fail(std::string_view field, const std::string& why) const {
    throw error(where_, ": field \"", field, "\"", why);
  }

  const json::Value* member(const char* field) const {
    auto found = object_.FindMember(field);
    return found == object_.MemberEnd() ? nullptr : &found->value;
  }

  const json::Value& required(const char* field) const {
    const json::Value* value = member(field);
    if (value == nullptr) fail(field, " is missing");
    return *value;
  }

  std::string read_name() {
    int count = 0;
    for (auto m = object_.MemberBegin(); m != object_.MemberEnd(); ++m) {
      if (text_of(m->name) == "name") ++count;
    }
    if (count > 1) fail("name", " appears more than once");
    const json::Value& value = required("name");
    if (!value.IsString()) fail("name", " must be a text");
    const std::string name(text_of(value));
    if (!valid_name(name)) {
      fail("name", " is not 1 to " + std::to_string(kMaxCardNameLength) +
                       " letters and digits (it has " + std::to_string(name.size()) + " bytes)");
    }
    if (const int other = earlier_.find(name); other >= 0) {
      fail("name", " is already the name of card " + std::to_string(other + 1) +
                       " (names are compared in any case)");
    }
    return name;
  }

  // Every key is a field of the schema, and none is given twice.
  void check_fields() const {
    std::unordered_set<std::string_view> seen;
    int position = 0;
    for (auto m = object_.MemberBegin(); m != object_.MemberEnd(); ++m) {
      const std::string_view key = text_of(m->name);
      ++position;
      if (!is_card_field(key)) {
        throw error(where_, ": key ", position, " of the card is not a card field; the fields are ",
                    kCardFields, " (in lower case)");
      }
      if (!seen.insert(key).second) fail(key, " appears more than once");
    }
  }

  std::string word(const char* field, const json::Value& value) const {
    if (!value.IsString()) fail(field, " must be a text");
    return std::string(text_of(value));
  }

  Suit read_suit(const char* field) const {
    const std::string text = word(field, required(field));
    const auto suit = from_word<Suit>(text, 4, suit_word);
    if (!suit) fail(field, " is not a suit; the suits are " + word_list<Suit>(0, 4, suit_word));
    return *suit;
  }

  Suit read_second() const {
    const Suit second = read_suit("second");
    if (second == card_.suit) {
      fail("second", ": \"" + std::string(suit_word(second)) + "\" is the same as \"suit\"");
    }
    if (card_.effect != Effect::kNone) {
      fail("second", ": a card has a second suit or an effect (\"effect\"), not both");
    }
    return second;
  }

  Effect read_effect(const json::Value& value) const {
    const std::string text = word("effect", value);
    const auto effect = from_word<Effect>(text, 6, effect_word);
    if (!effect || *effect == Effect::kNone) {
      fail("effect", " is not an effect; the effects are " + word_list<Effect>(1, 6, effect_word));
    }
    return *effect;
  }

  Job read_job() const {
    const std::string text = word("job", required("job"));
    const auto job = from_word<Job>(text, 4, job_word);
    if (!job) fail("job", " is not a job; the jobs are " + word_list<Job>(0, 4, job_word));
    return *job;
  }

  // Only bank and tax take an amount, and they must have one.
  void read_amount() {
    const bool takes_amount = card_.effect == Effect::kBank || card_.effect == Effect::kTax;
    const json::Value* value = member("amount");
    const std::string range = "[1, " + std::to_string(kMaxEffectAmount) + "]";
    if (value == nullptr) {
      if (takes_amount) {
        fail("amount", " is missing: effect \"" + std::string(effect_word(card_.effect)) +
                           "\" needs an amount in " + range);
      }
      return;
    }
    if (!takes_amount) {
      fail("amount", ": only a card with effect \"bank\" or \"tax\" takes an amount");
    }
    if (!value->IsInt()) fail("amount", " must be a whole number in " + range);
    const int amount = value->GetInt();
    if (amount < 1 || amount > kMaxEffectAmount) fail("amount", " is not in " + range);
    card_.amount = amount;
  }

  std::string read_text(const char* field) const {
    const json::Value* value = member(field);
    if (value == nullptr) return {};
    if (!value->IsString()) fail(field, " must be a text");
    const std::string_view text = text_of(*value);
    // Shown to people line by line: a control character (a "\u0000" or
    // "\n" escape) would cut or break the line it is shown on.
    if (has_control_character(text)) {
      fail(field, " holds a control character (below U+0020, or U+007F)");
    }
    return std::string(text);
  }

  void read_adult() {
    const json::Value* value = member("adult");
    if (value == nullptr) return;
    if (!value->IsNumber()) fail("adult", " must be a number in [0, 1]");
    const double adult = value->GetDouble();
    if (!(adult >= 0.0 && adult <= 1.0)) fail("adult", " is not in [0, 1]");
    card_.adult = adult;
  }

  const json::Value& object_;
  int position_;
  const Deck& earlier_;  // the cards before this one
  std::string where_;
  Card card_;
};

// The "cards" array of the top-level object; the only key it may hold.
const json::Value& cards_array(const json::Value& root) {
  if (!root.IsObject()) throw error("a deck file is a JSON object {\"cards\": [...]}");
  int position = 0;
  for (auto m = root.MemberBegin(); m != root.MemberEnd(); ++m) {
    ++position;
    if (text_of(m->name) != "cards") {
      throw error("key ", position, " of the top level is not \"cards\", a deck file's one key");
    }
  }
  if (root.MemberCount() > 1) throw error("key \"cards\" appears more than once");
  auto cards = root.FindMember("cards");
  if (cards == root.MemberEnd()) throw error("key \"cards\" is missing");
  if (!cards->value.IsArray()) throw error("key \"cards\" must be an array of cards [...]");
  const json::SizeType count = cards->value.Size();
  if (count < kMinDeckCards || count > kMaxDeckCards) {
    throw error("key \"cards\": a deck holds ", kMinDeckCards, " to ", kMaxDeckCards,
                " cards, this one ", count);
  }
  return cards->value;
}

}  // namespace

Deck parse_deck_json(std::string_view text, const std::string& source) {
  // rapidjson takes a NUL byte for the end of the text; refuse one rather
  // than ignore what follows it.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    throw error(source, ": not valid JSON at ", line_and_column(text, nul), ": a NUL byte");
  }
  // A deck's texts are shown to people and written into JSON replies: the
  // file must be UTF-8 throughout (rapidjson would pass bytes outside strings
  // as syntax errors, but not check those inside them).
  if (const std::size_t bad = first_bad_utf8(text); bad != std::string_view::npos) {
    throw error(source, ": not UTF-8 text: the byte at ", line_and_column(text, bad),
                " does not begin a valid UTF-8 sequence");
  }
  // Iterative: no recursion however deep the text nests. Without
  // kParseNanAndInfFlag (which cereal makes the default) NaN and Infinity
  // stay syntax errors; normal precision is plenty for `adult`.
  json::Document document;
  document.Parse<json::kParseIterativeFlag>(text.data(), text.size());
  if (document.HasParseError()) {
    throw error(source, ": not valid JSON at ",
                line_and_column(text, document.GetErrorOffset()), ": ",
                json::GetParseError_En(document.GetParseError()));
  }
  Deck deck;
  try {
    const json::Value& cards = cards_array(document);
    for (json::SizeType i = 0; i < cards.Size(); ++i) {
      deck.cards.push_back(CardReader(cards[i], static_cast<int>(i) + 1, deck).read());
    }
  } catch (const KibitzError& e) {
    throw error(source, ": ", e.what());
  }
  return deck;
}

Deck load_deck_file(const std::string& path) {
  return parse_deck_json(read_file_limited(path, kMaxDeckFileBytes, "deck file"), path);
}

}  // namespace kibitz::adulting
