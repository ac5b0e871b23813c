// What a browser sends over a table's WebSocket (web/server/ws_session.cc),
// read apart from the connection so that it can be tested and fuzzed on its
// own: one JSON object per message, and the only message is
// {"type":"act","action":TEXT}. Fields other than these two are ignored.
// The text is read by parse_request_json (web/request_json.h): iterative,
// valid UTF-8 only, no key twice.
#pragma once

#include <string>
#include <string_view>

namespace kibitz::web {

struct ActMessage {
  std::string action;  // the action as the seat typed it (Table::act reads it)
};

// Reads one message; anything but an act message with an "action" string
// is a KibitzError naming the problem, which the session sends back. What
// the message quotes (an unknown type) is cleaned of control bytes, so a
// NUL cannot cut the error short.
ActMessage parse_client_message(std::string_view text);

}  // namespace kibitz::web
