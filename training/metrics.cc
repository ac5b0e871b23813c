#include "training/metrics.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/input_file.h"

namespace kibitz::training {
namespace {

// metrics.jsonl is read whole on --resume: a line is about half a kilobyte,
// so this allows hundreds of thousands of iterations.
constexpr std::uintmax_t kMaxMetricsBytes = 256u << 20;

std::string format_number(double value) {
  if (!std::isfinite(value)) return "null";
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    return std::to_string(static_cast<long long>(value));
  }
  char text[64];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

}  // namespace

const double* MetricsRecord::find(std::string_view name) const {
  for (const auto& [key, value] : values) {
    if (key == name) return &value;
  }
  return nullptr;
}

std::string MetricsRecord::to_json() const {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ",";
    out += "\"" + values[i].first + "\":" + format_number(values[i].second);
  }
  return out + "}";
}

namespace {

// Up to 80 bytes of `text` for an error message, quoted, with anything
// unprintable as \xNN so a damaged file cannot garble the terminal.
std::string shown(std::string_view text) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < 80; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f && byte != '\\') {
      out += static_cast<char>(byte);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      out += escaped;
    }
  }
  return out + (text.size() > 80 ? "'..." : "'");
}

// The length of the JSON number at the start of `text`, or 0 when there is
// none: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?. Stricter than strtod,
// which also takes "nan", "inf", hexadecimal and leading spaces.
std::size_t json_number_length(std::string_view text) {
  std::size_t at = 0;
  const auto digits = [&] {
    const std::size_t from = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    return at - from;
  };
  if (at < text.size() && text[at] == '-') ++at;
  if (at < text.size() && text[at] == '0') {
    ++at;
  } else if (digits() == 0) {
    return 0;
  }
  if (at < text.size() && text[at] == '.') {
    ++at;
    if (digits() == 0) return 0;
  }
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
    if (digits() == 0) return 0;
  }
  return at;
}

// Whether `token` spells a non-finite number in one of the ways other
// writers do (NaN, Infinity, -inf, ...).
bool names_non_finite(std::string_view token) {
  if (!token.empty() && (token.front() == '-' || token.front() == '+')) token.remove_prefix(1);
  if (token.size() > 8) return false;
  std::string lower;
  for (const char c : token) {
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return lower == "nan" || lower == "inf" || lower == "infinity";
}

}  // namespace

MetricsRecord parse_metrics_line(std::string_view line, std::string_view where) {
  auto bad = [&](std::string_view why) {
    return error(where, ": ", why, " in metrics line ", shown(line));
  };
  MetricsRecord record;
  std::set<std::string, std::less<>> keys;
  std::size_t at = 0;
  auto skip = [&](char c) {
    if (at >= line.size() || line[at] != c) {
      throw bad(std::string("expected '") + c + "' at byte " + std::to_string(at + 1));
    }
    ++at;
  };
  skip('{');
  while (at < line.size() && line[at] != '}') {
    if (!record.values.empty()) skip(',');
    skip('"');
    const std::size_t end = line.find('"', at);
    if (end == std::string_view::npos) throw bad("unterminated key");
    std::string key(line.substr(at, end - at));
    if (key.empty() || key.find('\\') != std::string::npos) {
      throw bad("a key that to_json never writes");
    }
    if (!keys.insert(key).second) throw bad("duplicate key " + shown(key));
    at = end + 1;
    skip(':');
    if (line.substr(at, 4) == "null") {
      record.add(std::move(key), std::numeric_limits<double>::quiet_NaN());
      at += 4;
      continue;
    }
    std::size_t stop = at;
    while (stop < line.size() && line[stop] != ',' && line[stop] != '}') ++stop;
    const std::string_view token = line.substr(at, stop - at);
    if (names_non_finite(token)) {
      throw bad("the non-finite number " + std::string(token) + " for " + shown(key) +
                " (a finite number or null is expected)");
    }
    if (token.empty() || json_number_length(token) != token.size()) {
      throw bad(shown(key) + " is not a number");
    }
    // strtod on text already checked to be a JSON number: an overflow gives
    // infinity (refused), an underflow a tiny finite value (kept, as written).
    const double value = std::strtod(std::string(token).c_str(), nullptr);
    if (!std::isfinite(value)) throw bad(shown(key) + " is beyond the range of a finite number");
    record.add(std::move(key), value);
    at = stop;
  }
  skip('}');
  if (at != line.size()) throw bad("text after the closing '}'");
  return record;
}

MetricsLog::MetricsLog(std::string path, std::int64_t keep_through_iteration)
    : path_(std::move(path)) {
  if (keep_through_iteration >= 0 && std::filesystem::exists(path_)) {
    std::istringstream in(read_file_limited(path_, kMaxMetricsBytes, "metrics"));
    std::string line;
    std::string kept;
    for (int number = 1; std::getline(in, line); ++number) {
      if (line.empty()) continue;
      MetricsRecord record = parse_metrics_line(line, path_ + ":" + std::to_string(number));
      const double* iteration = record.find("iteration");
      if (iteration == nullptr || *iteration > static_cast<double>(keep_through_iteration)) {
        continue;
      }
      kept += line + "\n";
      records_.push_back(std::move(record));
    }
    write_file_atomically(path_, kept);
    out_.open(path_, std::ios::app);
  } else {
    out_.open(path_, std::ios::trunc);
  }
  if (!out_) throw error("cannot write ", path_);
}

void MetricsLog::append(const MetricsRecord& record) {
  out_ << record.to_json() << "\n";
  out_.flush();
  if (!out_) throw error("cannot write ", path_);
  records_.push_back(record);
}

}  // namespace kibitz::training
