#include "training/metrics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <sstream>

#include "env/core/atomic_file.h"
#include "env/core/error.h"

namespace kibitz::training {
namespace {

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

MetricsRecord parse_metrics_line(std::string_view line, std::string_view where) {
  auto bad = [&] { return error(where, ": not a metrics line: ", line); };
  MetricsRecord record;
  std::size_t at = 0;
  auto skip = [&](char c) {
    if (at >= line.size() || line[at] != c) throw bad();
    ++at;
  };
  skip('{');
  while (at < line.size() && line[at] != '}') {
    if (!record.values.empty()) skip(',');
    skip('"');
    const std::size_t end = line.find('"', at);
    if (end == std::string_view::npos) throw bad();
    std::string key(line.substr(at, end - at));
    at = end + 1;
    skip(':');
    if (line.substr(at, 4) == "null") {
      record.add(std::move(key), std::numeric_limits<double>::quiet_NaN());
      at += 4;
      continue;
    }
    std::size_t stop = at;
    while (stop < line.size() && line[stop] != ',' && line[stop] != '}') ++stop;
    double value = 0.0;
    try {
      std::size_t used = 0;
      const std::string number(line.substr(at, stop - at));
      value = std::stod(number, &used);
      if (used != number.size()) throw bad();
    } catch (const std::logic_error&) {
      throw bad();
    }
    record.add(std::move(key), value);
    at = stop;
  }
  skip('}');
  return record;
}

MetricsLog::MetricsLog(std::string path, std::int64_t keep_through_iteration)
    : path_(std::move(path)) {
  if (keep_through_iteration >= 0 && std::filesystem::exists(path_)) {
    std::ifstream in(path_);
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

namespace {

constexpr double kPanelWidth = 640;
constexpr double kPanelHeight = 150;
constexpr double kMarginLeft = 70;
constexpr double kMarginTop = 40;
constexpr double kGap = 40;

std::string svg_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

// One panel: axes box, min/max labels and the series as a polyline.
void draw_panel(std::ostringstream& svg, double top, const std::string& key,
                const std::vector<std::pair<double, double>>& points, double max_step) {
  double low = points.front().second;
  double high = low;
  for (const auto& point : points) {
    low = std::min(low, point.second);
    high = std::max(high, point.second);
  }
  if (high - low < 1e-12) {
    low -= 0.5;
    high += 0.5;
  }
  const double right = kMarginLeft + kPanelWidth;
  svg << "<rect x='" << kMarginLeft << "' y='" << top << "' width='" << kPanelWidth
      << "' height='" << kPanelHeight << "' fill='none' stroke='#999'/>\n";
  svg << "<text x='" << kMarginLeft << "' y='" << top - 6 << "' font-size='13'>"
      << svg_escape(key) << "</text>\n";
  svg << "<text x='" << kMarginLeft - 6 << "' y='" << top + 10
      << "' font-size='10' text-anchor='end'>" << format_number(high) << "</text>\n";
  svg << "<text x='" << kMarginLeft - 6 << "' y='" << top + kPanelHeight
      << "' font-size='10' text-anchor='end'>" << format_number(low) << "</text>\n";
  svg << "<text x='" << right << "' y='" << top + kPanelHeight + 12
      << "' font-size='10' text-anchor='end'>step " << format_number(max_step) << "</text>\n";
  svg << "<polyline fill='none' stroke='#1f77b4' stroke-width='1.5' points='";
  for (const auto& [step, value] : points) {
    const double x = kMarginLeft + (max_step > 0 ? step / max_step : 0.0) * kPanelWidth;
    const double y = top + kPanelHeight - (value - low) / (high - low) * kPanelHeight;
    svg << x << "," << y << " ";
  }
  svg << "'/>\n";
}

}  // namespace

void write_learning_curve_svg(const std::string& path, const std::vector<MetricsRecord>& records,
                              const std::vector<std::string>& keys, std::string_view title) {
  double max_step = 0.0;
  for (const MetricsRecord& record : records) {
    if (const double* step = record.find("step")) max_step = std::max(max_step, *step);
  }
  std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> series;
  for (const std::string& key : keys) {
    std::vector<std::pair<double, double>> points;
    for (const MetricsRecord& record : records) {
      const double* step = record.find("step");
      const double* value = record.find(key);
      if (step != nullptr && value != nullptr && std::isfinite(*value)) {
        points.emplace_back(*step, *value);
      }
    }
    if (!points.empty()) series.emplace_back(key, std::move(points));
  }
  const double height =
      kMarginTop + static_cast<double>(series.size()) * (kPanelHeight + kGap) + 10;
  std::ostringstream svg;
  svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kMarginLeft + kPanelWidth + 20
      << "' height='" << height << "' font-family='sans-serif'>\n";
  svg << "<rect width='100%' height='100%' fill='white'/>\n";
  svg << "<text x='" << kMarginLeft << "' y='20' font-size='15'>" << svg_escape(title)
      << "</text>\n";
  double top = kMarginTop + 10;
  for (const auto& [key, points] : series) {
    draw_panel(svg, top, key, points, max_step);
    top += kPanelHeight + kGap;
  }
  svg << "</svg>\n";
  write_file_atomically(path, svg.str());
}

}  // namespace kibitz::training
