#include "training/learning_curve.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <utility>

#include "env/core/atomic_file.h"

namespace kibitz::training {
namespace {

// The picture, in SVG user units (pixels at 100% zoom). The left margin
// holds the rotated y-axis title and the right-aligned y tick labels; the
// space between panels holds the x tick labels, the x-axis title and the
// next panel's heading.
constexpr double kLeft = 84;
constexpr double kPanelWidth = 640;
constexpr double kRight = 40;
constexpr double kWidth = kLeft + kPanelWidth + kRight;
constexpr double kFirstTop = 56;
constexpr double kPanelHeight = 150;
constexpr double kPitch = kPanelHeight + 80;
constexpr double kBelowLast = 46;
constexpr double kYTitleX = 18;
// Longer titles (a long game spec) are cut so they stay inside the width.
constexpr std::size_t kMaxTitleChars = 90;
// Points are marked with dots when there are few of them (a single point
// would otherwise be invisible).
constexpr std::size_t kMaxMarkedPoints = 60;

using Series = std::vector<std::pair<double, double>>;

std::string svg_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else if (c == '\'') {
      out += "&apos;";
    } else {
      out += c;
    }
  }
  return out;
}

// 1, 2 or 5 times a power of ten, the smallest at least `raw`.
double nice_step(double raw) {
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double factor : {1.0, 2.0, 5.0}) {
    if (factor * power >= raw * (1 - 1e-9)) return factor * power;
  }
  return 10.0 * power;
}

std::string text_element(double x, double y, std::string_view css_class, std::string_view anchor,
                         int font_size, std::string_view text, std::string_view extra = {}) {
  std::ostringstream out;
  out << "<text class='" << css_class << "' x='" << x << "' y='" << y << "' font-size='"
      << font_size << "' text-anchor='" << anchor << "'" << extra << ">" << svg_escape(text)
      << "</text>\n";
  return out.str();
}

// One panel at `top`: frame, grid, ticks and their labels, both axis titles,
// the heading and the series.
void draw_panel(std::ostringstream& svg, double top, const CurvePanel& panel, const Series& points,
                const AxisTicks& x_axis) {
  double low = points.front().second;
  double high = low;
  for (const auto& point : points) {
    low = std::min(low, point.second);
    high = std::max(high, point.second);
  }
  const AxisTicks y_axis = axis_ticks(low, high);
  const double bottom = top + kPanelHeight;
  const auto x_of = [&](double step) {
    return kLeft + (step - x_axis.low) / (x_axis.high - x_axis.low) * kPanelWidth;
  };
  const auto y_of = [&](double value) {
    return bottom - (value - y_axis.low) / (y_axis.high - y_axis.low) * kPanelHeight;
  };
  svg << "<g class='panel'>\n";
  svg << text_element(kLeft, top - 8, "heading", "start", 13, panel.key, " font-weight='bold'");
  for (const double value : y_axis.values) {
    const double y = y_of(value);
    svg << "<line x1='" << kLeft << "' x2='" << kLeft + kPanelWidth << "' y1='" << y << "' y2='"
        << y << "' stroke='#e4e4e4'/>\n";
    svg << text_element(kLeft - 6, y + 3.5, "tick-y", "end", 10, tick_label(value));
  }
  for (const double value : x_axis.values) {
    const double x = x_of(value);
    svg << "<line x1='" << x << "' x2='" << x << "' y1='" << top << "' y2='" << bottom + 4
        << "' stroke='#e4e4e4'/>\n";
    svg << text_element(x, bottom + 15, "tick-x", "middle", 10, tick_label(value));
  }
  svg << "<rect x='" << kLeft << "' y='" << top << "' width='" << kPanelWidth << "' height='"
      << kPanelHeight << "' fill='none' stroke='#999'/>\n";
  svg << text_element(kLeft + kPanelWidth / 2, bottom + 34, "axis-title-x", "middle", 11,
                      "step (decisions trained on)");
  const double middle = top + kPanelHeight / 2;
  std::ostringstream rotate;
  rotate << " transform='rotate(-90 " << kYTitleX << " " << middle << ")'";
  svg << text_element(kYTitleX, middle, "axis-title-y", "middle", 11, panel.axis_title,
                      rotate.str());
  svg << "<polyline fill='none' stroke='#1f77b4' stroke-width='1.5' points='";
  for (const auto& [step, value] : points) svg << x_of(step) << "," << y_of(value) << " ";
  svg << "'/>\n";
  if (points.size() <= kMaxMarkedPoints) {
    for (const auto& [step, value] : points) {
      svg << "<circle cx='" << x_of(step) << "' cy='" << y_of(value)
          << "' r='2' fill='#1f77b4'/>\n";
    }
  }
  svg << "</g>\n";
}

}  // namespace

AxisTicks axis_ticks(double data_low, double data_high, int target) {
  if (data_high - data_low <= 1e-12 * std::max(std::fabs(data_low), std::fabs(data_high))) {
    // A flat series: a small band around it, or [-1, 1] around zero.
    const double pad = data_low == 0.0 ? 1.0 : 0.05 * std::fabs(data_low);
    data_low -= pad;
    data_high += pad;
  }
  const double magnitude = std::max(std::fabs(data_low), std::fabs(data_high));
  // Not finer than a hundredth of the largest magnitude's power of ten:
  // every multiple of the step up to that magnitude then has at most three
  // significant digits (a series near 0.693 is ticked 0.692, 0.693, ...,
  // never 0.6925).
  const double finest = std::pow(10.0, std::floor(std::log10(magnitude)) - 2);
  AxisTicks ticks;
  ticks.step = std::max(nice_step((data_high - data_low) / std::max(1, target - 1)), finest);
  // Tick numbers are integers, so the labels carry no rounding noise.
  const auto first = static_cast<long long>(std::floor(data_low / ticks.step + 1e-9));
  const auto last =
      std::max(first + 1, static_cast<long long>(std::ceil(data_high / ticks.step - 1e-9)));
  for (long long i = first; i <= last; ++i) {
    ticks.values.push_back(static_cast<double>(i) * ticks.step);
  }
  ticks.low = ticks.values.front();
  ticks.high = ticks.values.back();
  return ticks;
}

std::string tick_label(double value) {
  if (value == 0.0) return "0";  // never "-0"
  const char* suffix = "";
  const double size = std::fabs(value);
  if (size >= 1e9) {
    value /= 1e9;
    suffix = "G";
  } else if (size >= 1e6) {
    value /= 1e6;
    suffix = "M";
  } else if (size >= 1e3) {
    value /= 1e3;
    suffix = "k";
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3g%s", value, suffix);
  return text;
}

std::string learning_curve_svg(const std::vector<MetricsRecord>& records,
                               const std::vector<CurvePanel>& panels, std::string_view title) {
  double max_step = 0.0;
  for (const MetricsRecord& record : records) {
    if (const double* step = record.find("step")) max_step = std::max(max_step, *step);
  }
  std::vector<std::pair<const CurvePanel*, Series>> drawn;
  for (const CurvePanel& panel : panels) {
    Series points;
    for (const MetricsRecord& record : records) {
      const double* step = record.find("step");
      const double* value = record.find(panel.key);
      if (step != nullptr && value != nullptr && std::isfinite(*value)) {
        points.emplace_back(*step, *value);
      }
    }
    if (!points.empty()) drawn.emplace_back(&panel, std::move(points));
  }
  const AxisTicks x_axis = axis_ticks(0.0, max_step > 0.0 ? max_step : 1.0);
  const double height = kFirstTop + static_cast<double>(drawn.size()) * kPitch -
                        (drawn.empty() ? 0.0 : kPitch - kPanelHeight) + kBelowLast;
  std::string shown_title(title.substr(0, kMaxTitleChars));
  if (title.size() > kMaxTitleChars) shown_title += "...";
  std::ostringstream svg;
  svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth << "' height='" << height
      << "' viewBox='0 0 " << kWidth << " " << height << "' font-family='sans-serif'>\n";
  svg << "<rect width='100%' height='100%' fill='white'/>\n";
  svg << text_element(12, 24, "title", "start", 15, shown_title);
  double top = kFirstTop;
  for (const auto& [panel, points] : drawn) {
    draw_panel(svg, top, *panel, points, x_axis);
    top += kPitch;
  }
  svg << "</svg>\n";
  return svg.str();
}

void write_learning_curve_svg(const std::string& path, const std::vector<MetricsRecord>& records,
                              const std::vector<CurvePanel>& panels, std::string_view title) {
  write_file_atomically(path, learning_curve_svg(records, panels, title), "learning curve");
}

}  // namespace kibitz::training
