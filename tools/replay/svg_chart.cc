#include "tools/replay/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace kibitz::tools {
namespace {

// Plot area margins: room for the y-axis title and tick labels on the left,
// marker labels and the caption below. The title and legend are HTML, above.
constexpr double kLeft = 58.0;
constexpr double kRight = 14.0;
constexpr double kTop = 12.0;
constexpr double kBottom = 34.0;

std::string fixed(double x, int digits = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

std::string tick_label(double value, bool percent) {
  if (percent) {  // 12.5%, not a rounded 12%, on an axis in eighths
    const double p = 100.0 * value;
    return fixed(p, std::fabs(p - std::round(p)) < 1e-9 ? 0 : 1) + "%";
  }
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

// One legend entry: a colour swatch (a line, dashed or not, or a bar's
// block) and a name.
struct LegendKey {
  std::string name;
  std::string color;
  bool dashed = false;
  bool bar = false;
};

// Opens the figure: the title and the legend as HTML, which wrap at any
// width, then the svg element with its tooltip title.
void open_figure(std::ostringstream& out, const std::string& id, const std::string& kind, int width,
                 int height, const std::string& title, const std::vector<LegendKey>& legend,
                 std::size_t series) {
  out << "<figure class=\"chart-box\" style=\"max-width:" << width
      << "px\">\n<figcaption class=\"chart-title\">" << escape_html(title) << "</figcaption>\n";
  if (!legend.empty()) {
    out << "<div class=\"legend\">";
    for (const LegendKey& key : legend) {
      out << "<span class=\"key\"><span class=\"swatch" << (key.bar ? " bar" : "")
          << "\" style=\"border-top-style:" << (key.dashed ? "dashed" : "solid")
          << ";border-top-color:" << escape_html(key.color) << "\"></span>" << escape_html(key.name)
          << "</span>";
    }
    out << "</div>\n";
  }
  out << "<svg class=\"chart\" data-kind=\"" << kind << "\" data-series=\"" << series << "\" id=\""
      << escape_html(id) << "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << width << ' '
      << height << "\" width=\"" << width << "\" height=\"" << height
      << "\" role=\"img\" aria-label=\"" << escape_html(title) << "\">\n<title>"
      << escape_html(title) << "</title>\n";
}

void close_figure(std::ostringstream& out) { out << "</svg>\n</figure>\n"; }

// The y-axis title, rotated, centred on the plot's height.
void y_title(std::ostringstream& out, const std::string& title, double plot_h) {
  if (title.empty()) return;
  out << "<text class=\"axis-title\" transform=\"rotate(-90)\" x=\"" << fixed(-(kTop + plot_h / 2))
      << "\" y=\"14\" text-anchor=\"middle\">" << escape_html(title) << "</text>\n";
}

// A caption under the x axis.
void x_caption(std::ostringstream& out, const std::string& caption, int width, int height) {
  if (caption.empty()) return;
  out << "<text class=\"caption\" x=\"" << fixed(kLeft + (width - kLeft - kRight) / 2) << "\" y=\""
      << height - 4 << "\" text-anchor=\"middle\">" << escape_html(caption) << "</text>\n";
}

bool has_interval(const BarGroup& group, std::size_t i) {
  return i < group.low.size() && i < group.high.size() && !std::isnan(group.low[i]) &&
         !std::isnan(group.high[i]);
}

std::string interval_tip(const BarGroup& group, std::size_t i) {
  if (!has_interval(group, i)) return "";
  return " (interval " + fixed(100.0 * group.low[i], 1) + "% to " + fixed(100.0 * group.high[i], 1) + "%)";
}

// An interval as a vertical line with caps, centred on the bar at x.
template <class ToY>
void whisker(std::ostringstream& out, const BarGroup& group, std::size_t i, double x, const ToY& py) {
  if (!has_interval(group, i)) return;
  const double lo = py(group.low[i]);
  const double hi = py(group.high[i]);
  out << "<path class=\"whisker\" d=\"M" << fixed(x) << " " << fixed(lo) << " V" << fixed(hi) << " M"
      << fixed(x - 4) << " " << fixed(lo) << " h8 M" << fixed(x - 4) << " " << fixed(hi)
      << " h8\" stroke=\"#1d2430\" stroke-width=\"1.4\" fill=\"none\"/>";
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
  std::vector<LegendKey> legend;
  for (const LineSeries& s : chart.series) legend.push_back({s.name, s.color, s.dashed});
  open_figure(out, chart.id, "line", chart.width, chart.height, chart.title, legend,
              chart.series.size());
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
  y_title(out, chart.y_title, plot_h);
  x_caption(out, chart.x_caption, chart.width, chart.height);
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
  close_figure(out);
  return out.str();
}

std::string render_bar_chart(const BarChart& chart) {
  std::ostringstream out;
  std::vector<LegendKey> legend;
  for (std::size_t i = 0; i < chart.series.size() && chart.series.size() > 1; ++i) {
    legend.push_back(
        {chart.series[i], i < chart.colors.size() ? chart.colors[i] : "#888", false, true});
  }
  open_figure(out, chart.id, "bar", chart.width, chart.height, chart.title, legend,
              chart.series.size());
  double top = chart.y_max;
  if (!(top > 0.0)) {
    for (const BarGroup& g : chart.groups) {
      for (const double v : g.values) top = std::max(top, v);
      for (const double v : g.high) top = std::isnan(v) ? top : std::max(top, v);
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
  y_title(out, chart.y_title, plot_h);
  x_caption(out, chart.x_caption, chart.width, chart.height);
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
          << interval_tip(group, i) << "</title></rect>";
      whisker(out, group, i, start + bar_w * static_cast<double>(i) + (bar_w - 2) / 2.0, py);
    }
    out << "<text class=\"tick\" x=\"" << fixed(kLeft + group_w * (static_cast<double>(g) + 0.5))
        << "\" y=\"" << fixed(kTop + plot_h + 14) << "\" text-anchor=\"middle\">"
        << escape_html(group.label) << "</text></g>\n";
  }
  close_figure(out);
  return out.str();
}

}  // namespace kibitz::tools

namespace kibitz::tools {
namespace {

// Axis ticks for whole numbers from 0 to at least `top`: about five steps.
int whole_step(int top) {
  for (const int step : {1, 2, 5, 10, 20, 25, 50, 100}) {
    if (top / step <= 6) return step;
  }
  return 200;
}

}  // namespace

std::string render_scatter_chart(const ScatterChart& chart) {
  std::ostringstream out;
  std::vector<LegendKey> legend = {{chart.series, chart.color, false, true}};
  if (!chart.diagonal.empty()) legend.push_back({chart.diagonal, "#6b7480", true, false});
  open_figure(out, chart.id, "scatter", chart.width, chart.height, chart.title, legend, legend.size());
  int top = 1;
  for (const ScatterPoint& p : chart.points) {
    top = std::max({top, static_cast<int>(std::ceil(p.x)), static_cast<int>(std::ceil(p.y))});
  }
  const int step = whole_step(top);
  const int max = step * ((top + step - 1) / step);
  const double plot_w = chart.width - kLeft - kRight;
  const double plot_h = chart.height - kTop - kBottom;
  const auto px = [&](double x) { return kLeft + plot_w * std::clamp(x, 0.0, 1.0 * max) / max; };
  const auto py = [&](double y) { return kTop + plot_h * (1.0 - std::clamp(y, 0.0, 1.0 * max) / max); };
  out << "<g class=\"axis\">\n";
  for (int tick = 0; tick <= max; tick += step) {
    out << "<line class=\"grid\" x1=\"" << kLeft << "\" x2=\"" << fixed(kLeft + plot_w) << "\" y1=\""
        << fixed(py(tick)) << "\" y2=\"" << fixed(py(tick)) << "\"/><text class=\"tick\" x=\""
        << fixed(kLeft - 6) << "\" y=\"" << fixed(py(tick) + 4) << "\" text-anchor=\"end\">" << tick
        << "</text><text class=\"tick\" x=\"" << fixed(px(tick)) << "\" y=\"" << fixed(kTop + plot_h + 14)
        << "\" text-anchor=\"middle\">" << tick << "</text>\n";
  }
  out << "<line class=\"axis-line\" x1=\"" << kLeft << "\" x2=\"" << kLeft << "\" y1=\"" << kTop << "\" y2=\""
      << fixed(kTop + plot_h) << "\"/><line class=\"axis-line\" x1=\"" << kLeft << "\" x2=\""
      << fixed(kLeft + plot_w) << "\" y1=\"" << fixed(kTop + plot_h) << "\" y2=\"" << fixed(kTop + plot_h)
      << "\"/>\n";
  if (!chart.diagonal.empty()) {
    out << "<line class=\"guide\" x1=\"" << fixed(px(0)) << "\" y1=\"" << fixed(py(0)) << "\" x2=\""
        << fixed(px(max)) << "\" y2=\"" << fixed(py(max)) << "\" stroke-dasharray=\"6 4\"/>\n";
  }
  y_title(out, chart.y_title, plot_h);
  x_caption(out, chart.x_title, chart.width, chart.height);
  out << "</g>\n<g class=\"series\" data-series=\"" << escape_html(chart.series) << "\">";
  for (const ScatterPoint& p : chart.points) {
    const double r = 2.5 + 1.6 * std::sqrt(static_cast<double>(std::max(p.count, 1)) - 1.0);
    out << "<circle cx=\"" << fixed(px(p.x)) << "\" cy=\"" << fixed(py(p.y)) << "\" r=\""
        << fixed(std::min(r, 14.0)) << "\" fill=\"" << escape_html(chart.color)
        << "\" fill-opacity=\"0.55\"><title>" << escape_html(p.tip.empty() ? chart.series : p.tip)
        << "</title></circle>";
  }
  out << "</g>\n";
  close_figure(out);
  return out.str();
}

}  // namespace kibitz::tools
