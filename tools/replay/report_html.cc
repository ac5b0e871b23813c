#include "tools/replay/report_html.h"

#include <string>

#include "env/core/error.h"
#include "env/core/types.h"
#include "tools/replay/report_assets.h"
#include "tools/replay/report_html_format.h"
#include "tools/replay/report_html_page.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools {
namespace report {

using replays::analysis::SpiesRound;

void Page::header() {
  const auto& record = game_.record;
  html_ += "<header><h1>Replay report</h1><p class=\"sub\">" + escape_html(page_.source) +
           " &middot; record " + std::to_string(game_.record_index) + " of " +
           std::to_string(page_.records) + " &middot; <code>" + escape_html(record.game) +
           "</code> &middot; seed " + std::to_string(record.seed);
  if (!record.start_time.empty()) html_ += " &middot; played " + escape_html(record.start_time);
  html_ += "</p>";
  if (game_.spies) {
    html_ +=
        "<p class=\"lead\">Everything hidden is shown: aces, hands, keeps and who played "
        "which mission card. The belief charts show what an observer who sees only the "
        "public table would have thought, and what each seat thought from its own view.</p>";
  } else {
    html_ +=
        "<p class=\"lead\">Belief tracking and bluff detection are implemented for "
        "Loyalist Spies; for this game the report shows the seats, every move (hidden "
        "ones revealed) and the returns.</p>";
  }
  html_ += "<nav>";
  html_ += "<a href=\"#seats\">Seats</a>";
  if (game_.spies) {
    for (const SpiesRound& round : game_.timeline.rounds) {
      html_ += "<a href=\"#round-" + std::to_string(round.index + 1) + "\">Round " +
               std::to_string(round.index + 1) + "</a>";
    }
    if (page_.summary) html_ += "<a href=\"#summary\">Summary of the file</a>";
  }
  html_ += "<a href=\"#moves\">Moves</a><a href=\"#method\">Method</a></nav></header>\n";
}

void Page::seats_section() {
  const auto& record = game_.record;
  html_ +=
      "<section id=\"seats\"><h2>Seats</h2><table class=\"data\"><thead><tr><th>seat</th>"
      "<th>label</th><th>agent</th><th>return</th>";
  if (game_.spies) html_ += "<th>roles by round</th><th>total points</th>";
  html_ += "</tr></thead><tbody>";
  for (int seat = 0; seat < game_.num_players; ++seat) {
    const auto s = at(seat);
    html_ += "<tr><td>" + seat_tag(game_, seat) + "</td><td class=\"spec\">" +
             escape_html(s < record.seat_labels.size() ? record.seat_labels[s] : "?") +
             "</td><td><code>" +
             escape_html(s < record.agent_specs.size() ? record.agent_specs[s] : "?") +
             "</code></td><td>" +
             (s < record.returns.size() ? fixed(record.returns[s], 3) : std::string("?")) + "</td>";
    if (game_.spies) {
      std::string roles;
      int total = 0;
      for (const SpiesRound& round : game_.timeline.rounds) {
        if (!round.finished) continue;
        roles += role_badge(round.roles[s]);
        total = round.totals[s];
      }
      html_ += "<td>" + roles + "</td><td>" + std::to_string(total) + "</td>";
    }
    html_ += "</tr>";
  }
  html_ += "</tbody></table>";
  if (record.forfeit.happened()) {
    html_ += "<p class=\"note\">Seat " + std::to_string(record.forfeit.seat) +
             " forfeited the game (the returns are the forfeit's): " +
             escape_html(record.forfeit.reason) + "</p>";
  } else if (!game_.finished) {
    html_ += "<p class=\"note\">The record stops before the game's end.</p>";
  }
  html_ += "</section>\n";
}

void Page::moves_section(bool folded) {
  html_ += "<section id=\"moves\"><h2>Moves</h2>";
  if (folded)
    html_ += "<details><summary>all " + std::to_string(game_.moves.size()) +
             " moves, chance included</summary>";
  html_ +=
      "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>#</th><th>by</th>"
      "<th>move</th></tr></thead><tbody>";
  for (const auto& move : game_.moves) {
    html_ += "<tr><td>" + std::to_string(move.move) + "</td><td>" +
             (move.player == kChancePlayer ? std::string("<span class=\"muted\">chance</span>")
                                           : seat_chip(game_, move.player)) +
             "</td><td>" + escape_html(move.text) + "</td></tr>";
  }
  html_ += "</tbody></table></div>";
  if (folded) html_ += "</details>";
  html_ += "</section>\n";
}

void Page::method_section() {
  const auto& o = page_.options;
  html_ += "<section id=\"method\"><h2>Method</h2>";
  if (game_.spies) {
    html_ +=
        "<p>The observer assumes every seat plays like the <code>heuristic</code> agent "
        "(Traitors keep Jokers and high cards and play their highest card, loyal players "
        "keep and play low), mixed with " +
        percent(o.epsilon) + " of uniform choice; a dealt Joker is kept with probability " +
        percent(o.joker_keep) + ". " + std::to_string(o.replicates) +
        " independent particle filters of " + std::to_string(o.particles) +
        " hidden worlds each (hands and deck as card values) are weighed by the likelihood of "
        "every public event, resampled when their effective sample size halves, and averaged; "
        "the spread between them gives the error of each card's effect. Suit beliefs are "
        "exact. Each seat's own estimate adds what that seat saw. Seed " +
        std::to_string(o.seed) + ". Details: <code>docs/bluff_report.md</code>.</p>";
    html_ +=
        "<table class=\"data\"><thead><tr><th>round</th><th>policy mix</th><th>particles</th>"
        "<th>attempts</th><th>resamples</th><th>filters that lost track</th></tr></thead>"
        "<tbody>";
    for (const auto& fit : game_.public_track.rounds) {
      html_ += "<tr><td>" + std::to_string(fit.round + 1) + "</td><td>" + percent(fit.epsilon) +
               "</td><td>" + std::to_string(fit.particles) + "</td><td>" +
               std::to_string(fit.attempts) + "</td><td>" + std::to_string(fit.resamples) +
               "</td><td>" + std::to_string(fit.lost_replicates) + " of " +
               std::to_string(fit.replicates) +
               (fit.lost_at_event >= 0 ? ", all by event " + std::to_string(fit.lost_at_event)
                                       : std::string()) +
               "</td></tr>";
    }
    html_ +=
        "</tbody></table><p class=\"note\">A round is filtered again with a more forgiving "
        "policy when no particle fits what happened; the table shows the most forgiving "
        "attempt any filter needed, the largest number of particles and all the resamples.</p>";
  }
  html_ += "<p class=\"note\">Analysis time " + fixed(page_.seconds, 2) + " s.</p></section>\n";
}

std::string Page::render() {
  header();
  seats_section();
  if (game_.spies) {
    for (const SpiesRound& round : game_.timeline.rounds) spies_round(round);
    if (page_.summary) summary_section(*page_.summary);
  }
  moves_section(game_.spies);
  method_section();
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>kibitz replay report: " +
      escape_html(game_.record.game) + ", record " + std::to_string(game_.record_index) +
      "</title>\n<style>" + std::string(kReportStyle) + "</style>\n<script>" +
      std::string(kRenderCheckScript) + "</script>\n</head>\n<body data-charts=\"" +
      std::to_string(charts_) + "\">\n<main>\n";
  out += html_;
  out += "</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace report

void write_report_html(const ReportPage& page, std::ostream& out) {
  KIBITZ_CHECK(page.game != nullptr, "a report page needs a game");
  report::Page builder(page);
  out << builder.render();
}

}  // namespace kibitz::tools
