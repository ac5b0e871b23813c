// Fuzz target: a message from a browser over a table's WebSocket (`kibitz
// serve`), read by web::parse_client_message (web/client_message.h), the
// pure part of web/server/ws_session.cc's handling: anyone who can open a
// socket, spectators included, can send one.
//  - A message that does not read is a KibitzError naming the problem (the
//    session sends it back as an error).
//  - An act message that reads gives an action; the message written again
//    by kibitz's own quoting must read back to the same action. A review
//    message gives a seat, which must be a seat number.
#include <cstddef>
#include <cstdint>
#include <string>

#include "env/core/error.h"
#include "env/core/json_text.h"
#include "fuzz/fuzz_support.h"
#include "web/client_message.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  web::ClientMessage message;
  try {
    message = web::parse_client_message(fuzz::as_text(data, size));
  } catch (const KibitzError&) {
    return 0;  // Expected: bad input, named.
  }
  if (message.type == web::ClientMessage::Type::kReview) {
    KIBITZ_CHECK(message.seat >= 0, "a review message read with seat ", message.seat);
    return 0;
  }
  // What kibitz wrote must read: an error here escapes and is a finding.
  const std::string written = "{\"type\":\"act\",\"action\":" + json_quote(message.action) + "}";
  KIBITZ_CHECK(web::parse_client_message(written).action == message.action, "round trip changed the action: ",
               written);
  return 0;
}
