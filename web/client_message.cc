#include "web/client_message.h"

#include "env/core/error.h"
#include "env/core/json.h"

namespace kibitz::web {

ActMessage parse_client_message(std::string_view text) {
  json::Document doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError()) {
    throw error("malformed JSON at byte ", doc.GetErrorOffset(), ": ",
                json::GetParseError_En(doc.GetParseError()));
  }
  if (!doc.IsObject()) throw error("a message must be a JSON object");
  const auto type = doc.FindMember("type");
  if (type == doc.MemberEnd() || !type->value.IsString())
    throw error("a message needs a \"type\" string");
  if (std::string_view(type->value.GetString(), type->value.GetStringLength()) != "act") {
    throw error("unknown message type \"", type->value.GetString(), "\" (expected \"act\")");
  }
  const auto action = doc.FindMember("action");
  if (action == doc.MemberEnd() || !action->value.IsString()) {
    throw error("an act message needs an \"action\" string");
  }
  return ActMessage{std::string(action->value.GetString(), action->value.GetStringLength())};
}

}  // namespace kibitz::web
