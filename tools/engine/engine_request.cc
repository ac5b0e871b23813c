#include "tools/engine/engine_request.h"

#include <algorithm>
#include <limits>

#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/stream_spec.h"
#include "replays/strict_json.h"

namespace kibitz::tools {
namespace {

struct TypeFields {
  std::string_view type;
  std::vector<std::string_view> fields;  // besides "type"
};

// Every request type and the fields it takes (docs/protocol.md, "Messages").
const std::vector<TypeFields>& type_fields() {
  static const std::vector<TypeFields> table = {
      {"hello", {"version", "protocol"}},
      {"new_game", {"game", "seat", "seed"}},
      {"observation", {"observation", "seat"}},
      {"observations", {"observations", "seat"}},
      {"act", {"budget", "seat", "legal"}},
      {"state", {}},
      {"end_game", {"return"}},
  };
  return table;
}

std::string list_of(std::span<const std::string_view> names) {
  std::string out;
  for (const std::string_view name : names) out += (out.empty() ? "" : ", ") + std::string(name);
  return out.empty() ? "none" : out;
}

}  // namespace

const std::vector<std::string_view>& EngineRequest::types() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const TypeFields& t : type_fields()) out.push_back(t.type);
    return out;
  }();
  return names;
}

std::string json_text(const json::Value& value) {
  json::StringBuffer buffer;
  json::Writer<json::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

EngineRequest EngineRequest::parse(std::string_view line) {
  if (line.find_first_not_of(" \t") == std::string_view::npos) {
    throw error("an empty line; every message is one JSON object");
  }
  replays::check_strict_json(line, "message");
  EngineRequest request;
  request.doc_.Parse<json::kParseIterativeFlag>(line.data(), line.size());
  if (request.doc_.HasParseError()) {
    throw error("message: not valid JSON: ", json::GetParseError_En(request.doc_.GetParseError()));
  }
  if (!request.doc_.IsObject()) throw error("a message must be a JSON object with a \"type\"");
  const auto type = request.doc_.FindMember("type");
  if (type == request.doc_.MemberEnd() || !type->value.IsString()) {
    throw error("a message needs a \"type\" string (one of ", list_of(types()), ")");
  }
  request.type_.assign(type->value.GetString(), type->value.GetStringLength());
  const auto entry = std::find_if(type_fields().begin(), type_fields().end(),
                                  [&](const TypeFields& t) { return t.type == request.type_; });
  if (entry == type_fields().end()) {
    throw error("unknown message type \"", request.type_, "\" (known: ", list_of(types()), ")");
  }
  for (auto it = request.doc_.MemberBegin(); it != request.doc_.MemberEnd(); ++it) {
    const std::string_view name(it->name.GetString(), it->name.GetStringLength());
    if (name == "type") continue;
    if (std::find(entry->fields.begin(), entry->fields.end(), name) == entry->fields.end()) {
      throw error("a ", request.type_, " message has no field \"", name,
                  "\" (its fields: ", list_of(entry->fields), ")");
    }
  }
  return request;
}

bool EngineRequest::has(const char* field) const { return doc_.HasMember(field); }

const json::Value& EngineRequest::value(const char* field) const {
  const auto it = doc_.FindMember(field);
  if (it == doc_.MemberEnd()) throw error("a ", type_, " message needs \"", field, "\"");
  return it->value;
}

std::string EngineRequest::text(const char* field) const {
  const json::Value& v = value(field);
  if (!v.IsString()) throw error("\"", field, "\" of a ", type_, " message must be a string");
  return std::string(v.GetString(), v.GetStringLength());
}

std::vector<std::string> EngineRequest::texts(const char* field, std::size_t max_items) const {
  const json::Value& v = value(field);
  if (!v.IsArray() || v.Size() > max_items) {
    throw error("\"", field, "\" of a ", type_, " message must be an array of at most ", max_items, " strings");
  }
  std::vector<std::string> out;
  for (const json::Value& item : v.GetArray()) {
    if (!item.IsString()) throw error("\"", field, "\" of a ", type_, " message must hold only strings");
    out.emplace_back(item.GetString(), item.GetStringLength());
  }
  return out;
}

std::int64_t EngineRequest::integer(const char* field, std::int64_t min, std::int64_t max) const {
  const json::Value& v = value(field);
  if (!v.IsInt64() || v.GetInt64() < min || v.GetInt64() > max) {
    throw error("\"", field, "\" of a ", type_, " message must be an integer from ", min, " to ",
                max);
  }
  return v.GetInt64();
}

double EngineRequest::number(const char* field) const {
  const json::Value& v = value(field);
  // Strict JSON (checked at parse) has no NaN or infinity.
  if (!v.IsNumber()) throw error("\"", field, "\" of a ", type_, " message must be a number");
  return v.GetDouble();
}

std::uint64_t EngineRequest::unsigned_integer(const char* field) const {
  const json::Value& v = value(field);
  if (!v.IsUint64()) {
    throw error("\"", field, "\" of a ", type_, " message must be an integer from 0 to ",
                std::numeric_limits<std::uint64_t>::max());
  }
  return v.GetUint64();
}

std::vector<Observation> EngineRequest::observations(const Game& game) const {
  const StreamSpec& spec = game.stream_spec();
  auto read = [&](const json::Value& v, const std::string& where) {
    if (!v.IsObject()) throw error(where, " must be a JSON object such as {\"kind\": ...}");
    try {
      Observation o = spec.from_json(json_text(v));
      spec.validate(o, game.num_players());
      return o;
    } catch (const KibitzError& e) {
      throw error(where, ": ", e.what());
    }
  };
  std::vector<Observation> out;
  if (type_ == "observation") {
    out.push_back(read(value("observation"), "\"observation\""));
    return out;
  }
  const json::Value& list = value("observations");
  if (!list.IsArray()) throw error("\"observations\" must be an array of observation objects");
  if (list.Empty()) throw error("\"observations\" is empty; send at least one observation");
  for (json::SizeType i = 0; i < list.Size(); ++i) {
    out.push_back(read(list[i], "observation " + std::to_string(i + 1) + " of " +
                                    std::to_string(list.Size())));
  }
  return out;
}

const json::Value* EngineRequest::object(const char* field,
                                         std::span<const std::string_view> allowed) const {
  if (!has(field)) return nullptr;
  const json::Value& v = value(field);
  if (!v.IsObject()) throw error("\"", field, "\" must be an object");
  for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
    const std::string_view name(it->name.GetString(), it->name.GetStringLength());
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      throw error("\"", field, "\" has no field \"", name, "\" (its fields: ", list_of(allowed),
                  ")");
    }
  }
  return &v;
}

}  // namespace kibitz::tools
