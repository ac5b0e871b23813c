// The learning curve SVG: ticks on both axes with at most three significant
// digits (a loss of -0.0194 keeps its minus sign), axis titles, every label
// inside the picture; checked in the SVG text and, when /usr/bin/chromium
// exists, as rendered by headless Chromium in a 1280 px wide window.
#include "training/learning_curve.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/training/training_test_util.h"

namespace kibitz::training {
namespace {

using testing::read_all;
using testing::write_all;

// Significant digits of a tick label ("-0.0195": 3, "250": 2, "1.25k": 3).
int significant_digits(const std::string& label) {
  std::string digits;
  for (const char c : label.substr(0, label.find_first_of("eE"))) {
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  }
  const std::size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 1;
  const std::size_t last =
      label.find('.') == std::string::npos ? digits.find_last_not_of('0') : digits.size() - 1;
  return static_cast<int>(last - first + 1);
}

struct SvgText {
  std::string css_class;
  double x = 0;
  double y = 0;
  std::string anchor;
  std::string text;
};

std::vector<SvgText> texts_of(const std::string& svg) {
  static const std::regex element(
      "<text class='([a-z-]+)' x='([^']*)' y='([^']*)' font-size='[0-9]+' "
      "text-anchor='([a-z]+)'[^>]*>([^<]*)</text>");
  std::vector<SvgText> texts;
  for (std::sregex_iterator it(svg.begin(), svg.end(), element), end; it != end; ++it) {
    texts.push_back({(*it)[1], std::stod((*it)[2]), std::stod((*it)[3]), (*it)[4], (*it)[5]});
  }
  return texts;
}

double attribute(const std::string& svg, const std::string& name) {
  const std::size_t at = svg.find(name + "='");
  return at == std::string::npos ? -1.0 : std::stod(svg.substr(at + name.size() + 2));
}

// A run's worth of metrics: a policy loss that goes negative (-0.0193742036
// was once drawn as "0.0193742036", its minus sign clipped), a win rate, a
// constant learning rate and steps into the hundreds of thousands.
std::vector<MetricsRecord> sample_records() {
  std::vector<MetricsRecord> records;
  for (int i = 1; i <= 30; ++i) {
    MetricsRecord record;
    record.add("iteration", i);
    record.add("step", 4116.0 * i);
    record.add("policy_loss", 0.031 - 0.0017 * i + 0.0003 * std::sin(i));
    record.add("nash_conv", 0.9 / (1.0 + 0.1 * i));
    record.add("vs_random_mean_return", -0.2 + 0.021 * i);
    record.add("lr", 0.0003);
    records.push_back(record);
  }
  return records;
}

const std::vector<CurvePanel> kPanels = {{"nash_conv", "NashConv"},
                                         {"vs_random_mean_return", "mean return"},
                                         {"policy_loss", "policy loss"},
                                         {"lr", "learning rate"},
                                         {"absent", "never drawn"}};

TEST(LearningCurveTest, TicksHaveAtMostThreeSignificantDigits) {
  EXPECT_EQ(tick_label(-0.0195), "-0.0195");
  EXPECT_EQ(tick_label(0.0), "0");
  EXPECT_EQ(tick_label(-0.0), "0");
  EXPECT_EQ(tick_label(1250), "1.25k");
  EXPECT_EQ(tick_label(4e7), "40M");
  const std::vector<std::pair<double, double>> ranges = {
      {-0.0193742036, 0.031}, {0.6931, 0.6935}, {0.0003, 0.0003}, {0, 123480},        {-1.5, 2.25},
      {99.91, 100.07},        {0, 0},           {-3e-7, 1e-6},    {12345.6, 12399.1}, {0.09, 0.11}};
  for (const auto& [low, high] : ranges) {
    const AxisTicks ticks = axis_ticks(low, high);
    ASSERT_GE(ticks.values.size(), 2u) << low << " " << high;
    EXPECT_LE(ticks.values.size(), 7u) << low << " " << high;
    EXPECT_LE(ticks.low, low);
    EXPECT_GE(ticks.high, high);
    for (const double value : ticks.values) {
      EXPECT_LE(significant_digits(tick_label(value)), 3)
          << tick_label(value) << " for [" << low << ", " << high << "]";
    }
  }
}

TEST(LearningCurveTest, PanelsHaveTicksTitlesAndNothingOutside) {
  const std::string svg =
      learning_curve_svg(sample_records(), kPanels, "kibitz train --algo ppo on <kuhn_poker>");
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("&lt;kuhn_poker&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("absent"), std::string::npos);
  const double width = attribute(svg, "width");
  const double height = attribute(svg, "height");
  const std::vector<SvgText> texts = texts_of(svg);
  int headings = 0, x_titles = 0, y_titles = 0, x_ticks = 0, y_ticks = 0;
  bool negative_tick = false;
  for (const SvgText& text : texts) {
    EXPECT_GE(text.x, 0.0) << text.text;
    EXPECT_LE(text.x, width) << text.text;
    EXPECT_GT(text.y, 0.0) << text.text;
    EXPECT_LE(text.y, height) << text.text;
    headings += text.css_class == "heading";
    x_titles += text.css_class == "axis-title-x";
    y_titles += text.css_class == "axis-title-y";
    if (text.css_class == "tick-x" || text.css_class == "tick-y") {
      EXPECT_LE(significant_digits(text.text), 3) << text.text;
      negative_tick = negative_tick || text.text.front() == '-';
      x_ticks += text.css_class == "tick-x";
      y_ticks += text.css_class == "tick-y";
    }
    // The y labels end at the axis, so a longer one grows leftwards, into
    // the margin, not across the plot.
    if (text.css_class == "tick-y") {
      EXPECT_EQ(text.anchor, "end");
    }
  }
  EXPECT_EQ(headings, 4);
  EXPECT_EQ(x_titles, 4);
  EXPECT_EQ(y_titles, 4);
  EXPECT_GE(x_ticks, 4 * 3);
  EXPECT_GE(y_ticks, 4 * 3);
  EXPECT_TRUE(negative_tick) << "the policy loss and the mean return go below zero";
  EXPECT_NE(svg.find(">step (decisions trained on)<"), std::string::npos);
  EXPECT_NE(svg.find(">mean return<"), std::string::npos);
}

// A page with the SVG inline whose script measures every label as drawn and
// writes what it found into <body data-check=...>.
std::string checking_page(const std::string& svg) {
  return "<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0}</style>"
         "</head><body>\n" +
         svg +
         "<script>\n"
         "const problems = [];\n"
         "const svg = document.querySelector('svg');\n"
         "const box = svg.getBoundingClientRect();\n"
         "if (box.right > window.innerWidth) problems.push('wider than the window');\n"
         "const texts = Array.from(svg.querySelectorAll('text'));\n"
         "const rects = texts.map(t => t.getBoundingClientRect());\n"
         "texts.forEach((t, i) => {\n"
         "  const r = rects[i];\n"
         "  if (r.width <= 0) problems.push('not drawn: ' + t.textContent);\n"
         "  if (r.left < box.left || r.right > box.right || r.top < box.top ||\n"
         "      r.bottom > box.bottom) problems.push('outside: ' + t.textContent);\n"
         "  for (let j = 0; j < i; ++j) {\n"
         "    const o = rects[j];\n"
         "    if (r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 &&\n"
         "        o.top < r.bottom - 0.5)\n"
         "      problems.push('overlap: ' + t.textContent + ' / ' + texts[j].textContent);\n"
         "  }\n"
         "});\n"
         "document.body.setAttribute('data-window', String(window.innerWidth));\n"
         "document.body.setAttribute('data-texts', String(texts.length));\n"
         "document.body.setAttribute('data-check', problems.length ? problems.join('; ') : 'ok');\n"
         "</script></body></html>\n";
}

TEST(LearningCurveTest, RendersInsideTheViewInHeadlessChromium) {
  if (!std::filesystem::exists("/usr/bin/chromium")) {
    GTEST_SKIP() << "/usr/bin/chromium is not installed (setup.sh installs it); "
                    "the chart was not checked in a browser";
  }
  const std::string dir = testing::fresh_dir("curve_chromium");
  std::filesystem::create_directories(dir);
  std::string title = "kibitz train --algo exit on loyalist_spies(players=5,rounds=3)";
  while (title.size() < 140) title += " and more";  // a title too long is cut
  const std::string svg = learning_curve_svg(sample_records(), kPanels, title);
  write_all(dir + "/curve.html", checking_page(svg));
  const std::string command =
      "/usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run --window-size=1280,1000 "
      "--user-data-dir='" +
      dir + "/profile' --virtual-time-budget=5000 --dump-dom 'file://" + dir + "/curve.html' >'" +
      dir + "/dom' 2>'" + dir + "/chromium.log'";
  ASSERT_EQ(std::system(command.c_str()), 0) << read_all(dir + "/chromium.log");
  const std::string dom = read_all(dir + "/dom");
  EXPECT_NE(dom.find("data-window=\"1280\""), std::string::npos) << dom.substr(0, 600);
  EXPECT_NE(dom.find("data-check=\"ok\""), std::string::npos) << dom.substr(0, 2000);
  EXPECT_EQ(dom.find("data-texts=\"0\""), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kibitz::training
