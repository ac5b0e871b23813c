// Writing JSON text by hand: the one string quoter that every JSON line
// kibitz writes (observations, protocol messages, listings) goes through, so
// escaping is done right once. Reading JSON goes through rapidjson
// (env/core/json.h) after replays/strict_json.h's checks.
#pragma once

#include <string>
#include <string_view>

namespace kibitz {

// Appends `text` as a JSON string: quotes around it, and '"', '\', and the
// control characters below 0x20 escaped. Bytes from 0x80 up pass through
// as they are (kibitz's texts are UTF-8).
void append_json_string(std::string& out, std::string_view text);

// The same, as a new string.
std::string json_quote(std::string_view text);

// The shortest text that reads back as the same double ("0.1", not
// "0.10000000000000001"), for files and messages that must keep a value
// exactly. Not JSON for a non-finite value (it prints "inf", "nan"): callers
// that may meet one check first.
std::string shortest_number(double value);

// "line L, column C" of byte `offset` of `text`, both counted from 1: where
// a JSON parser's error offset points, for messages about a file.
std::string line_and_column(std::string_view text, std::size_t offset);

}  // namespace kibitz
