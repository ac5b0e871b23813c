// EngineRequest: one line a client sent to `kibitz engine`, checked before
// anything acts on it: strict JSON (replays/strict_json.h: depth, NaN,
// duplicate keys), one object, a known "type" string, and no field that
// type does not take. Its readers name the field and what it must be, so a
// client's mistake comes back as an error line that says what to fix.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/json.h"
#include "env/core/observation.h"

namespace kibitz {
class Game;
}

namespace kibitz::tools {

class EngineRequest {
 public:
  // Throws KibitzError naming what is wrong with the line.
  static EngineRequest parse(std::string_view line);

  const std::string& type() const { return type_; }

  bool has(const char* field) const;
  // Required fields: a KibitzError when missing or of the wrong kind.
  std::string text(const char* field) const;
  std::int64_t integer(const char* field, std::int64_t min, std::int64_t max) const;
  // An array of at most `max_items` strings.
  std::vector<std::string> texts(const char* field, std::size_t max_items) const;
  std::uint64_t unsigned_integer(const char* field) const;
  double number(const char* field) const;
  // The observations of an "observation" (one object) or "observations" (an
  // array of objects) field, read by the game's StreamSpec; the error names
  // the observation (by its place in the array) and what is wrong with it.
  std::vector<Observation> observations(const Game& game) const;
  // An optional object field's members, as (name, value) after checking
  // that each name is one of `allowed`.
  const json::Value* object(const char* field, std::span<const std::string_view> allowed) const;

  // The types a client may send, in the order docs/protocol.md lists them.
  static const std::vector<std::string_view>& types();

 private:
  const json::Value& value(const char* field) const;

  json::Document doc_;
  std::string type_;
};

// One JSON value as text (compact), e.g. an observation object to hand to
// StreamSpec::from_json.
std::string json_text(const json::Value& value);

}  // namespace kibitz::tools
