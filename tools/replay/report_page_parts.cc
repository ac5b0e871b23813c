#include "tools/replay/report_page_parts.h"

#include <cmath>
#include <cstdio>

#include "tools/replay/report_assets.h"

namespace kibitz::tools::report_page {

namespace {

std::string pct(double p) {
  if (std::isnan(p)) return "n/a";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", 100.0 * p);
  return buffer;
}

}  // namespace

std::string fixed_number(double x, int digits) {
  if (std::isnan(x)) return "n/a";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

std::string share_cell(const replays::analysis::Proportion& p) {
  if (p.total == 0) return "<span class=\"none\">n/a (0)</span>";
  return pct(p.rate) + " <span class=\"muted nowrap\">[" + pct(p.low) + ", " + pct(p.high) + "] " +
         std::to_string(p.hits) + "/" + std::to_string(p.total) + "</span>";
}

std::string difference_cell(const replays::analysis::ProportionDifference& d) {
  if (std::isnan(d.difference)) return "<span class=\"none\">n/a</span>";
  const auto points = [](double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f", 100.0 * x);
    return std::string(buffer);
  };
  return points(d.difference) + " points <span class=\"muted nowrap\">[" + points(d.low) + ", " +
         points(d.high) + "]</span>";
}

void add_share_bar(BarGroup& group, const replays::analysis::Proportion& p) {
  group.values.push_back(p.total > 0 ? p.rate : 0.0);
  group.low.push_back(p.total > 0 ? p.low : std::nan(""));
  group.high.push_back(p.total > 0 ? p.high : std::nan(""));
  group.tips.push_back(std::to_string(p.hits) + " of " + std::to_string(p.total));
}

const char* agent_color(std::size_t index) {
  static constexpr const char* kColors[] = {"#1f6fb4", "#e8731a", "#2a9d47", "#8e55b8",
                                            "#c0392b", "#16a2a2", "#8c6d31", "#d6619e"};
  return kColors[index % (sizeof kColors / sizeof kColors[0])];
}

std::string seat_text(const std::vector<std::string>& agents, int seat) {
  if (seat < 0) return "&ndash;";
  const auto s = static_cast<std::size_t>(seat);
  return "P" + std::to_string(seat) + (s < agents.size() ? " " + escape_html(agents[s]) : "");
}

std::string header_start(const std::string& title, const std::string& source, std::size_t records,
                         std::size_t games, std::size_t skipped, const std::string& game_title) {
  std::string html = "<header><h1>" + title + "</h1><p class=\"sub\">" + escape_html(source) + " &middot; " +
                     std::to_string(records) + " records, " + std::to_string(games) + " " + game_title + " games";
  if (skipped > 0) html += " (" + std::to_string(skipped) + " records of other games left out)";
  return html;
}

std::string agents_section_start(const std::string& game_title, bool no_agents) {
  std::string html = "<section id=\"agents\"><h2>By agent, over the whole file</h2>";
  if (no_agents) html += "<p class=\"note\">No " + game_title + " games in the file.</p></section>\n";
  return html;
}

std::string td(const std::string& cell) { return "<td>" + cell + "</td>"; }

std::string first_shown_note(std::size_t shown) {
  return "<p class=\"note\">The first " + std::to_string(shown) + " are shown; --json lists all.</p>";
}

std::string html_document(const std::string& title, int charts, const std::string& body) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" +
      escape_html(title) + "</title>\n<style>" + std::string(kReportStyle) + "</style>\n<script>" +
      std::string(kRenderCheckScript) + "</script>\n</head>\n<body data-charts=\"" + std::to_string(charts) +
      "\">\n<main>\n";
  out += body;
  out += "</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace kibitz::tools::report_page
