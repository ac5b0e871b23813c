// What a browser sends over a table's WebSocket (web/server/ws_session.cc),
// read apart from the connection so that it can be tested and fuzzed on its
// own: one JSON object per message, of two types.
//   {"type":"act","action":TEXT}   a seat's move; other fields are ignored.
//   {"type":"review","seat":S}     a seat asks for the review of its own
//                                  finished game (web/seat_reviews.h); exactly
//                                  these two fields, S a seat number. The
//                                  engine and its budget are the server's:
//                                  the message can name neither.
// The text is read by parse_request_json (web/request_json.h): iterative,
// valid UTF-8 only, no key twice.
#pragma once

#include <string>
#include <string_view>

#include "env/core/types.h"

namespace kibitz::web {

struct ClientMessage {
  enum class Type { kAct, kReview };
  Type type = Type::kAct;
  std::string action;  // kAct: the action as the seat typed it (Table::act reads it)
  Player seat = -1;    // kReview: the seat whose review is asked for
};

// Reads one message; anything else is a KibitzError naming the problem,
// which the session sends back. What the message quotes (an unknown type)
// is cleaned of control bytes, so a NUL cannot cut the error short.
ClientMessage parse_client_message(std::string_view text);

}  // namespace kibitz::web
