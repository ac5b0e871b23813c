#include "web/request_json.h"

#include <cstdio>
#include <string>
#include <unordered_set>
#include <vector>

#include "env/core/error.h"

namespace kibitz::web {
namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence at the start of `text`, or 0 when
// its first byte does not start one (RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char second_min = 0x80;
  unsigned char second_max = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) second_min = 0xA0;  // overlong below
    if (lead == 0xED) second_max = 0x9F;  // surrogates above
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) second_min = 0x90;  // overlong below
    if (lead == 0xF4) second_max = 0x8F;  // past U+10FFFF above
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < second_min || byte(1) > second_max) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (!is_continuation(byte(i))) return 0;
  }
  return length;
}

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text.substr(i));
    if (length == 0) return false;
    i += length;
  }
  return true;
}

// A string read from the request, decoded: rapidjson checks the bytes of
// the text, but an escape for a lone low surrogate ("\udca1") still decodes
// to bytes that are not UTF-8 (found by fuzz/ws_message_fuzzer), so the
// decoded strings are checked too.
void check_decoded_string(const json::Value& value, std::string_view what) {
  if (!valid_utf8(std::string_view(value.GetString(), value.GetStringLength()))) {
    throw error(what, ": invalid UTF-8 in a string (an escaped lone surrogate)");
  }
}

// Walks the parsed tree with a stack of its own (the tree may be deep; this
// must not recurse any more than the parser did), refusing a duplicate key
// in any object, nesting past the limit and a string that decodes to
// invalid UTF-8.
void check_tree(const json::Value& root, std::string_view what) {
  struct Pending {
    const json::Value* value;
    int depth;
  };
  std::vector<Pending> stack{{&root, 1}};
  std::unordered_set<std::string_view> keys;
  while (!stack.empty()) {
    const Pending item = stack.back();
    stack.pop_back();
    if ((item.value->IsObject() || item.value->IsArray()) && item.depth > kMaxRequestJsonDepth) {
      throw error(what, ": JSON nested deeper than ", kMaxRequestJsonDepth, " levels");
    }
    if (item.value->IsString()) check_decoded_string(*item.value, what);
    if (item.value->IsObject()) {
      keys.clear();
      for (const auto& member : item.value->GetObject()) {
        check_decoded_string(member.name, what);
        const std::string_view key(member.name.GetString(), member.name.GetStringLength());
        if (!keys.insert(key).second) {
          throw error(what, ": the key ", quoted_request_text(key), " appears twice in one object");
        }
        stack.push_back({&member.value, item.depth + 1});
      }
    } else if (item.value->IsArray()) {
      for (const auto& element : item.value->GetArray())
        stack.push_back({&element, item.depth + 1});
    }
  }
}

// rapidjson 1.1.0 converts some number texts with undefined behaviour: a
// zero with an exponent ("0e90": clz of 0 in DiyFp::Normalize), a
// significand past 2^64 - 1, a very long number (found in requests by
// fuzz/table_request_fuzzer and ws_message_fuzzer). No request reads a
// number, so the numbers that could take those paths are refused while
// still text, by a first pass that is handed every number as its text.
// The rules are replays/strict_json.cc's, which kibitz's own JSON passes:
// at most 32 characters and 20 significant digits, and no zero with an
// exponent.
class NumberGuard : public json::BaseReaderHandler<json::UTF8<>, NumberGuard> {
 public:
  bool RawNumber(const char* text, json::SizeType length, bool) {
    const std::string_view number(text, length);
    if (number.size() <= kMaxNumberChars && significant_digits(number) <= kMaxSignificantDigits &&
        !is_zero_with_exponent(number)) {
      return true;
    }
    refused_ = std::string(number.substr(0, kMaxNumberChars)) +
               (number.size() > kMaxNumberChars ? "..." : "");
    return false;
  }
  const std::string& refused() const { return refused_; }

 private:
  static constexpr std::size_t kMaxNumberChars = 32;
  static constexpr std::size_t kMaxSignificantDigits = 20;

  // The digits before the exponent, without the leading zeros.
  static std::size_t significant_digits(std::string_view number) {
    std::size_t count = 0;
    for (const char c : number.substr(0, number.find_first_of("eE"))) {
      if ((c >= '1' && c <= '9') || (c == '0' && count > 0)) ++count;
    }
    return count;
  }
  static bool is_zero_with_exponent(std::string_view number) {
    const std::size_t exponent = number.find_first_of("eE");
    return exponent != std::string_view::npos &&
           number.substr(0, exponent).find_first_of("123456789") == std::string_view::npos;
  }

  std::string refused_;
};

// Throws for a number NumberGuard refuses. Anything else wrong with the
// text is left to the parse that follows, which names it.
void refuse_unconvertible_numbers(std::string_view text, std::string_view what) {
  NumberGuard guard;
  json::MemoryStream bytes(text.data(), text.size());
  json::Reader reader;
  reader.Parse<json::kParseIterativeFlag | json::kParseNumbersAsStringsFlag>(bytes, guard);
  if (!guard.refused().empty()) {
    throw error(what, ": the number ", guard.refused(),
                " is refused (a zero with an exponent, or more than 20 digits or 32 characters)");
  }
}

}  // namespace

void parse_request_json(std::string_view text, std::string_view what, json::Document& doc) {
  doc.SetNull();
  if (text.empty()) throw error(what, ": empty: expected a JSON object");
  refuse_unconvertible_numbers(text, what);
  constexpr unsigned kFlags = json::kParseIterativeFlag | json::kParseValidateEncodingFlag;
  doc.Parse<kFlags>(text.data(), text.size());
  if (doc.HasParseError()) {
    const std::size_t offset = doc.GetErrorOffset();
    if (doc.GetParseError() == json::kParseErrorStringInvalidEncoding) {
      throw error(what, ": invalid UTF-8 in a string near byte ", offset);
    }
    throw error(what, ": malformed JSON at byte ", offset, ": ",
                json::GetParseError_En(doc.GetParseError()));
  }
  check_tree(doc, what);
}

std::string printable_utf8(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_sequence_length(text.substr(i));
    std::string piece;
    if (length == 0) {
      piece = "\xEF\xBF\xBD";  // U+FFFD, the replacement character
    } else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(c));
      piece = escaped;
    } else {
      piece = text.substr(i, length);
    }
    if (out.size() + piece.size() > max_bytes) break;
    out += piece;
    i += length == 0 ? 1 : length;
  }
  if (i < text.size()) out += "...";
  return out;
}

std::string quoted_request_text(std::string_view text) {
  return '"' + printable_utf8(text, 60) + '"';
}

}  // namespace kibitz::web
