// A JSON document written field by field, for the replay reports' --json
// output (the Adulting and the Laws and Disorder reports): commas are
// placed by nesting level, strings quoted by append_json_string, and a
// number that is not finite (a share or mean where nothing was counted) is
// written as null.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

#include "env/core/json_text.h"

namespace kibitz::replays::analysis {

class JsonWriter {
 public:
  // Opens an object ('{') or array ('['); `key` null inside arrays and for
  // the document itself.
  JsonWriter& open(const char* key, char bracket) {
    this->key(key);
    text_ += bracket;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char bracket) {
    text_ += bracket;
    first_ = false;
    return *this;
  }
  JsonWriter& field(const char* name, const std::string& value) {
    key(name);
    append_json_string(text_, value);
    return *this;
  }
  JsonWriter& field(const char* name, const char* value) { return field(name, std::string(value)); }
  JsonWriter& field(const char* name, long value) {
    key(name);
    text_ += std::to_string(value);
    return *this;
  }
  JsonWriter& field(const char* name, int value) { return field(name, static_cast<long>(value)); }
  JsonWriter& field(const char* name, std::size_t value) { return field(name, static_cast<long>(value)); }
  JsonWriter& field(const char* name, bool value) {
    key(name);
    text_ += value ? "true" : "false";
    return *this;
  }
  JsonWriter& field(const char* name, double value) {
    key(name);
    if (!std::isfinite(value)) {
      text_ += "null";
    } else {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.6g", value);
      text_ += buffer;
    }
    return *this;
  }
  const std::string& text() const { return text_; }

 private:
  // A comma before every element but the first; `name` null inside arrays.
  void key(const char* name) {
    if (!first_) text_ += ',';
    first_ = false;
    if (name != nullptr) {
      append_json_string(text_, name);
      text_ += ':';
    }
  }
  std::string text_;
  bool first_ = true;
};

}  // namespace kibitz::replays::analysis
