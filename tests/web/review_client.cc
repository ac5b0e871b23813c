#include "tests/web/review_client.h"

#include "env/core/json.h"

namespace kibitz::web::testing {
namespace {

std::string text_of(const json::Value& value) { return std::string(value.GetString(), value.GetStringLength()); }

}  // namespace

PlayedSeat play_seat_to_end(WsClient& client, Rng& rng) {
  PlayedSeat seat;
  while (const auto message = client.read()) {
    json::Document doc;
    doc.Parse(message->c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("type")) continue;
    const std::string type = text_of(doc["type"]);
    if (type == "review_offer") seat.offered = true;
    if (type == "refused") ++seat.refused;
    if (type == "game_over") {
      seat.over = true;
      // The offer follows the messages pumped at joining, game_over among
      // them when the seat joins late; it is read by await_review then.
      break;
    }
    if (type == "turn" && doc["to_act"].GetBool()) {
      const auto& legal = doc["legal"].GetArray();
      const std::string action = text_of(legal[rng.uniform_int(legal.Size())]);
      seat.played.push_back(action);
      ++seat.acts;
      json::StringBuffer buffer;
      json::Writer<json::StringBuffer> writer(buffer);
      writer.StartObject();
      writer.Key("type");
      writer.String("act");
      writer.Key("action");
      writer.String(action.c_str(), static_cast<json::SizeType>(action.size()));
      writer.EndObject();
      client.send(buffer.GetString());
    }
  }
  return seat;
}

std::string review_request(int seat) { return "{\"type\":\"review\",\"seat\":" + std::to_string(seat) + "}"; }

HeardReview await_review(WsClient& client) {
  HeardReview heard;
  while (const auto message = client.read()) {
    json::Document doc;
    doc.Parse(message->c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("type")) continue;
    const std::string type = text_of(doc["type"]);
    if (type == "review_progress") {
      heard.progress.emplace_back(doc["done"].GetInt(), doc["total"].GetInt());
    } else if (type == "review") {
      json::StringBuffer buffer;
      json::Writer<json::StringBuffer> writer(buffer);
      doc["review"].Accept(writer);
      heard.review = buffer.GetString();
      break;
    } else if (type == "review_error") {
      heard.error = text_of(doc["reason"]);
      break;
    } else {
      heard.other.push_back(type);
    }
  }
  return heard;
}

}  // namespace kibitz::web::testing
