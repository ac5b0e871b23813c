// The game shown in detail on the Adulting report page: its seats with
// their figures, every auction, every claim and every declaration.
#include <cstdio>
#include <string>

#include "tools/replay/adulting/adulting_report_page.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools::adulting_report {

using replays::analysis::AdultingAuction;
using replays::analysis::AdultingBid;
using replays::analysis::AdultingClaim;
using replays::analysis::AdultingDeclaration;
using replays::analysis::AdultingTally;
using report_page::seat_text;

namespace {

std::string mark(bool on, const char* text, const char* cls) {
  return on ? std::string("<span class=\"") + cls + "\">" + text + "</span>" : std::string();
}

std::string return_text(const std::vector<double>& returns, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  if (s >= returns.size()) return "&ndash;";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", returns[s]);
  return buffer;
}

}  // namespace

void Page::game_seats() {
  const auto& g = report_.game;
  html_ +=
      "<div class=\"scroll\"><table class=\"data\"><thead><tr><th>seat</th><th>return</th><th>points</th>"
      "<th>lies / claims</th><th>adult lies caught</th><th>overbids / bids</th><th>cards won</th>"
      "<th>successful bluffs</th><th>tie refunds</th><th>inflated / declarations</th></tr></thead><tbody>";
  for (int seat = 0; seat < g.players; ++seat) {
    const AdultingTally t = replays::analysis::seat_tally(g, seat);
    const auto s = static_cast<std::size_t>(seat);
    html_ += "<tr><td class=\"spec\">" + seat_text(g.agents, seat) + "</td><td>" + return_text(g.returns, seat) +
             "</td><td>" + (s < g.points.size() ? std::to_string(g.points[s]) : std::string("&ndash;")) +
             "</td><td>" + std::to_string(t.lies) + " / " + std::to_string(t.claims) + "</td><td>" +
             std::to_string(t.adult_lies_caught) + " of " + std::to_string(t.adult_lies) + "</td><td>" +
             std::to_string(t.overbids) + " / " + std::to_string(t.bids) + "</td><td>" +
             std::to_string(t.auction_wins) + "</td><td>" + std::to_string(t.successful_bluffs) + "</td><td>" +
             std::to_string(t.refunds) + " (" + std::to_string(t.refunded) + " monies)</td><td>" +
             std::to_string(t.inflated) + " / " + std::to_string(t.declarations) + "</td></tr>";
  }
  html_ += "</tbody></table></div>";
  if (!g.finished) html_ += "<p class=\"note\">The record stops before the game's end.</p>";
}

void Page::game_auctions() {
  const auto& g = report_.game;
  html_ += "<h3>Auctions</h3>";
  if (g.auctions.empty()) {
    html_ += "<p class=\"note\">No auctions.</p>";
    return;
  }
  html_ +=
      "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>round</th><th>card</th><th>bidder</th>"
      "<th>bid</th><th>valuation (points)</th><th>monies</th><th>judged</th><th>outcome</th></tr></thead>"
      "<tbody>";
  for (const AdultingAuction& a : g.auctions) {
    if (a.bids.empty()) {
      html_ += "<tr><td>" + std::to_string(a.round + 1) + "</td><td>" + card_name(g, a.card) +
               "</td><td colspan=\"6\" class=\"muted\">nobody qualified: discarded</td></tr>";
      continue;
    }
    for (const AdultingBid& b : a.bids) {
      const bool cursed = b.won && a.price > b.value;
      html_ += std::string(cursed ? "<tr class=\"bluff-row\">" : "<tr>") + "<td>" + std::to_string(a.round + 1) +
               "</td><td>" + card_name(g, a.card) + "</td><td class=\"spec\">" + seat_text(g.agents, b.seat) +
               "</td><td>" + std::to_string(b.bid) + "</td><td>" + std::to_string(b.value) + "</td><td>" +
               std::to_string(b.monies) + "</td><td>" +
               (b.overbid() ? "<span class=\"bad\">overbid +" + std::to_string(b.bid - b.value) + "</span>"
                : b.underbid() ? "underbid &minus;" + std::to_string(b.value - b.bid)
                               : std::string("at valuation")) +
               "</td><td>" + (b.won ? "took it for " + std::to_string(a.price) : std::string()) +
               mark(cursed, " winner's curse", "bluff") +
               (b.refund > 0 ? "tie: refunded " + std::to_string(b.refund) : std::string()) + "</td></tr>";
    }
  }
  html_ += "</tbody></table></div>";
}

void Page::game_claims() {
  const auto& g = report_.game;
  html_ += "<h3>Claims</h3>";
  if (g.claims.empty()) {
    html_ += "<p class=\"note\">No claims.</p>";
    return;
  }
  html_ +=
      "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>round</th><th>claimer</th>"
      "<th>truth</th><th>claim</th><th>votes up / down</th><th>verdict</th><th>judged</th></tr></thead>"
      "<tbody>";
  for (const AdultingClaim& c : g.claims) {
    std::string judged = c.lie() ? "<span class=\"bad\">lie</span>" : "true";
    if (c.adult_lie() && c.voted_down()) judged += ", caught";
    if (!c.lie() && c.voted_down()) judged += ", <span class=\"bad\">falsely accused</span>";
    judged += mark(c.successful_bluff(), " successful bluff", "bluff");
    html_ += std::string(c.successful_bluff() ? "<tr class=\"bluff-row\">" : "<tr>") + "<td>" +
             std::to_string(c.round + 1) + "</td><td class=\"spec\">" + seat_text(g.agents, c.seat) + "</td><td>" +
             (c.truth_adult ? "adult" : "child") + "</td><td>" + (c.claim_adult ? "adult" : "child") + "</td><td>" +
             (c.claim_adult ? std::to_string(c.ups) + " / " + std::to_string(c.downs) : std::string("&ndash;")) +
             "</td><td>" +
             (c.claim_adult ? (c.stands ? "stands" : "falls") : "no vote") +
             (c.won_card ? ", took the card" : "") + "</td><td>" + judged + "</td></tr>";
  }
  html_ += "</tbody></table></div>";
}

void Page::game_lawsuits() {
  const auto& g = report_.game;
  html_ += "<h3>Declarations and lawsuits</h3>";
  if (g.declarations.empty()) {
    html_ +=
        "<p class=\"note\">No rank declarations in this game (variant=bidding has no work phase, and "
        "only rank jobs are declared).</p>";
    return;
  }
  html_ +=
      "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>round</th><th>declarer</th>"
      "<th>measured</th><th>declared</th><th>judged</th><th>sued by</th><th>price proposed / set</th>"
      "<th>verdict</th></tr></thead><tbody>";
  for (const AdultingDeclaration& d : g.declarations) {
    const bool guilty = d.verdict == replays::analysis::Verdict::kGuilty;
    html_ += std::string(guilty ? "<tr class=\"bluff-row\">" : "<tr>") + "<td>" + std::to_string(d.round + 1) +
             "</td><td class=\"spec\">" + seat_text(g.agents, d.seat) + "</td><td>" +
             (d.measured >= 0 ? std::to_string(d.measured) : std::string("?")) + "</td><td>" +
             std::to_string(d.declared) + "</td><td>" +
             (d.inflated() ? "<span class=\"bad\">inflated +" + std::to_string(d.declared - d.measured) + "</span>"
                           : std::string("honest")) +
             "</td><td class=\"spec\">" + seat_text(g.agents, d.prosecutor) + "</td><td>" +
             (d.prosecutor >= 0
                  ? std::to_string(d.proposed) + " / " + (d.price > 0 ? std::to_string(d.price) : "&ndash;")
                  : std::string()) +
             "</td><td>" + (d.prosecutor >= 0 ? replays::analysis::verdict_name(d.verdict) : "not sued") +
             "</td></tr>";
  }
  html_ += "</tbody></table></div>";
}

void Page::game_section() {
  const auto& g = report_.game;
  html_ += "<section id=\"game\"><h2>Game " + std::to_string(g.record_index) + " in detail</h2><p class=\"note\">" +
           std::to_string(g.rounds) + " rounds, " + std::to_string(g.players) +
           " players. Every hidden fact is shown: truths, sealed bids, measurements.</p>";
  game_seats();
  game_auctions();
  game_claims();
  game_lawsuits();
  html_ += "</section>\n";
}

}  // namespace kibitz::tools::adulting_report
