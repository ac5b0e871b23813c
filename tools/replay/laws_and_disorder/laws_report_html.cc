#include "tools/replay/laws_and_disorder/laws_report_html.h"

#include <cmath>
#include <string>

#include "env/games/laws_and_disorder/cards.h"
#include "tools/replay/laws_and_disorder/laws_report_page.h"
#include "tools/replay/report_page_parts.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools {
namespace laws_report {

namespace ld = laws_and_disorder;
using replays::analysis::LawsAgentFigures;
using replays::analysis::LawsGameLine;
using replays::analysis::MeanInterval;
using replays::analysis::MeanTally;
using report_page::fixed_number;
using report_page::share_cell;
using report_page::td;

namespace {

// Games listed on the page; the JSON lists them all.
constexpr std::size_t kMaxGamesShown = 200;

}  // namespace

std::string mean_cell(const MeanTally& tally) {
  const MeanInterval m = replays::analysis::mean_interval(tally);
  if (m.n == 0) return "<span class=\"none\">n/a (0)</span>";
  std::string text = fixed_number(m.mean, 2) + " <span class=\"muted nowrap\">";
  if (!std::isnan(m.low)) text += "[" + fixed_number(m.low, 2) + ", " + fixed_number(m.high, 2) + "] ";
  return text + "n=" + std::to_string(m.n) + "</span>";
}

std::string signed_number(int x) {
  if (x > 0) return "+" + std::to_string(x);
  if (x < 0) return "&minus;" + std::to_string(-x);
  return "0";
}

std::string kind_text(int kind) {
  return kind >= 0 && kind < ld::kNumKinds ? std::string(ld::kind_name(static_cast<ld::Kind>(kind))) : "&ndash;";
}

std::string position_text(int position) {
  return position >= 0 && position < ld::kNumPositions
             ? std::string(ld::position_name(static_cast<ld::Position>(position)))
             : "&ndash;";
}

const char* seat_color(int seat) { return report_page::agent_color(static_cast<std::size_t>(seat)); }

void Page::header() {
  const auto& f = report_.figures;
  html_ += report_page::header_start("Laws and Disorder laws report", report_.source, report_.records, f.games,
                                     f.skipped, "Laws and Disorder");
  html_ +=
      "</p><p class=\"lead\">Every law as a sentence from its making to its end (amended, enforced, dropped "
      "or destroyed), what it paid its maker and every monies and card movement it caused, and who "
      "profited from whose laws: per game by seat, and over the whole file by agent (agents rotate "
      "through the seats), with 95% intervals. Everything is read from the seats' streams; every fact "
      "used is public.</p>";
  html_ += "<nav><a href=\"#agents\">By agent</a><a href=\"#games\">Games</a><a href=\"#game\">Game " +
           std::to_string(report_.game.record_index) +
           "</a><a href=\"#timeline\">Laws over time</a><a href=\"#payouts\">Payouts</a>"
           "<a href=\"#matrix\">Who profited</a><a href=\"#method\">Definitions</a></nav></header>\n";
}

void Page::agent_results() {
  html_ +=
      "<h3>Results and laws, per game</h3><div class=\"scroll\"><table class=\"data\"><thead><tr>"
      "<th>agent</th><th>seat-games</th><th>wins (ties included)</th><th>final monies</th>"
      "<th>laws made</th><th>pay for its laws</th><th>its laws' effects on itself</th>"
      "<th>its laws' effects on the others</th><th>others' laws' effects on it</th>"
      "<th>spent on abilities</th><th>self-harming laws (of laws made)</th></tr></thead><tbody>";
  for (const LawsAgentFigures& a : report_.figures.agents) {
    const auto& t = a.tally;
    html_ += "<tr>" + td(escape_html(a.agent)) + td(std::to_string(t.games)) + td(share_cell(a.win)) +
             td(mean_cell(t.final_monies)) + td(mean_cell(t.laws_made)) + td(mean_cell(t.pay)) +
             td(mean_cell(t.own_effects)) + td(mean_cell(t.to_others)) + td(mean_cell(t.from_others)) +
             td(mean_cell(t.abilities)) + td(share_cell(a.self_harming)) + "</tr>";
  }
  html_ += "</tbody></table></div>";
}

// Rows: the maker's agent; columns: the maker itself, then each agent's
// other seats. A cell: net monies per maker seat-game.
void Page::agent_matrix() {
  const auto& agents = report_.figures.agents;
  html_ +=
      "<h3 id=\"agent-matrix\">Who profited from whose laws</h3><p class=\"note\">Net monies per game that "
      "the laws of a seat of the row's agent brought: the maker itself (its pay counted), and the other "
      "seats of each column's agent together. Means over the maker's seat-games with 95% intervals.</p>"
      "<div class=\"scroll\"><table class=\"data\"><thead><tr><th>maker's agent</th><th>to the maker</th>";
  for (const LawsAgentFigures& b : agents) html_ += "<th>to " + escape_html(b.agent) + "'s other seats</th>";
  html_ += "</tr></thead><tbody>";
  for (const LawsAgentFigures& a : agents) {
    html_ += "<tr>" + td(escape_html(a.agent)) + td(mean_cell(a.tally.self));
    for (const LawsAgentFigures& b : agents) {
      const auto cell = a.tally.to_agent.find(b.agent);
      html_ += td(cell == a.tally.to_agent.end() ? "<span class=\"none\">no such seat</span>"
                                                 : mean_cell(cell->second));
    }
    html_ += "</tr>";
  }
  html_ += "</tbody></table></div>";
}

void Page::agent_charts() {
  const auto& agents = report_.figures.agents;
  html_ += "<div class=\"small-grid\">";
  BarChart wins;
  wins.id = id("wins");
  wins.title = "Win rate per agent";
  wins.percent = true;
  wins.y_max = 1.0;
  wins.y_title = "games won (%)";
  wins.x_caption = "agent (bars: 95% Wilson interval; ties count as wins)";
  wins.series = {"win rate"};
  wins.colors = {"#1f6fb4"};
  BarChart monies;
  monies.id = id("monies");
  monies.title = "Final monies and pay for laws per game";
  monies.y_title = "monies per game";
  monies.x_caption = "agent (bars: 95% interval of the mean)";
  monies.series = {"final monies", "pay for its laws"};
  monies.colors = {"#2a9d47", "#e8731a"};
  for (const LawsAgentFigures& a : agents) {
    BarGroup w;
    w.label = a.agent;
    report_page::add_share_bar(w, a.win);
    wins.groups.push_back(std::move(w));
    BarGroup m;
    m.label = a.agent;
    for (const MeanTally* t : {&a.tally.final_monies, &a.tally.pay}) {
      const MeanInterval mi = replays::analysis::mean_interval(*t);
      m.values.push_back(std::isnan(mi.mean) ? 0.0 : mi.mean);
      m.low.push_back(mi.low);
      m.high.push_back(mi.high);
      m.tips.push_back("n=" + std::to_string(mi.n));
    }
    monies.groups.push_back(std::move(m));
  }
  add_chart(render_bar_chart(wins));
  add_chart(render_bar_chart(monies));
  html_ += "</div>";
}

void Page::agents_section() {
  html_ += report_page::agents_section_start("Laws and Disorder", report_.figures.agents.empty());
  if (report_.figures.agents.empty()) return;
  agent_results();
  agent_matrix();
  agent_charts();
  html_ += "</section>\n";
}

void Page::games_section() {
  const auto& lines = report_.figures.game_lines;
  html_ += "<section id=\"games\"><h2>Games</h2><p class=\"note\">Every game's winner and final monies. Show one "
           "in detail with <code>--game N</code>.</p>";
  if (!lines.empty()) {
    html_ +=
        "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>game</th><th>turns</th><th>laws made</th>"
        "<th>winner</th><th>final monies by seat</th></tr></thead><tbody>";
    for (std::size_t i = 0; i < lines.size() && i < kMaxGamesShown; ++i) {
      const LawsGameLine& g = lines[i];
      std::string winners;
      for (const int w : g.winners) {
        winners += (winners.empty() ? "" : ", ") + std::string("P") + std::to_string(w) + " " +
                   escape_html(g.agents[static_cast<std::size_t>(w)]);
      }
      std::string monies;
      for (std::size_t s = 0; s < g.final_monies.size(); ++s) {
        monies += (s == 0 ? "" : " &middot; ") + std::string("P") + std::to_string(s) + " " +
                  std::to_string(g.final_monies[s]);
      }
      html_ += "<tr>" + td(std::to_string(g.record_index)) + td(std::to_string(g.turns)) + td(std::to_string(g.laws)) +
               td(winners.empty() ? "<span class=\"none\">unfinished</span>" : winners) + td(monies) + "</tr>";
    }
    html_ += "</tbody></table></div>";
    if (lines.size() > kMaxGamesShown) {
      html_ += report_page::first_shown_note(kMaxGamesShown);
    }
  }
  html_ += "</section>\n";
}

void Page::method_section() {
  html_ +=
      "<section id=\"method\"><h2>Definitions</h2><ul class=\"lead\">"
      "<li><b>Sentence</b>: a law as the rules text reads it (THE JUDGE GIVES THE BANKER 2 MONIES WHEN A LAW "
      "IS MADE; the wildcard reads ANY POSITION), shown after every change.</li>"
      "<li><b>A law's payouts</b>: the maker's pay (1 a card, 2 for the Banker), and every movement the law "
      "caused when it took effect: monies gained from or lost to the bank (a gift to a position nobody holds "
      "is a loss), monies handed between seats, cards drawn, discarded, handed on and received.</li>"
      "<li><b>Net monies</b> of a seat by a law: pay + gained &minus; lost &minus; given + received. "
      "<b>Who profited</b>: the sum over the laws a seat made.</li>"
      "<li><b>Self-harming law</b>: its effects, pay aside, left its maker with fewer monies.</li>"
      "<li><b>Intervals</b>: means per seat-game with the 95% normal interval (mean &plusmn; 1.96 s/&radic;n; "
      "none under 2 games); shares with the 95% Wilson interval. Agents at several seats of one game give "
      "one seat-game each.</li>"
      "<li><b>Priest swaps</b> in a law whose subject and recipient are both ANY POSITION do not say which "
      "slot changed; the subject is assumed and the change is marked.</li></ul>"
      "<p class=\"note\">Details: <code>docs/laws_report.md</code>. Analysis time " +
      fixed_number(seconds_, 2) + " s.</p></section>\n";
}

std::string Page::render() {
  header();
  agents_section();
  games_section();
  game_section();
  method_section();
  return report_page::html_document("kibitz replay report: Laws and Disorder laws, " + report_.source, charts_,
                                    html_);
}

}  // namespace laws_report

void write_laws_report_html(const replays::analysis::LawsReport& report, double seconds, std::ostream& out) {
  laws_report::Page page(report, seconds);
  out << page.render();
}

}  // namespace kibitz::tools
