#include "tests/web/web_test_support.h"

#include <thread>

#include "env/core/error.h"

namespace kibitz::web::testing {

namespace {

std::string serialize(const json::Value& value) {
  json::StringBuffer buffer;
  json::Writer<json::StringBuffer> writer(buffer);
  value.Accept(writer);
  return buffer.GetString();
}

SeatStream read_stream(const json::Value& array, const StreamSpec& spec) {
  SeatStream out;
  for (const auto& item : array.GetArray()) out.push_back(spec.from_json(serialize(item)));
  return out;
}

void take_message(const json::Document& doc, const StreamSpec& spec, Heard& heard) {
  const std::string type = doc["type"].GetString();
  heard.types.push_back(type);
  if (type == "observations") {
    if (doc["from"].GetUint64() != heard.observations.size()) heard.contiguous = false;
    for (const Observation& o : read_stream(doc["observations"], spec)) heard.observations.push_back(o);
    for (const auto& t : doc["text"].GetArray()) heard.texts.emplace_back(t.GetString());
    // The notes as sent, one per entry of the array; a message without the
    // array notes none. A count unlike the observations' shows in the caller.
    if (doc.HasMember("notes")) {
      for (const auto& note : doc["notes"].GetArray())
        heard.notes.push_back(note.IsNull() ? "" : serialize(note));
    } else {
      heard.notes.resize(heard.notes.size() + doc["observations"].Size());
    }
  } else if (type == "turn") {
    heard.to_act = doc["to_act"].GetBool();
    heard.legal.clear();
    for (const auto& t : doc["legal"].GetArray()) heard.legal.emplace_back(t.GetString());
  } else if (type == "game_over") {
    heard.over = true;
    heard.to_act = false;
    for (const auto& s : doc["streams"].GetArray()) heard.end_streams.push_back(read_stream(s, spec));
    heard.end_public = read_stream(doc["public"], spec);
    for (const auto& r : doc["returns"].GetArray()) heard.returns.push_back(r.GetDouble());
  }
}

}  // namespace

void listen(Subscription& subscription, const StreamSpec& spec, Heard& heard) {
  for (const std::string& message : subscription.take()) {
    json::Document doc;
    doc.Parse(message.c_str());
    if (doc.HasParseError() || !doc.IsObject()) throw error("not a JSON object: ", message);
    take_message(doc, spec, heard);
  }
}

std::unique_ptr<State> replay_state(const Table& table) {
  const auto record = table.record();
  KIBITZ_CHECK(record.has_value(), "replay_state of a table not finished");
  std::unique_ptr<State> state = table.game().new_initial_state();
  for (const Action a : record->actions) state->apply_action(a);
  return state;
}

bool play_people(Table& table, std::vector<std::shared_ptr<Subscription>>& seats,
                 std::vector<Heard>& heard, Rng& rng, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const StreamSpec& spec = table.game().stream_spec();
  while (std::chrono::steady_clock::now() < deadline) {
    bool acted = false;
    for (std::size_t s = 0; s < seats.size(); ++s) {
      if (seats[s] == nullptr) continue;
      listen(*seats[s], spec, heard[s]);
      if (heard[s].over) {
        for (std::size_t t = 0; t < seats.size(); ++t) {
          if (seats[t] != nullptr) listen(*seats[t], spec, heard[t]);
        }
        return true;
      }
      if (!heard[s].to_act) continue;
      const std::string& text = heard[s].legal[rng.uniform_int(heard[s].legal.size())];
      const ActResult result = table.act(table.seat_token(static_cast<Player>(s)), text);
      KIBITZ_CHECK(result.accepted, "seat ", s, "'s legal '", text, "' refused: ", result.reason);
      heard[s].to_act = false;  // until the next turn message says otherwise
      acted = true;
    }
    if (!acted) {
      if (table.wait_until_over(std::chrono::milliseconds(1))) {
        for (std::size_t s = 0; s < seats.size(); ++s) {
          if (seats[s] != nullptr) listen(*seats[s], spec, heard[s]);
        }
        return true;
      }
    }
  }
  return false;
}

}  // namespace kibitz::web::testing
