#include "replays/seat_record.h"

#include <iterator>
#include <sstream>
#include <utility>

#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/json_text.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "replays/strict_json.h"

namespace kibitz::replays {
namespace {


// One JSON value's text, for StreamSpec::from_json.
std::string text_of(const json::Value& value) {
  json::StringBuffer buffer;
  json::Writer<json::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

const json::Value& member(const json::Value& object, const char* name, const std::string& source) {
  const auto it = object.FindMember(name);
  if (it == object.MemberEnd()) throw error(source, ": the seat record has no \"", name, "\"");
  return it->value;
}

std::string text_member(const json::Value& object, const char* name, const std::string& source) {
  const json::Value& value = member(object, name, source);
  if (!value.IsString()) throw error(source, ": \"", name, "\" is not a text");
  return std::string(value.GetString(), value.GetStringLength());
}

void read_decisions(const json::Value& list, SeatRecord& record, const std::string& source) {
  if (!list.IsArray()) throw error(source, ": \"decisions\" is not a list");
  std::size_t last = 0;
  for (const json::Value& d : list.GetArray()) {
    if (!d.IsObject()) throw error(source, ": a decision is not an object");
    const json::Value& size = member(d, "stream_size", source);
    if (!size.IsUint64() || size.GetUint64() > record.stream.size() || size.GetUint64() < last) {
      throw error(source, ": a decision's \"stream_size\" is not a point of the stream, in order");
    }
    last = static_cast<std::size_t>(size.GetUint64());
    record.decisions.push_back(
        SeatRecordDecision{last, text_member(d, "played", source), text_member(d, "advised", source)});
  }
}

}  // namespace

void write_seat_record(std::ostream& out, const SeatRecord& record) {
  const std::shared_ptr<const Game> game = load_game(record.game);
  const StreamSpec& spec = game->stream_spec();
  out << "{\n  \"format\": \"kibitz-seat-record\",\n  \"version\": " << kSeatRecordVersion
      << ",\n  \"game\": " << json_quote(record.game) << ",\n  \"seat\": " << record.seat
      << ",\n  \"agent\": " << json_quote(record.agent) << ",\n  \"source\": " << json_quote(record.source)
      << ",\n  \"start_time\": " << json_quote(record.start_time) << ",\n  \"stream\": [";
  for (std::size_t i = 0; i < record.stream.size(); ++i) {
    out << (i == 0 ? "\n    " : ",\n    ") << spec.to_json(record.stream[i]);
  }
  out << (record.stream.empty() ? "],\n" : "\n  ],\n") << "  \"decisions\": [";
  for (std::size_t i = 0; i < record.decisions.size(); ++i) {
    const SeatRecordDecision& d = record.decisions[i];
    out << (i == 0 ? "\n    " : ",\n    ") << "{\"stream_size\": " << d.stream_size
        << ", \"played\": " << json_quote(d.played) << ", \"advised\": " << json_quote(d.advised) << "}";
  }
  out << (record.decisions.empty() ? "],\n" : "\n  ],\n") << "  \"returns\": ";
  if (!record.returns) {
    out << "null";
  } else {
    out << "[";
    for (std::size_t s = 0; s < record.returns->size(); ++s) out << (s == 0 ? "" : ", ") << shortest_number((*record.returns)[s]);
    out << "]";
  }
  out << "\n}\n";
}

bool looks_like_json(std::istream& in) {
  const std::istream::pos_type start = in.tellg();
  char c = 0;
  while (in.get(c) && (c == ' ' || c == '\n' || c == '\r' || c == '\t')) {
  }
  const bool json = in.gcount() > 0 && c == '{';
  in.clear();
  in.seekg(start);
  return json;
}

namespace {

void check_json(const std::string& text, const std::string& source, bool quote) {
  try {
    check_strict_json(text, source);
  } catch (const KibitzError&) {
    if (quote) throw;
    // The parser's reason may quote a key of the file.
    throw error(source, ": not valid JSON (a seat record is strict JSON: no key twice in an object, "
                        "no NaN or Infinity)");
  }
}

std::shared_ptr<const Game> record_game(const json::Value& doc, const std::string& source,
                                        const SeatRecordChecks& checks) {
  const std::string spec = text_member(doc, "game", source);
  try {
    return load_game(checks.game_spec ? checks.game_spec(spec) : spec);
  } catch (const KibitzError& e) {
    if (checks.quote) throw error(source, ": its game does not load: ", e.what());
    throw error(source, ": its \"game\" is not a game this server builds (an unknown game, a parameter the "
                        "game does not take, or one the server does not allow)");
  }
}

}  // namespace

SeatRecord read_seat_record(std::istream& in, const std::string& source, const SeatRecordChecks& checks) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxSeatRecordBytes) throw error(source, ": more than ", kMaxSeatRecordBytes, " bytes");
  }
  check_json(text, source, checks.quote);
  json::Document doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) throw error(source, ": not a JSON object");
  if (text_member(doc, "format", source) != "kibitz-seat-record") {
    throw error(source, ": not a kibitz seat record (its \"format\" is not \"kibitz-seat-record\")");
  }
  const json::Value& version = member(doc, "version", source);
  if (!version.IsInt() || version.GetInt() != kSeatRecordVersion) {
    throw error(source, ": a seat record of another version; this build reads version ", kSeatRecordVersion);
  }
  SeatRecord record;
  const std::shared_ptr<const Game> game = record_game(doc, source, checks);
  record.game = game->spec();
  const json::Value& seat = member(doc, "seat", source);
  if (!seat.IsInt() || seat.GetInt() < 0 || seat.GetInt() >= game->num_players()) {
    throw error(source, ": \"seat\" is not a seat of ", checks.quote ? record.game : game->name());
  }
  record.seat = seat.GetInt();
  record.agent = text_member(doc, "agent", source);
  record.source = text_member(doc, "source", source);
  record.start_time = text_member(doc, "start_time", source);
  const json::Value& stream = member(doc, "stream", source);
  if (!stream.IsArray()) throw error(source, ": \"stream\" is not a list");
  const StreamSpec& spec = game->stream_spec();
  for (const json::Value& o : stream.GetArray()) {
    const std::size_t index = record.stream.size();
    try {
      Observation observation = spec.from_json(text_of(o));
      spec.validate(observation, game->num_players());
      record.stream.push_back(std::move(observation));
    } catch (const KibitzError& e) {
      if (checks.quote) throw error(source, ": observation ", index, " of the stream: ", e.what());
      // The game's reason may quote the entry's kind or card.
      throw error(source, ": observation ", index, " of the stream is not one of ", game->name(),
                  "'s observations (docs/protocol.md lists them)");
    }
  }
  read_decisions(member(doc, "decisions", source), record, source);
  const json::Value& returns = member(doc, "returns", source);
  if (returns.IsArray()) {
    record.returns.emplace();
    for (const json::Value& r : returns.GetArray()) {
      if (!r.IsNumber()) throw error(source, ": a return is not a number");
      record.returns->push_back(r.GetDouble());
    }
    if (record.returns->size() != static_cast<std::size_t>(game->num_players())) {
      throw error(source, ": \"returns\" holds ", record.returns->size(), " values for ", game->num_players(),
                  " seats");
    }
  } else if (!returns.IsNull()) {
    throw error(source, ": \"returns\" is neither a list nor null");
  }
  return record;
}

}  // namespace kibitz::replays
