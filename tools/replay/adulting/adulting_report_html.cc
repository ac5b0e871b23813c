#include "tools/replay/adulting/adulting_report_html.h"

#include <cmath>
#include <string>

#include "tools/replay/adulting/adulting_report_page.h"
#include "tools/replay/report_page_parts.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools {
namespace adulting_report {

using replays::analysis::AdultingRates;
using replays::analysis::AdultingTally;
using replays::analysis::AgentFigures;
using replays::analysis::FlaggedGame;
using replays::analysis::Proportion;

using report_page::agent_color;
using report_page::fixed_number;
using report_page::difference_cell;
using report_page::share_cell;

namespace {

// Flagged games listed on the page; the JSON lists them all.
constexpr std::size_t kMaxFlaggedShown = 200;

}  // namespace

std::string card_name(const replays::analysis::AdultingGameEvents& game, int card) {
  const auto c = static_cast<std::size_t>(card);
  return card >= 0 && c < game.card_names.size() ? escape_html(game.card_names[c]) : "&ndash;";
}

void Page::header() {
  const auto& f = report_.figures;
  html_ += report_page::header_start("Adulting bid-and-claim report", report_.source, report_.records, f.games,
                                     f.skipped, "Adulting");
  html_ +=
      "</p><p class=\"lead\">Every bid set against what the card was worth to its bidder at that moment "
      "(its gain in mantle points, from the bidder's own view; 1 money counts as 1 point, so a bid above "
      "the valuation is an overbid), every sorting claim set against the claimer's private truth, and "
      "every rank declaration against the declarer's true measurement. Figures are per agent over the "
      "whole file (agents rotate through the seats), with 95% Wilson intervals.</p>";
  html_ +=
      "<nav><a href=\"#agents\">By agent</a><a href=\"#flagged\">Games to look at</a><a href=\"#game\">Game " +
      std::to_string(report_.game.record_index) + "</a><a href=\"#method\">Definitions</a></nav></header>\n";
}

// Whether the votes tell a lie from the truth, over every claim of the
// file: a lie voted down says little when truthful claims are voted down as
// often.
void Page::voters_paragraph() {
  AdultingTally all;
  for (const AgentFigures& a : report_.figures.agents) all.add(a.tally);
  const AdultingRates voters = rates(all);
  html_ += "<p class=\"sub\"><b>Can the voters tell a lie from the truth?</b> Over every claim of the file, "
           "adult lies were voted down " + share_cell(voters.caught) + " and truthful adult claims " +
           share_cell(voters.false_accusation) + ": a discrimination of " +
           difference_cell(voters.discrimination) +
           " (95% interval, Newcombe's method). Near zero, a caught lie is no evidence of the voters' "
           "judgement: they vote down the truth as often.</p>";
}

void Page::agent_tables() {
  voters_paragraph();
  html_ +=
      "<h3>Sorting</h3><div class=\"scroll\"><table class=\"data\"><thead><tr><th>agent</th><th>games</th>"
      "<th>claims</th><th>lie rate</th><th>lies caught (adult lies voted down)</th>"
      "<th>false accusations (truthful adult claims voted down)</th>"
      "<th>voters' discrimination of its claims (caught minus false accusations)</th><th>successful bluffs</th>"
      "</tr></thead><tbody>";
  for (const AgentFigures& a : report_.figures.agents) {
    html_ += "<tr><td>" + escape_html(a.agent) + "</td><td>" + std::to_string(a.tally.games) +
             "</td><td>" + std::to_string(a.tally.claims) + "</td><td>" + share_cell(a.rates.lie) + "</td><td>" +
             share_cell(a.rates.caught) + "</td><td>" + share_cell(a.rates.false_accusation) + "</td><td>" +
             difference_cell(a.rates.discrimination) + "</td><td>" + std::to_string(a.tally.successful_bluffs) +
             "</td></tr>";
  }
  html_ +=
      "</tbody></table></div><h3>Bids</h3><div class=\"scroll\"><table class=\"data\"><thead><tr>"
      "<th>agent</th><th>bids</th><th>overbid rate</th><th>underbid rate (of them: held less than the "
      "valuation)</th><th>mean bid / valuation</th><th>tie refunds</th></tr></thead><tbody>";
  for (const AgentFigures& a : report_.figures.agents) {
    const auto& t = a.tally;
    const double bids = t.bids > 0 ? t.bids : std::nan("");
    html_ += "<tr><td>" + escape_html(a.agent) + "</td><td>" + std::to_string(t.bids) + "</td><td>" +
             share_cell(a.rates.overbid) + "</td><td>" + share_cell(a.rates.underbid) + " (" +
             std::to_string(t.capped_underbids) + ")</td><td>" + fixed_number(t.bid_sum / bids, 2) + " / " +
             fixed_number(t.value_sum / bids, 2) + " points</td><td>" + std::to_string(t.refunds) + " (" +
             std::to_string(t.refunded) + " monies)</td></tr>";
  }
  html_ +=
      "</tbody></table></div><h3>Cards won</h3><div class=\"scroll\"><table class=\"data\"><thead><tr>"
      "<th>agent</th><th>cards won</th><th>winner's curse (won above valuation)</th>"
      "<th>mean margin (price &minus; valuation)</th><th>won through a successful bluff</th>"
      "<th>game wins holding a successful bluff</th></tr></thead><tbody>";
  for (const AgentFigures& a : report_.figures.agents) {
    html_ += "<tr><td>" + escape_html(a.agent) + "</td><td>" + std::to_string(a.tally.auction_wins) +
             "</td><td>" + share_cell(a.rates.curse) + "</td><td>" + fixed_number(a.rates.mean_margin, 2) +
             " points</td><td>" + share_cell(a.rates.bluff_wins) + "</td><td>" +
             share_cell(a.rates.game_bluff_wins) + "</td></tr>";
  }
  html_ +=
      "</tbody></table></div><h3>Declarations and lawsuits</h3><div class=\"scroll\"><table class=\"data\">"
      "<thead><tr><th>agent</th><th>declarations</th><th>inflated (declared above measured)</th>"
      "<th>sued (of them inflated)</th><th>suits brought</th><th>dismissed</th><th>conceded</th>"
      "<th>guilty</th><th>not guilty</th></tr></thead><tbody>";
  for (const AgentFigures& a : report_.figures.agents) {
    const auto& t = a.tally;
    html_ += "<tr><td>" + escape_html(a.agent) + "</td><td>" + std::to_string(t.declarations) +
             "</td><td>" + share_cell(a.rates.inflated) + "</td><td>" + std::to_string(t.sued) + " (" +
             std::to_string(t.sued_inflated) + ")</td><td>" + std::to_string(t.suits_brought) + "</td><td>" +
             std::to_string(t.dismissed) + "</td><td>" + std::to_string(t.conceded) + "</td><td>" +
             std::to_string(t.guilty) + "</td><td>" + std::to_string(t.not_guilty) + "</td></tr>";
  }
  html_ += "</tbody></table></div>";
}

// Grouped bar charts of shares per agent, each bar with its interval, and
// one scatter of bids against valuations per agent.
void Page::agent_charts() {
  const auto& agents = report_.figures.agents;
  struct Series {
    const char* name;
    Proportion replays::analysis::AdultingRates::*share;
    const char* color;
  };
  const auto chart = [&](const std::string& stem, const std::string& title, const std::vector<Series>& series) {
    BarChart c;
    c.id = id(stem);
    c.title = title;
    c.width = 560;
    c.percent = true;
    c.y_max = 1.0;
    c.y_title = "share (%)";
    c.x_caption = "agent (bars: 95% Wilson interval)";
    for (const Series& s : series) {
      c.series.push_back(s.name);
      c.colors.push_back(s.color);
    }
    for (const AgentFigures& a : agents) {
      BarGroup g;
      g.label = a.agent;
      for (const Series& s : series) {
        report_page::add_share_bar(g, a.rates.*(s.share));
      }
      c.groups.push_back(std::move(g));
    }
    add_chart(render_bar_chart(c));
  };
  using R = replays::analysis::AdultingRates;
  html_ += "<div class=\"small-grid\">";
  chart("lies", "Lie and caught rates per agent",
        {{"lie rate (of claims)", &R::lie, "#1f6fb4"},
         {"caught (adult lies voted down)", &R::caught, "#2a9d47"},
         {"false accusations", &R::false_accusation, "#e8731a"}});
  chart("bids", "Overbids, winner's curse and bluff wins per agent",
        {{"overbid rate (of bids)", &R::overbid, "#c0392b"},
         {"won above valuation (of wins)", &R::curse, "#8e55b8"},
         {"won through a bluff (of wins)", &R::bluff_wins, "#16a2a2"}});
  html_ += "</div><div class=\"small-grid\">";
  for (std::size_t i = 0; i < agents.size(); ++i) {
    const auto points = report_.figures.bid_points.find(agents[i].agent);
    if (points == report_.figures.bid_points.end() || points->second.empty()) continue;
    ScatterChart c;
    c.id = id("scatter");
    c.title = "Bids against valuations: " + agents[i].agent;
    c.series = agents[i].agent + "'s bids (area: number of bids)";
    c.color = agent_color(i);
    c.diagonal = "bid = valuation (above: overbid)";
    c.x_title = "valuation of the card to the bidder (mantle points)";
    c.y_title = "bid (monies)";
    for (const auto& p : points->second) {
      c.points.push_back({static_cast<double>(p.value), static_cast<double>(p.bid), p.count,
                          std::to_string(p.count) + " bid" + (p.count == 1 ? "" : "s") + " of " +
                              std::to_string(p.bid) + " on a card worth " + std::to_string(p.value)});
    }
    add_chart(render_scatter_chart(c));
  }
  html_ += "</div>";
}

void Page::agents_section() {
  html_ += report_page::agents_section_start("Adulting", report_.figures.agents.empty());
  if (report_.figures.agents.empty()) return;
  agent_tables();
  agent_charts();
  html_ += "</section>\n";
}

void Page::flagged_section() {
  const auto& flagged = report_.figures.flagged;
  html_ += "<section id=\"flagged\"><h2>Games to look at</h2><p class=\"note\">" +
           std::to_string(flagged.size()) +
           " games hold a successful bluff, an auction won above the winner's valuation, or a guilty "
           "verdict. Show one in detail with <code>--game N</code>.</p>";
  if (!flagged.empty()) {
    html_ +=
        "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>game</th><th>successful bluffs</th>"
        "<th>overbid wins</th><th>guilty verdicts</th><th>what happened</th></tr></thead><tbody>";
    for (std::size_t i = 0; i < flagged.size() && i < kMaxFlaggedShown; ++i) {
      const FlaggedGame& g = flagged[i];
      std::string notes;
      for (const std::string& note : g.notes) notes += escape_html(note) + "<br>";
      html_ += "<tr><td>" + std::to_string(g.record_index) + "</td><td>" + std::to_string(g.successful_bluffs) +
               "</td><td>" + std::to_string(g.overbid_wins) + "</td><td>" + std::to_string(g.guilty) +
               "</td><td>" + notes + "</td></tr>";
    }
    html_ += "</tbody></table></div>";
    if (flagged.size() > kMaxFlaggedShown) {
      html_ += report_page::first_shown_note(kMaxFlaggedShown);
    }
  }
  html_ += "</section>\n";
}

void Page::method_section() {
  html_ +=
      "<section id=\"method\"><h2>Definitions</h2><ul class=\"lead\">"
      "<li><b>Valuation</b>: the card's marginal value to the bidder when it bid, in points of its final "
      "mantle score: the mantle score its hand would reach with the card minus without it "
      "(<code>marginal_value</code>), read from the bidder's own stream.</li>"
      "<li><b>Overbid / underbid</b>: 1 money = 1 point; a bid above the valuation is an overbid, below "
      "an underbid (a bidder holding less than the valuation may have had no choice).</li>"
      "<li><b>Winner's curse</b>: a card won at a price above the winner's valuation; the margin is "
      "price &minus; valuation, averaged over every card won.</li>"
      "<li><b>Tie refund</b>: a tied top bidder after the first in order gets its bid back.</li>"
      "<li><b>Lie</b>: a claim that differs from the claimer's private truth. <b>Caught</b>: a child's "
      "adult claim voted down. <b>False accusation</b>: a true adult claim voted down. <b>Successful "
      "bluff</b>: a child's adult claim that stood, after which the claimer took the card.</li>"
      "<li><b>Inflated declaration</b>: declared above the declarer's true measurement; lawsuits end "
      "dismissed, conceded, guilty or not guilty.</li>"
      "<li><b>Intervals</b>: 95% Wilson score intervals; n/a where nothing was counted.</li></ul>"
      "<p class=\"note\">Details: <code>docs/bid_claim_report.md</code>. Analysis time " +
      fixed_number(seconds_, 2) + " s.</p></section>\n";
}

std::string Page::render() {
  header();
  agents_section();
  flagged_section();
  game_section();
  method_section();
  return report_page::html_document("kibitz replay report: Adulting bids and claims, " + report_.source, charts_,
                                    html_);
}

}  // namespace adulting_report

void write_adulting_report_html(const replays::analysis::AdultingReport& report, double seconds,
                                std::ostream& out) {
  adulting_report::Page page(report, seconds);
  out << page.render();
}

}  // namespace kibitz::tools
