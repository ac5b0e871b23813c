#include "tools/replay/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace kibitz::tools {
namespace {

// Plot area margins: room for tick labels, the legend and the captions.
constexpr double kLeft = 46.0;
constexpr double kRight = 14.0;
constexpr double kTop = 40.0;
constexpr double kBottom = 34.0;

std::string fixed(double x, int digits = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

std::string tick_label(double value, bool percent) {
  if (percent) return fixed(100.0 * value, 0) + "%";
  if (std::fabs(value - std::round(value)) < 1e-9) return fixed(value, 0);
  return fixed(value, 2);
}

// A "nice" upper bound and step for an axis reaching `top`.
void nice_axis(double top, double& max, double& step) {
  if (!(top > 0.0)) top = 1.0;
  const double magnitude = std::pow(10.0, std::floor(std::log10(top)));
  for (const double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (m * magnitude >= top) {
      max = m * magnitude;
      break;
    }
  }
  step = max / 4.0;
}

void open_svg(std::ostringstream& out, const std::string& id, const std::string& kind, int width,
              int height, const std::string& title) {
  out << "<svg class=\"chart\" data-kind=\"" << kind << "\" id=\"" << escape_html(id)
      << "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << width << ' ' << height
      << "\" width=\"" << width << "\" height=\"" << height << "\" role=\"img\" aria-label=\""
      << escape_html(title) << "\">\n<title>" << escape_html(title) << "</title>\n"
      << "<text class=\"chart-title\" x=\"" << kLeft << "\" y=\"16\">" << escape_html(title)
      << "</text>\n";
}

// A row of legend entries under the title.
void legend(std::ostringstream& out, const std::vector<std::string>& names,
            const std::vector<std::string>& colors, const std::vector<bool>& dashed, int width) {
  double x = kLeft;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const double w = 30.0 + 7.0 * static_cast<double>(names[i].size());
    if (x + w > width) break;
    out << "<line x1=\"" << fixed(x) << "\" y1=\"28\" x2=\"" << fixed(x + 18)
        << "\" y2=\"28\" stroke=\"" << escape_html(colors[i]) << "\" stroke-width=\"3\""
        << (i < dashed.size() && dashed[i] ? " stroke-dasharray=\"5 3\"" : "") << "/>"
        << "<text class=\"legend\" x=\"" << fixed(x + 22) << "\" y=\"32\">" << escape_html(names[i])
        << "</text>\n";
    x += w;
  }
}

}  // namespace

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_line_chart(const LineChart& chart) {
  std::ostringstream out;
  open_svg(out, chart.id, "line", chart.width, chart.height, chart.title);
  std::size_t points = 0;
  for (const LineSeries& s : chart.series) points = std::max(points, s.y.size());
  const double plot_w = chart.width - kLeft - kRight;
  const double plot_h = chart.height - kTop - kBottom;
  const double span = chart.y_max > chart.y_min ? chart.y_max - chart.y_min : 1.0;
  const auto px = [&](double x) {
    return kLeft + (points > 1 ? x * plot_w / static_cast<double>(points - 1) : plot_w / 2.0);
  };
  const auto py = [&](double y) {
    return kTop + plot_h * (1.0 - (std::clamp(y, chart.y_min, chart.y_max) - chart.y_min) / span);
  };
  // Axes, ticks and the guide.
  out << "<g class=\"axis\">\n";
  for (const double tick : chart.y_ticks) {
    out << "<line class=\"grid\" x1=\"" << kLeft << "\" x2=\"" << fixed(kLeft + plot_w)
        << "\" y1=\"" << fixed(py(tick)) << "\" y2=\"" << fixed(py(tick))
        << "\"/><text class=\"tick\" x=\"" << fixed(kLeft - 6) << "\" y=\"" << fixed(py(tick) + 4)
        << "\" text-anchor=\"end\">" << tick_label(tick, chart.percent) << "</text>\n";
  }
  if (!std::isnan(chart.guide)) {
    out << "<line class=\"guide\" x1=\"" << kLeft << "\" x2=\"" << fixed(kLeft + plot_w)
        << "\" y1=\"" << fixed(py(chart.guide)) << "\" y2=\"" << fixed(py(chart.guide)) << "\"/>\n";
  }
  out << "<line class=\"axis-line\" x1=\"" << kLeft << "\" x2=\"" << kLeft << "\" y1=\"" << kTop
      << "\" y2=\"" << fixed(kTop + plot_h) << "\"/><line class=\"axis-line\" x1=\"" << kLeft
      << "\" x2=\"" << fixed(kLeft + plot_w) << "\" y1=\"" << fixed(kTop + plot_h) << "\" y2=\""
      << fixed(kTop + plot_h) << "\"/>\n";
  for (const XMarker& m : chart.markers) {
    out << "<line class=\"marker\" x1=\"" << fixed(px(m.x)) << "\" x2=\"" << fixed(px(m.x))
        << "\" y1=\"" << kTop << "\" y2=\"" << fixed(kTop + plot_h)
        << "\"/><text class=\"marker-label\" x=\"" << fixed(px(m.x)) << "\" y=\""
        << fixed(kTop + plot_h + 13) << "\" text-anchor=\"middle\">" << escape_html(m.label)
        << "</text>\n";
  }
  if (!chart.x_caption.empty()) {
    out << "<text class=\"caption\" x=\"" << fixed(kLeft + plot_w / 2) << "\" y=\""
        << chart.height - 4 << "\" text-anchor=\"middle\">" << escape_html(chart.x_caption)
        << "</text>\n";
  }
  out << "</g>\n";
  // The lines: one path per unbroken run, then a dot with a tooltip per point.
  for (const LineSeries& s : chart.series) {
    out << "<g class=\"series\" data-series=\"" << escape_html(s.name) << "\">\n";
    std::string d;
    bool pen_down = false;
    for (std::size_t i = 0; i < s.y.size(); ++i) {
      if (std::isnan(s.y[i])) {
        pen_down = false;
        continue;
      }
      d += (pen_down ? " L" : " M") + fixed(px(static_cast<double>(i))) + " " + fixed(py(s.y[i]));
      pen_down = true;
    }
    if (!d.empty()) {
      out << "<path d=\"" << d.substr(1) << "\" fill=\"none\" stroke=\"" << escape_html(s.color)
          << "\" stroke-width=\"2.2\" stroke-linejoin=\"round\""
          << (s.dashed ? " stroke-dasharray=\"6 4\"" : "") << "/>\n";
    }
    for (std::size_t i = 0; i < s.y.size(); ++i) {
      if (std::isnan(s.y[i])) continue;
      out << "<circle cx=\"" << fixed(px(static_cast<double>(i))) << "\" cy=\"" << fixed(py(s.y[i]))
          << "\" r=\"2.6\" fill=\"" << escape_html(s.color) << "\"><title>" << escape_html(s.name)
          << ": " << tick_label(s.y[i], chart.percent)
          << (i < s.tips.size() && !s.tips[i].empty() ? " — " + escape_html(s.tips[i]) : "")
          << "</title></circle>";
    }
    out << "\n</g>\n";
  }
  std::vector<std::string> names;
  std::vector<std::string> colors;
  std::vector<bool> dashed;
  for (const LineSeries& s : chart.series) {
    names.push_back(s.name);
    colors.push_back(s.color);
    dashed.push_back(s.dashed);
  }
  legend(out, names, colors, dashed, chart.width);
  out << "</svg>\n";
  return out.str();
}

std::string render_bar_chart(const BarChart& chart) {
  std::ostringstream out;
  open_svg(out, chart.id, "bar", chart.width, chart.height, chart.title);
  double top = chart.y_max;
  if (!(top > 0.0)) {
    for (const BarGroup& g : chart.groups) {
      for (const double v : g.values) top = std::max(top, v);
    }
    if (chart.percent) top = std::min(1.0, top);
  }
  double max = 1.0;
  double step = 0.25;
  if (chart.percent && top > 0.5) {
    max = 1.0;
  } else if (chart.integer) {
    max = 4.0 * std::max(1.0, std::ceil(top / 4.0));
  } else {
    nice_axis(top, max, step);
  }
  step = max / 4.0;
  const double plot_w = chart.width - kLeft - kRight;
  const double plot_h = chart.height - kTop - kBottom;
  const auto py = [&](double y) { return kTop + plot_h * (1.0 - std::clamp(y, 0.0, max) / max); };
  out << "<g class=\"axis\">\n";
  for (int i = 0; i <= 4; ++i) {
    const double tick = step * i;
    out << "<line class=\"grid\" x1=\"" << kLeft << "\" x2=\"" << fixed(kLeft + plot_w)
        << "\" y1=\"" << fixed(py(tick)) << "\" y2=\"" << fixed(py(tick))
        << "\"/><text class=\"tick\" x=\"" << fixed(kLeft - 6) << "\" y=\"" << fixed(py(tick) + 4)
        << "\" text-anchor=\"end\">" << tick_label(tick, chart.percent) << "</text>\n";
  }
  out << "<line class=\"axis-line\" x1=\"" << kLeft << "\" x2=\"" << fixed(kLeft + plot_w)
      << "\" y1=\"" << fixed(kTop + plot_h) << "\" y2=\"" << fixed(kTop + plot_h) << "\"/>\n";
  if (!chart.y_caption.empty()) {
    out << "<text class=\"caption\" x=\"" << fixed(kLeft + plot_w / 2) << "\" y=\""
        << chart.height - 4 << "\" text-anchor=\"middle\">" << escape_html(chart.y_caption)
        << "</text>\n";
  }
  out << "</g>\n";
  const std::size_t groups = std::max<std::size_t>(1, chart.groups.size());
  const double group_w = plot_w / static_cast<double>(groups);
  const std::size_t per_group = std::max<std::size_t>(1, chart.series.size());
  const double bar_w = std::min(36.0, 0.8 * group_w / static_cast<double>(per_group));
  for (std::size_t g = 0; g < chart.groups.size(); ++g) {
    const BarGroup& group = chart.groups[g];
    const double start = kLeft + group_w * static_cast<double>(g) +
                         (group_w - bar_w * static_cast<double>(per_group)) / 2.0;
    out << "<g class=\"bars\">";
    for (std::size_t i = 0; i < group.values.size() && i < per_group; ++i) {
      const double v = group.values[i];
      const double y = py(std::isnan(v) ? 0.0 : v);
      const std::string color = i < chart.colors.size() ? chart.colors[i] : "#888";
      const std::string name = i < chart.series.size() ? chart.series[i] : "";
      out << "<rect x=\"" << fixed(start + bar_w * static_cast<double>(i)) << "\" y=\"" << fixed(y)
          << "\" width=\"" << fixed(bar_w - 2) << "\" height=\"" << fixed(kTop + plot_h - y)
          << "\" fill=\"" << escape_html(color) << "\"><title>" << escape_html(group.label)
          << (name.empty() ? "" : ", " + escape_html(name)) << ": "
          << (std::isnan(v) ? std::string("n/a") : tick_label(v, chart.percent))
          << (i < group.tips.size() && !group.tips[i].empty() ? " — " + escape_html(group.tips[i])
                                                              : "")
          << "</title></rect>";
    }
    out << "<text class=\"tick\" x=\"" << fixed(kLeft + group_w * (static_cast<double>(g) + 0.5))
        << "\" y=\"" << fixed(kTop + plot_h + 14) << "\" text-anchor=\"middle\">"
        << escape_html(group.label) << "</text></g>\n";
  }
  std::vector<bool> dashed(chart.series.size(), false);
  if (chart.series.size() > 1) legend(out, chart.series, chart.colors, dashed, chart.width);
  out << "</svg>\n";
  return out.str();
}

}  // namespace kibitz::tools
