#include "agents/external/seat_protocol.h"

#include <cmath>
#include <cstdio>

#include "env/core/error.h"
#include "env/core/json_text.h"

namespace kibitz::seat_protocol {


std::string json_number(double value) {
  KIBITZ_CHECK(std::isfinite(value), "a protocol number must be finite, got ", value);
  return shortest_number(value);
}

std::string json_array(std::span<const std::string> values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += values[i];
  }
  return out + "]";
}

MessageWriter::MessageWriter(std::string_view type) {
  out_ = "{\"type\":";
  append_json_string(out_, type);
}

void MessageWriter::key(std::string_view name) {
  out_ += ',';
  append_json_string(out_, name);
  out_ += ':';
}

MessageWriter& MessageWriter::text(std::string_view name, std::string_view value) {
  key(name);
  append_json_string(out_, value);
  return *this;
}

MessageWriter& MessageWriter::integer(std::string_view name, std::int64_t value) {
  key(name);
  out_ += std::to_string(value);
  return *this;
}

MessageWriter& MessageWriter::unsigned_integer(std::string_view name, std::uint64_t value) {
  key(name);
  out_ += std::to_string(value);
  return *this;
}

MessageWriter& MessageWriter::number(std::string_view name, double value) {
  key(name);
  out_ += json_number(value);
  return *this;
}

MessageWriter& MessageWriter::boolean(std::string_view name, bool value) {
  key(name);
  out_ += value ? "true" : "false";
  return *this;
}

MessageWriter& MessageWriter::texts(std::string_view name, std::span<const std::string> values) {
  key(name);
  out_ += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out_ += ',';
    append_json_string(out_, values[i]);
  }
  out_ += ']';
  return *this;
}

MessageWriter& MessageWriter::raw(std::string_view name, std::string_view json) {
  key(name);
  out_ += json;
  return *this;
}

}  // namespace kibitz::seat_protocol
