#include "web/client_message.h"

#include <limits>

#include "env/core/error.h"
#include "env/core/json.h"
#include "web/request_json.h"

namespace kibitz::web {
namespace {

ClientMessage read_act(const json::Document& doc) {
  const auto action = doc.FindMember("action");
  if (action == doc.MemberEnd() || !action->value.IsString()) {
    throw error("an act message needs an \"action\" string");
  }
  return ClientMessage{ClientMessage::Type::kAct,
                       std::string(action->value.GetString(), action->value.GetStringLength()), -1};
}

// Strict: a review costs the server a search, so nothing in its request is
// ignored that a client might believe it had chosen (an engine, a budget).
ClientMessage read_review(const json::Document& doc) {
  const auto seat = doc.FindMember("seat");
  if (seat == doc.MemberEnd() || !seat->value.IsInt() || seat->value.GetInt() < 0) {
    throw error("a review message needs a \"seat\": the number of your seat");
  }
  if (doc.MemberCount() != 2) {
    throw error("a review message has two fields, \"type\" and \"seat\"; the server chooses the engine");
  }
  return ClientMessage{ClientMessage::Type::kReview, {}, static_cast<Player>(seat->value.GetInt())};
}

}  // namespace

ClientMessage parse_client_message(std::string_view text) {
  json::Document doc;
  parse_request_json(text, "message", doc);
  if (!doc.IsObject()) throw error("a message must be a JSON object");
  const auto type = doc.FindMember("type");
  if (type == doc.MemberEnd() || !type->value.IsString())
    throw error("a message needs a \"type\" string");
  const std::string_view type_text(type->value.GetString(), type->value.GetStringLength());
  if (type_text == "act") return read_act(doc);
  if (type_text == "review") return read_review(doc);
  throw error("unknown message type ", quoted_request_text(type_text), " (expected \"act\" or \"review\")");
}

}  // namespace kibitz::web
