// The report's summary over every Loyalist Spies game of the file: a table
// of role win shares, identification and bluff counts, and four bar charts
// (win share by role, when Traitors were identified, calibration of the
// public belief, mission cards by fit with the role).
#include <algorithm>
#include <cstddef>
#include <string>

#include "env/games/loyalist_spies/scoring.h"
#include "replays/analysis/report_summary.h"
#include "tools/replay/report_html_format.h"
#include "tools/replay/report_html_page.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools::report {

namespace ls = loyalist_spies;
using replays::analysis::ReportSummary;

void Page::summary_section(const ReportSummary& s) {
  html_ += "<section id=\"summary\"><h2>Summary of the file</h2><p class=\"sub\">" +
           std::to_string(s.games) + " Loyalist Spies game" + (s.games == 1 ? "" : "s") + ", " +
           std::to_string(s.rounds) + " scored rounds";
  if (page_.skipped > 0)
    html_ += " (" + std::to_string(page_.skipped) + " records of other games left out)";
  html_ += "</p><table class=\"data stats\"><tbody>";
  const auto row = [&](const std::string& name, const std::string& value) {
    html_ += "<tr><th>" + name + "</th><td>" + value + "</td></tr>";
  };
  const auto share = [](const replays::analysis::RoleRecord& r) {
    return r.seat_rounds == 0 ? std::string("n/a")
                              : percent(r.win_share / r.seat_rounds) + " over " +
                                    std::to_string(r.seat_rounds) + " seat-rounds";
  };
  row("Traitor round-win share", share(s.roles[at(static_cast<int>(ls::Role::kTraitor))]));
  row("Loyal round-win share", share(s.roles[at(static_cast<int>(ls::Role::kLoyal))]));
  row("Compromised round-win share", share(s.roles[at(static_cast<int>(ls::Role::kCompromised))]));
  row("rounds with more failures than successes", ratio(s.failing_rounds, s.rounds));
  row("Traitors identified (public P &gt; 50% at the round's end)",
      ratio(s.traitors_identified, s.traitors));
  row("loyal seats wrongly suspected (P &gt; 50%)", ratio(s.loyal_accused, s.loyal));
  row("mean round-end public P(Traitor)",
      "Traitors " + (s.traitors ? percent(s.traitor_belief_sum / s.traitors) : std::string("n/a")) +
          ", others " + (s.loyal ? percent(s.loyal_belief_sum / s.loyal) : std::string("n/a")));
  row("bluffs flagged",
      std::to_string(s.bluffs) + ", of which " + std::to_string(s.bluffs_fooling) +
          " fooled at least one seat (only the game shown in detail has seat views)");
  row("Traitor cards other than the highest",
      std::to_string(s.traitor_dishonest) +
          (s.traitor_dishonest ? ", mean effect on the public P(Traitor) " +
                                     signed_points(s.traitor_dishonest_effect / s.traitor_dishonest)
                               : std::string()));
  row("rounds where the observer lost track", ratio(s.rounds_untracked, s.rounds));
  html_ += "</tbody></table><div class=\"small-grid\">";

  BarChart wins;
  wins.id = id("win-share");
  wins.title = "Round-win share by role";
  wins.y_title = "round-win share";
  wins.percent = true;
  wins.series = {"win share"};
  wins.colors = {"#1f6fb4"};
  for (const ls::Role role : {ls::Role::kLoyal, ls::Role::kTraitor, ls::Role::kCompromised}) {
    const auto& r = s.roles[at(static_cast<int>(role))];
    wins.groups.push_back({std::string(ls::role_name(role)),
                           {r.seat_rounds ? r.win_share / r.seat_rounds : kNaN},
                           {std::to_string(r.seat_rounds) + " seat-rounds"},
                           {},
                           {}});
  }
  html_ += "<div>";
  add_chart(render_bar_chart(wins));
  html_ += "</div>";

  BarChart when;
  when.id = id("identified-by-mission");
  when.title = "When Traitors were identified";
  when.series = {"Traitors"};
  when.colors = {"#d64545"};
  when.y_title = "Traitors";
  when.x_caption = "missions revealed when the public P crossed 50% for good";
  when.integer = true;
  const std::size_t columns = std::max<std::size_t>(s.identified_after_mission.size(), 1);
  for (std::size_t k = 0; k < columns; ++k) {
    const int count = k < s.identified_after_mission.size() ? s.identified_after_mission[k] : 0;
    when.groups.push_back(
        {k == 0 ? "before M1" : "M" + std::to_string(k), {static_cast<double>(count)}, {}, {}, {}});
  }
  html_ += "<div>";
  add_chart(render_bar_chart(when));
  html_ += "</div>";

  BarChart calibration;
  calibration.id = id("calibration");
  calibration.title = "Calibration of the round-end public P(Traitor)";
  calibration.percent = true;
  calibration.series = {"believed (bin middle)", "observed share of Traitors"};
  calibration.colors = {"#c9ced6", "#8e55b8"};
  calibration.y_title = "probability";
  calibration.x_caption = "public P(Traitor) at the round's end (bins)";
  for (int b = 0; b < replays::analysis::kCalibrationBins; ++b) {
    const int n = s.calibration_count[at(b)];
    if (n == 0) continue;
    calibration.groups.push_back({fixed(10.0 * b, 0) + "-" + fixed(10.0 * (b + 1), 0) + "%",
                                  {(b + 0.5) / replays::analysis::kCalibrationBins,
                                   static_cast<double>(s.calibration_traitors[at(b)]) / n},
                                  {"", std::to_string(n) + " seat-rounds"},
                                  {},
                                  {}});
  }
  if (calibration.groups.empty()) calibration.groups.push_back({"none", {kNaN, kNaN}, {}, {}, {}});
  html_ += "<div>";
  add_chart(render_bar_chart(calibration));
  html_ += "</div>";

  BarChart fits;
  fits.id = id("fits");
  fits.title = "Mission cards by fit with the player's role";
  fits.y_title = "share of cards";
  fits.percent = true;
  fits.series = {"matched", "against", "neither"};
  fits.colors = {"#2a9d47", "#d64545", "#9aa3ad"};
  for (int side = 1; side >= 0; --side) {
    int total = 0;
    for (const int n : s.plays[at(side)]) total += n;
    BarGroup group;
    group.label = side ? "Traitors" : "loyal players";
    for (int f = 0; f < 3; ++f) {
      group.values.push_back(total ? static_cast<double>(s.plays[at(side)][at(f)]) / total : kNaN);
      group.tips.push_back(std::to_string(s.plays[at(side)][at(f)]) + " cards");
    }
    fits.groups.push_back(group);
  }
  html_ += "<div>";
  add_chart(render_bar_chart(fits));
  html_ += "</div></div>";
  agents_table(s);
  html_ += "</section>\n";
}

// One row per agent (the replay's seat labels): its round-win share in each
// role with the 95% interval, its bluff rate and the bluffs caught.
void Page::agents_table(const ReportSummary& s) {
  if (s.agents.empty()) return;
  html_ += "<h3>By agent</h3><table class=\"data\"><thead><tr><th>agent</th>";
  for (const ls::Role role : {ls::Role::kLoyal, ls::Role::kTraitor, ls::Role::kCompromised}) {
    html_ += "<th>" + std::string(ls::role_name(role)) + " round-win share</th>";
  }
  html_ += "<th>bluffs per mission card</th><th>bluffs caught</th></tr></thead><tbody>";
  const auto interval = [](double low, double high) {
    return low == low ? " [" + percent(low) + ", " + percent(high) + "]" : std::string();
  };
  for (const auto& [label, a] : s.agents) {
    html_ += "<tr><td>" + escape_html(label) + "</td>";
    for (const ls::Role role : {ls::Role::kLoyal, ls::Role::kTraitor, ls::Role::kCompromised}) {
      const replays::analysis::RoleRecord& r = a.roles[at(static_cast<int>(role))];
      const replays::analysis::ShareInterval ci = replays::analysis::win_share_interval(r);
      html_ += "<td>" + (r.seat_rounds == 0 ? std::string("n/a")
                                            : percent(r.win_share / r.seat_rounds) + interval(ci.low, ci.high) +
                                                  " over " + std::to_string(r.seat_rounds)) +
               "</td>";
    }
    html_ += "<td>" + ratio(a.bluffs, a.plays) + "</td><td>" + ratio(a.bluffs_caught, a.bluffs_known) +
             "</td></tr>";
  }
  html_ += "</tbody></table><p class=\"sub\">Round-win share: mean over the agent's seat-rounds in that "
           "role, 95% interval by normal approximation. A bluff is caught when the public P(Traitor) of "
           "its player still moves toward the truth across the mission's reveal (up for a Traitor, "
           "down for a loyal player).</p>";
}

}  // namespace kibitz::tools::report
