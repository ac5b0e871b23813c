#include "web/request_json.h"

#include <cstdio>
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

// Walks the parsed tree with a stack of its own (the tree may be deep; this
// must not recurse any more than the parser did), refusing a duplicate key
// in any object and nesting past the limit.
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
    if (item.value->IsObject()) {
      keys.clear();
      for (const auto& member : item.value->GetObject()) {
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

}  // namespace

void parse_request_json(std::string_view text, std::string_view what, json::Document& doc) {
  doc.SetNull();
  if (text.empty()) throw error(what, ": empty: expected a JSON object");
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
