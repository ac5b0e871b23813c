// Inline SVG charts for the HTML replay report: line charts (belief tracks),
// grouped bar charts (counts and shares, with optional interval whiskers)
// and scatter charts (bids against valuations), drawn in C++ so the page needs
// no script library and no network.
//
// Every chart is a <figure class="chart-box"> holding its title and legend
// as HTML (so the browser wraps them: a long title or many series are never
// cut off, whatever the width) and an <svg class="chart" data-series="N">
// with the axes, a rotated y-axis title, the marks and a <title> tooltip on
// each point or bar. The figure is at most the chart's width and the SVG
// scales down with it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kibitz::tools {

// Text made safe for HTML and SVG (element content and attribute values).
std::string escape_html(std::string_view text);

// One line: y values at x = 0, 1, 2, ...; a NaN leaves a gap.
struct LineSeries {
  std::string name;
  std::string color;  // CSS colour
  std::vector<double> y;
  bool dashed = false;
  std::vector<std::string> tips;  // optional tooltip per point
};

// A labelled vertical guide at an x position (e.g. a mission reveal).
struct XMarker {
  double x = 0.0;
  std::string label;
};

// A line chart of probabilities (or any values in [y_min, y_max]).
struct LineChart {
  std::string id;  // the svg element's id
  std::string title;
  int width = 760;
  int height = 200;  // of the plot with its axes; the title and legend come on top
  double y_min = 0.0;
  double y_max = 1.0;
  std::vector<double> y_ticks = {0.0, 0.25, 0.5, 0.75, 1.0};
  bool percent = true;    // tick labels as percentages
  double guide = 0.5;     // a dotted horizontal guide; NaN for none
  std::string y_title;    // along the y axis: what the values are
  std::string x_caption;  // under the axis
  std::vector<XMarker> markers;
  std::vector<LineSeries> series;
};

// One category of a bar chart: a value per series.
struct BarGroup {
  std::string label;
  std::vector<double> values;
  std::vector<std::string> tips;  // optional tooltip per bar
  // Optional interval per bar (e.g. a 95% interval), drawn as a whisker;
  // NaN or missing: none.
  std::vector<double> low;
  std::vector<double> high;
};

// A grouped bar chart: one group per category, one bar per series.
struct BarChart {
  std::string id;
  std::string title;
  int width = 460;
  int height = 200;
  std::vector<std::string> series;  // names, one per value of a group
  std::vector<std::string> colors;
  std::vector<BarGroup> groups;
  bool percent = false;   // values in [0, 1] shown as percentages
  bool integer = false;   // counts: whole-number ticks
  double y_max = 0.0;     // 0: from the data
  std::string y_title;    // along the y axis: what the bars measure
  std::string x_caption;  // under the category labels: what they are
};

// One mark of a scatter chart; `count` points at the same place are one
// mark whose area grows with the count.
struct ScatterPoint {
  double x = 0.0;
  double y = 0.0;
  int count = 1;
  std::string tip;  // optional tooltip
};

// A scatter chart of whole-number data (e.g. bids against valuations), with
// a dashed y = x diagonal when `diagonal` names it. The legend names the
// points' series and the diagonal.
struct ScatterChart {
  std::string id;
  std::string title;
  int width = 380;
  int height = 300;
  std::string series;  // what the points are (the legend entry)
  std::string color;
  std::vector<ScatterPoint> points;
  std::string diagonal;   // the diagonal's legend entry; empty: no diagonal
  std::string x_title;    // under the x axis, with its unit
  std::string y_title;    // along the y axis, with its unit
};

std::string render_line_chart(const LineChart& chart);
std::string render_scatter_chart(const ScatterChart& chart);
std::string render_bar_chart(const BarChart& chart);

}  // namespace kibitz::tools
