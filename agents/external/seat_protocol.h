// The seat protocol's fixed facts and its message writer, shared by the two
// sides kibitz has of it: `kibitz engine` (tools/engine/, the side that
// plays a seat) and the engine(cmd=...) agent (agents/external/, the side
// that referees a game and talks to a program). docs/protocol.md is the
// specification; these constants are the ones it quotes.
//
// A message is one JSON object on one line with a "type" string. Writing
// one needs no JSON library: the writer below escapes strings itself and
// prints numbers so that they read back exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "env/core/json_text.h"

namespace kibitz::seat_protocol {

inline constexpr std::string_view kName = "kibitz-seat";
// The version this side speaks, and the oldest it still accepts
// (docs/protocol.md, "Versions"). Version 2 added end_game's "return" (the
// referee tells a seat its game is over); version 3 lets the table send the
// legal actions with act (so that a program playing a seat needs none of the
// game's rules) and stops asking that program to report its turn or the
// game's end.
inline constexpr int kVersion = 3;
inline constexpr int kOldestVersion = 2;
// The longest line either side reads (its newline not counted). A longer
// line is refused without keeping more than this much of it in memory.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
// The most legal actions a version 3 act may list (more than any game has).
inline constexpr std::size_t kMaxLegalActions = 4096;

// Builds one message, fields in the order added: MessageWriter("act")
// .integer("seat", 1).line() is {"type":"act","seat":1}.
class MessageWriter {
 public:
  explicit MessageWriter(std::string_view type);

  MessageWriter& text(std::string_view key, std::string_view value);
  MessageWriter& integer(std::string_view key, std::int64_t value);
  MessageWriter& unsigned_integer(std::string_view key, std::uint64_t value);
  // A finite double, printed with enough digits to read back exactly.
  MessageWriter& number(std::string_view key, double value);
  MessageWriter& boolean(std::string_view key, bool value);
  MessageWriter& texts(std::string_view key, std::span<const std::string> values);
  // `json` must already be one JSON value (an observation's JSON form, an
  // array or object built elsewhere).
  MessageWriter& raw(std::string_view key, std::string_view json);

  // The message, without a newline.
  std::string line() const { return out_ + "}"; }

 private:
  void key(std::string_view name);
  std::string out_;
};

// append_json_string (env/core/json_text.h), for this namespace's callers.
using kibitz::append_json_string;

// A finite double as JSON, with enough digits to read back exactly.
std::string json_number(double value);

// A JSON array of already-JSON values: "[a,b,c]".
std::string json_array(std::span<const std::string> values);

}  // namespace kibitz::seat_protocol
