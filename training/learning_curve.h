// The learning curve of a training run (DIR/learning_curve.svg): one panel
// per metric against "step", drawn by hand as a self-contained SVG so a
// training machine needs no plotting library. Each panel has ticks on both
// axes, labelled with at most three significant digits, and both axis
// titles; every label lies inside the picture (tests/training checks it in
// headless Chromium).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "training/metrics.h"

namespace kibitz::training {

// One panel: the metric's key in metrics.jsonl (the panel's heading) and
// what its y axis measures ("mean return", "loss").
struct CurvePanel {
  std::string key;
  std::string axis_title;
};

// The ticks of one axis: `values` run from `low` to `high` in steps of
// `step`, a 1, 2 or 5 times a power of ten, never finer than a hundredth of
// the axis's largest magnitude, so every tick has at most three significant
// digits. The axis spans [low, high], which covers the data.
struct AxisTicks {
  double low = 0.0;
  double high = 1.0;
  double step = 1.0;
  std::vector<double> values;
};

// About `target` ticks covering [data_low, data_high] (a single value gets a
// small range around it).
AxisTicks axis_ticks(double data_low, double data_high, int target = 5);

// A tick's label with at most three significant digits: "-0.0195", "0.5",
// "250", "1.25k", "40M".
std::string tick_label(double value);

// The SVG text: one panel for each of `panels` that some record has a finite
// value of, in that order; x is each record's "step".
std::string learning_curve_svg(const std::vector<MetricsRecord>& records,
                               const std::vector<CurvePanel>& panels, std::string_view title);

// learning_curve_svg, written atomically to `path`.
void write_learning_curve_svg(const std::string& path, const std::vector<MetricsRecord>& records,
                              const std::vector<CurvePanel>& panels, std::string_view title);

}  // namespace kibitz::training
