// How `kibitz serve` reads the JSON that arrives over the network (a table
// request's body, a WebSocket message): one parse for all of it, so that
// every request gets the same defences.
//
//   - rapidjson's iterative parser: no recursion, so no nesting can exhaust
//     the stack (250,000 '[' are a clean refusal, not a crash);
//   - nesting deeper than kMaxRequestJsonDepth is refused (no request of
//     ours nests more than three levels, and code that walks a value must
//     not meet a tree deeper than this);
//   - invalid UTF-8 inside a string is refused, so nothing read from a
//     request can later be echoed into a reply as invalid UTF-8;
//   - a number whose conversion is undefined behaviour in rapidjson 1.1.0
//     (a zero with an exponent, more than 20 digits or 32 characters) is
//     refused before anything converts it; no request reads a number;
//   - a key that appears twice in one object is refused, naming the key:
//     "first wins" or "last wins" would let two readers of one request
//     disagree on what it says.
//
// And the other side: printable_utf8 cleans any text (a URL path, a header)
// that a reply echoes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "env/core/json.h"

namespace kibitz::web {

inline constexpr int kMaxRequestJsonDepth = 32;

// Parses `text` into `doc` (cleared first), or throws KibitzError starting
// with `what` ("table request", "message") and naming the problem: the byte
// offset and rapidjson's words for malformed JSON, "invalid UTF-8" with its
// byte offset, the duplicate key (quoted, control bytes escaped), or the
// nesting limit. An empty text is "empty: expected a JSON object".
void parse_request_json(std::string_view text, std::string_view what, json::Document& doc);

// `text` with each byte that does not start a valid UTF-8 sequence (a stray
// continuation byte, an overlong form, a surrogate, a truncated sequence)
// replaced by U+FFFD and each control character but tab and newline written
// as \xNN: safe to put into a JSON reply or a WebSocket close reason. The
// result is cut, between characters, before it passes `max_bytes` bytes;
// a cut text ends in "..." (3 more bytes).
std::string printable_utf8(std::string_view text, std::size_t max_bytes = 200);

// `text` between double quotes, cleaned by printable_utf8: how an error
// quotes a key, a type or an id it was sent.
std::string quoted_request_text(std::string_view text);

}  // namespace kibitz::web
