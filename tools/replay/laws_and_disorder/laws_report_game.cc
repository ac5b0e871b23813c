// The game shown in detail on the Laws and Disorder report page: its seats
// with their results, monies and laws on the table by turn, the laws as
// sentences over time, each law's payouts to each seat, and the maker x
// beneficiary matrix.
#include <cmath>
#include <cstdio>
#include <string>

#include "tools/replay/laws_and_disorder/laws_report_page.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools::laws_report {

using replays::analysis::LawChange;
using replays::analysis::LawChangeKind;
using replays::analysis::LawHistory;
using replays::analysis::SeatLawEffect;
using replays::analysis::SeatLawFigures;
using report_page::seat_text;
using report_page::td;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::string sentence_html(const laws_and_disorder::Law& law) {
  return "<span class=\"sentence\">" + escape_html(replays::analysis::sentence(law)) + "</span>";
}

// What a change did, in words: "made (as BANKER)", "put LOSES for GAINS".
std::string change_text(const LawChange& c, const LawHistory& law) {
  switch (c.kind) {
    case LawChangeKind::kMade:
      return "made, as " + position_text(law.maker_position) + ", paid " +
             std::to_string(law.seats[at(law.maker)].pay);
    case LawChangeKind::kWhenAdded: return "scientist adds " + kind_text(c.card_in);
    case LawChangeKind::kWhenTaken: return "scientist takes " + kind_text(c.card_out);
    case LawChangeKind::kVerbSwapped:
      return "merchant puts " + kind_text(c.card_in) + " for " + kind_text(c.card_out);
    case LawChangeKind::kPositionSwapped:
      return "priest puts " + kind_text(c.card_in) + " for " + kind_text(c.card_out);
    case LawChangeKind::kEnforced: return "judge enforces it";
    case LawChangeKind::kDropped: return "dropped: the table was full (max_laws)";
    case LawChangeKind::kDestroyed: return "judge destroys it";
  }
  return "?";
}

// One seat's part in one law, compactly: net monies first, then what made it.
std::string effect_cell(const SeatLawEffect& e) {
  std::string parts;
  const auto part = [&parts](int x, const char* what) {
    if (x != 0) parts += (parts.empty() ? "" : ", ") + std::string(what) + " " + std::to_string(x);
  };
  part(e.pay, "pay");
  part(e.gained, "gained");
  part(e.lost - e.lost_to_nobody, "lost");
  part(e.lost_to_nobody, "gave to nobody");
  part(e.given, "gave");
  part(e.received, "got");
  part(e.cards_gained, "cards drawn");
  part(e.cards_lost, "cards lost");
  part(e.cards_given - e.cards_to_nobody, "cards given");
  part(e.cards_to_nobody, "cards given to nobody");
  part(e.cards_received, "cards got");
  if (parts.empty() && e.effects == 0) return "<span class=\"none\">&ndash;</span>";
  const int net = e.net_monies();
  std::string cell = net != 0 ? "<b>" + signed_number(net) + "</b>" : std::string("0");
  if (!parts.empty()) cell += " <span class=\"muted\">(" + parts + ")</span>";
  if (e.effects > 0) cell += " <span class=\"muted nowrap\">&times;" + std::to_string(e.effects) + "</span>";
  return cell;
}

}  // namespace

void Page::game_seats() {
  const auto& g = report_.game;
  html_ +=
      "<div class=\"scroll\"><table class=\"data\"><thead><tr><th>seat</th><th>dealt</th><th>laws made</th>"
      "<th>pay</th><th>its laws' effects on it</th><th>its laws' effects on others</th>"
      "<th>others' laws on it</th><th>abilities</th><th>final monies</th><th></th></tr></thead><tbody>";
  for (int seat = 0; seat < g.players; ++seat) {
    const SeatLawFigures f = replays::analysis::seat_figures(g, seat);
    html_ += "<tr><td class=\"spec\">" + seat_text(g.agents, seat) + "</td>" +
             td(position_text(g.positions[at(seat)])) +
             td(std::to_string(f.laws_made)) + td(std::to_string(f.pay)) + td(signed_number(f.own_effects)) +
             td(signed_number(f.to_others)) + td(signed_number(f.from_others)) +
             td(f.abilities > 0 ? "&minus;" + std::to_string(f.abilities) : std::string("0")) +
             td(g.finished ? std::to_string(f.final_monies) : std::string("&ndash;")) +
             td(f.won ? "<b>winner</b>" : "") + "</tr>";
  }
  html_ += "</tbody></table></div>";
  if (!g.finished) html_ += "<p class=\"note\">The record stops before the game's end.</p>";
}

void Page::game_charts() {
  const auto& g = report_.game;
  if (g.monies_by_turn.size() < 2) return;
  LineChart monies;
  monies.id = id("monies-by-turn");
  monies.title = "Monies by turn";
  monies.percent = false;
  monies.guide = std::nan("");
  monies.y_title = "monies";
  monies.x_caption = "as each turn began (the last point: the end)";
  int top = 1;
  for (const auto& row : g.monies_by_turn) {
    for (const int m : row) top = std::max(top, m);
  }
  const int step = std::max(1, (top + 3) / 4);
  monies.y_max = 4.0 * step;
  monies.y_ticks = {0.0, 1.0 * step, 2.0 * step, 3.0 * step, 4.0 * step};
  for (int seat = 0; seat < g.players; ++seat) {
    LineSeries s;
    s.name = "P" + std::to_string(seat) + (at(seat) < g.agents.size() ? " " + g.agents[at(seat)] : "");
    s.color = seat_color(seat);
    for (std::size_t t = 0; t < g.monies_by_turn.size(); ++t) {
      s.y.push_back(g.monies_by_turn[t][at(seat)]);
      s.tips.push_back(t + 1 < g.monies_by_turn.size() ? "turn " + std::to_string(t + 1) : "the end");
    }
    monies.series.push_back(std::move(s));
  }
  add_chart(render_line_chart(monies));
}

void Page::game_timeline() {
  const auto& g = report_.game;
  html_ += "<h3 id=\"timeline\">Laws over time</h3>";
  if (g.timeline.empty()) {
    html_ += "<p class=\"note\">No law was made.</p>";
    return;
  }
  html_ +=
      "<div class=\"scroll moves\"><table class=\"data timeline\"><thead><tr><th>turn</th><th>law</th><th>by</th>"
      "<th>what</th><th>the law now</th></tr></thead><tbody>";
  for (const LawChange& c : g.timeline) {
    const LawHistory& law = g.laws[at(c.serial - 1)];
    const bool gone = c.kind == LawChangeKind::kDropped || c.kind == LawChangeKind::kDestroyed;
    html_ += std::string(gone ? "<tr class=\"bluff-row\">" : "<tr>") + td(std::to_string(c.turn)) +
             td("L" + std::to_string(c.serial)) + "<td class=\"spec\">" + seat_text(g.agents, c.seat) + "</td>" +
             "<td class=\"what\">" + change_text(c, law) + "</td>" +
             td(gone ? "<s>" + sentence_html(c.law) + "</s>" : sentence_html(c.law)) + "</tr>";
  }
  html_ += "</tbody></table></div>";
}

void Page::game_payouts() {
  const auto& g = report_.game;
  html_ += "<h3 id=\"payouts\">Each law's payouts</h3>";
  if (g.laws.empty()) {
    html_ += "<p class=\"note\">No law was made.</p>";
    return;
  }
  html_ +=
      "<p class=\"note\">Per seat: net monies by the law (bold), with the pay, monies and cards that made it; "
      "&times;n: the times the law took effect for the seat.</p><div class=\"scroll moves\"><table "
      "class=\"data\"><thead><tr><th>law</th><th>maker</th><th>as made / as it ended</th><th>fate</th>";
  for (int seat = 0; seat < g.players; ++seat) html_ += "<th>" + seat_text(g.agents, seat) + "</th>";
  html_ += "</tr></thead><tbody>";
  for (const LawHistory& l : g.laws) {
    std::string text = sentence_html(l.made);
    if (!(l.last == l.made)) text += "<br>&rarr; " + sentence_html(l.last);
    std::string fate = replays::analysis::fate_name(l.fate);
    if (l.gone_turn >= 0) fate += " (turn " + std::to_string(l.gone_turn) + ")";
    if (l.no_holder > 0) fate += "; took effect for nobody &times;" + std::to_string(l.no_holder);
    if (l.enforced > 0) fate += "; enforced &times;" + std::to_string(l.enforced);
    html_ += "<tr>" + td("L" + std::to_string(l.serial) + " <span class=\"muted\">turn " +
                         std::to_string(l.made_turn) + "</span>") +
             "<td class=\"spec\">" + seat_text(g.agents, l.maker) + "</td><td class=\"what\">" + text + "</td>" +
             td(fate);
    for (int seat = 0; seat < g.players; ++seat) html_ += td(effect_cell(l.seats[at(seat)]));
    html_ += "</tr>";
  }
  html_ += "</tbody></table></div>";
}

void Page::game_matrix() {
  const auto& g = report_.game;
  const replays::analysis::SeatMatrix net = replays::analysis::maker_matrix(g);
  html_ +=
      "<h3 id=\"matrix\">Who profited from whose laws</h3><p class=\"note\">Row: the maker; column: the seat the "
      "laws brought net monies to (the maker's pay on the diagonal).</p><div class=\"scroll\"><table "
      "class=\"data\"><thead><tr><th>maker \\ to</th>";
  for (int b = 0; b < g.players; ++b) html_ += "<th>" + seat_text(g.agents, b) + "</th>";
  html_ += "<th>all seats</th></tr></thead><tbody>";
  std::vector<int> column(at(g.players), 0);
  for (int m = 0; m < g.players; ++m) {
    html_ += "<tr><td class=\"spec\">" + seat_text(g.agents, m) + "</td>";
    int row = 0;
    for (int b = 0; b < g.players; ++b) {
      const int x = net[at(m)][at(b)];
      row += x;
      column[at(b)] += x;
      html_ += td(m == b ? "<b>" + signed_number(x) + "</b>" : signed_number(x));
    }
    html_ += td(signed_number(row)) + "</tr>";
  }
  html_ += "<tr><td class=\"muted\">every maker</td>";
  for (const int x : column) html_ += td(signed_number(x));
  html_ += "<td></td></tr></tbody></table></div>";
}

void Page::game_section() {
  const auto& g = report_.game;
  html_ += "<section id=\"game\"><h2>Game " + std::to_string(g.record_index) + " in detail</h2><p class=\"note\">" +
           std::to_string(g.turns) + " turns, " + std::to_string(g.players) + " players, " +
           std::to_string(g.laws.size()) + " laws made.";
  html_ += "</p>";
  game_seats();
  game_charts();
  game_timeline();
  game_payouts();
  game_matrix();
  html_ += "</section>\n";
}

}  // namespace kibitz::tools::laws_report
