// The report page laid out by headless Chromium at 1280 px, the width of a
// laptop screen: nothing wider than the window or scrolling sideways, every
// chart's title and legend entry shown whole, every y axis titled. A probe
// script added to the page measures the layout after the load event and
// writes what it found into the DOM, which the test reads back.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "replays/analysis/game_analysis.h"
#include "replays/analysis/report_summary.h"
#include "tests/replays/replay_test_util.h"
#include "tests/replays/spies_test_games.h"
#include "tools/replay/report_html.h"

namespace kibitz::replays::analysis {
namespace {

using testing::TempDir;

constexpr int kWindowWidth = 1280;

// Measures the page and sets data-layout on <html>: "ok", or the problems
// found (at most 20), separated by " | ".
constexpr const char* kLayoutProbe = R"(<script>
window.addEventListener('load', function () {
  var problems = [];
  var root = document.documentElement;
  var width = root.clientWidth;
  function name(el) {
    var cls = el.getAttribute('class');
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (cls ? '.' + cls.trim().replace(/\s+/g, '.') : '');
  }
  function inside(inner, outer, what) {
    var a = inner.getBoundingClientRect(), b = outer.getBoundingClientRect();
    if (a.left < b.left - 1 || a.right > b.right + 1 || a.top < b.top - 1 ||
        a.bottom > b.bottom + 1) {
      problems.push(what + ' "' + (inner.textContent || '').trim().slice(0, 40) +
                    '" sticks out of ' + name(outer));
    }
  }
  if (root.scrollWidth > width) problems.push('the page is ' + root.scrollWidth + ' px wide');
  var all = document.querySelectorAll('body *');
  for (var i = 0; i < all.length; ++i) {
    var el = all[i], style = getComputedStyle(el);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1) {
      problems.push(name(el) + ' scrolls sideways (' + el.scrollWidth + ' px in ' +
                    el.clientWidth + ')');
    }
    if (style.overflowX === 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      problems.push(name(el) + ' spills out of its box (' + el.scrollWidth + ' px in ' +
                    el.clientWidth + ')');
    }
    var parent = el.parentElement;  // report the outermost element only
    if (el.getBoundingClientRect().right > width + 1 &&
        !(parent && parent.getBoundingClientRect().right > width + 1)) {
      problems.push(name(el) + ' passes the right edge');
    }
  }
  var charts = document.querySelectorAll('svg.chart');
  for (var c = 0; c < charts.length; ++c) {
    var svg = charts[c], figure = svg.closest('figure.chart-box');
    if (!figure) { problems.push(name(svg) + ' has no figure'); continue; }
    var title = figure.querySelector('.chart-title');
    if (!title || !title.textContent.trim()) problems.push(name(svg) + ' has no title');
    else inside(title, figure, 'title');
    var series = Number(svg.getAttribute('data-series'));
    var expected = svg.getAttribute('data-kind') === 'line' || series > 1 ? series : 0;
    var keys = figure.querySelectorAll('.legend .key');
    if (keys.length !== expected) {
      problems.push(name(svg) + ' shows ' + keys.length + ' of ' + expected + ' legend entries');
    }
    for (var k = 0; k < keys.length; ++k) inside(keys[k], figure, 'legend entry');
    var axis = svg.querySelector('text.axis-title');
    if (!axis || !axis.textContent.trim()) problems.push(name(svg) + ' has no y-axis title');
    var texts = svg.querySelectorAll('text');
    for (var t = 0; t < texts.length; ++t) inside(texts[t], svg, 'text');
  }
  root.setAttribute('data-layout', problems.length ? problems.slice(0, 20).join(' | ') : 'ok');
  root.setAttribute('data-legend-keys', String(document.querySelectorAll('.legend .key').length));
});
</script>
)";

// The value of attribute `name` on the dumped <html> element, "" if absent.
std::string root_attribute(const std::string& dom, const std::string& name) {
  const std::size_t html = dom.find("<html");
  const std::size_t end = dom.find('>', html);
  const std::string key = " " + name + "=\"";
  const std::size_t at = dom.find(key, html);
  if (html == std::string::npos || at == std::string::npos || at > end) return "";
  const std::size_t begin = at + key.size();
  return dom.substr(begin, dom.find('"', begin) - begin);
}

// Headless Chromium on `page` in a window kWindowWidth wide, with a fresh
// profile in `dir`; `action` is --dump-dom or --screenshot=PATH.
int chromium(const std::string& page, int height, const std::string& action, const TempDir& dir) {
  std::filesystem::remove_all(dir.file("profile"));
  const std::string command =
      "/usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run --hide-scrollbars "
      "--user-data-dir='" +
      dir.file("profile") + "' --window-size=" + std::to_string(kWindowWidth) + "," +
      std::to_string(height) + " --virtual-time-budget=5000 " + action + " 'file://" + page +
      "' >'" + dir.file("dom") + "' 2>'" + dir.file("chromium.log") + "'";
  return std::system(command.c_str());
}

// Writes `html` with the probe added, loads it and returns the DOM. With
// KIBITZ_REPORT_LAYOUT_DIR set, also leaves the page and a screenshot of it
// whole there as `name`.html and `name`.png, for a person to look at.
std::string laid_out(std::string html, const std::string& name, const TempDir& dir) {
  html.insert(html.rfind("</body>"), kLayoutProbe);
  const std::string path = dir.file(name + ".html");
  testing::write_bytes(path, html);
  EXPECT_EQ(chromium(path, 900, "--dump-dom", dir), 0)
      << testing::read_bytes(dir.file("chromium.log"));
  const std::string dom = testing::read_bytes(dir.file("dom"));
  if (const char* keep = std::getenv("KIBITZ_REPORT_LAYOUT_DIR")) {
    const std::filesystem::path out(keep);
    std::filesystem::create_directories(out);
    std::filesystem::copy_file(path, out / (name + ".html"),
                               std::filesystem::copy_options::overwrite_existing);
    const std::string shot = "--screenshot='" + (out / (name + ".png")).string() + "'";
    EXPECT_EQ(chromium(path, 8000, shot, dir), 0);
  }
  return dom;
}

// A three-round game with long seat labels and agent specs, as an arena
// with search agents records them: the widest seats table the report makes.
GameAnalysis wide_game() {
  ReplayRecord record = testing::agent_record("loyalist_spies(rounds=3)", "heuristic", 2);
  for (std::size_t seat = 0; seat < record.agent_specs.size(); ++seat) {
    record.seat_labels[seat] = "ismcts_nn(model=training/models/loyalist_spies/model.pt,sims=800)";
    record.agent_specs[seat] =
        "ismcts_nn(model=training/models/loyalist_spies/model.pt,sims=800,seed=" +
        std::to_string(seat) + ",c_puct=1.25,temperature=0)";
  }
  ReportOptions options;
  options.particles = 150;
  options.replicates = 2;
  return analyze_game(record, 0, options, true);
}

TEST(ReportLayout, FitsA1280PixelWindowWithEveryTitleLegendAndAxis) {
  if (!std::filesystem::exists("/usr/bin/chromium")) {
    GTEST_SKIP() << "/usr/bin/chromium is not installed (setup.sh installs it); "
                    "the layout was not checked";
  }
  for (const bool wide : {false, true}) {
    SCOPED_TRACE(wide ? "three rounds, long agent specs" : "the scripted game");
    const GameAnalysis game =
        wide ? wide_game() : analyze_game(testing::scripted_game(), 0, ReportOptions{}, true);
    SummaryBuilder summary;
    summary.add(game.timeline, game.public_track, game.verdicts);
    tools::ReportPage page;
    page.source = "games.kbr";
    page.records = 1;
    page.game = &game;
    page.summary = summary.summary();
    std::ostringstream out;
    tools::write_report_html(page, out);
    const TempDir dir;
    const std::string dom = laid_out(out.str(), wide ? "wide" : "scripted", dir);
    EXPECT_EQ(root_attribute(dom, "data-render"), "ok")
        << root_attribute(dom, "data-render-problem");
    EXPECT_EQ(root_attribute(dom, "data-layout"), "ok");
    // Four seats on the public P(Traitor) chart of each round, at least.
    EXPECT_GE(std::atoi(root_attribute(dom, "data-legend-keys").c_str()),
              4 * static_cast<int>(game.timeline.rounds.size()));
  }
}

}  // namespace
}  // namespace kibitz::replays::analysis
