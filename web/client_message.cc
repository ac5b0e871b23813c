#include "web/client_message.h"

#include "env/core/error.h"
#include "env/core/json.h"
#include "web/request_json.h"

namespace kibitz::web {

ActMessage parse_client_message(std::string_view text) {
  json::Document doc;
  parse_request_json(text, "message", doc);
  if (!doc.IsObject()) throw error("a message must be a JSON object");
  const auto type = doc.FindMember("type");
  if (type == doc.MemberEnd() || !type->value.IsString())
    throw error("a message needs a \"type\" string");
  const std::string_view type_text(type->value.GetString(), type->value.GetStringLength());
  if (type_text != "act") {
    throw error("unknown message type ", quoted_request_text(type_text), " (expected \"act\")");
  }
  const auto action = doc.FindMember("action");
  if (action == doc.MemberEnd() || !action->value.IsString()) {
    throw error("an act message needs an \"action\" string");
  }
  return ActMessage{std::string(action->value.GetString(), action->value.GetStringLength())};
}

}  // namespace kibitz::web
