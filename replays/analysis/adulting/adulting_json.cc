#include "replays/analysis/adulting/adulting_json.h"

#include <string>

#include "replays/analysis/report_json_parts.h"

namespace kibitz::replays::analysis {

namespace {

using Json = JsonWriter;

void discrimination_json(Json& j, const ProportionDifference& d) {
  j.open("discrimination", '{').field("difference", d.difference).field("low", d.low).field("high", d.high);
  j.close('}');
}

void tally(Json& j, const AdultingTally& t) {
  j.field("games", t.games).field("game_wins", t.game_wins).field("game_wins_with_bluff", t.game_wins_with_bluff);
  j.field("claims", t.claims).field("lies", t.lies).field("adult_lies", t.adult_lies);
  j.field("adult_lies_caught", t.adult_lies_caught).field("truthful_adult_claims", t.truthful_adult_claims);
  j.field("false_accusations", t.false_accusations).field("successful_bluffs", t.successful_bluffs);
  j.field("bids", t.bids).field("overbids", t.overbids).field("underbids", t.underbids);
  j.field("capped_underbids", t.capped_underbids).field("auction_wins", t.auction_wins);
  j.field("cursed_wins", t.cursed_wins).field("margin_sum", t.margin_sum);
  j.field("refunds", t.refunds).field("refunded", t.refunded);
  j.field("bid_sum", t.bid_sum).field("value_sum", t.value_sum);
  j.field("declarations", t.declarations).field("inflated", t.inflated).field("sued", t.sued);
  j.field("sued_inflated", t.sued_inflated).field("suits_brought", t.suits_brought);
  j.field("dismissed", t.dismissed).field("conceded", t.conceded).field("guilty", t.guilty);
  j.field("not_guilty", t.not_guilty);
  const AdultingRates r = rates(t);
  j.open("rates", '{');
  proportion_json(j, "lie", r.lie);
  proportion_json(j, "adult_lie", r.adult_lie);
  proportion_json(j, "caught", r.caught);
  proportion_json(j, "false_accusation", r.false_accusation);
  discrimination_json(j, r.discrimination);
  proportion_json(j, "overbid", r.overbid);
  proportion_json(j, "underbid", r.underbid);
  proportion_json(j, "winners_curse", r.curse);
  proportion_json(j, "bluff_wins", r.bluff_wins);
  proportion_json(j, "game_wins_with_bluff", r.game_bluff_wins);
  proportion_json(j, "inflated", r.inflated);
  proportion_json(j, "guilty", r.guilty);
  j.field("mean_margin", r.mean_margin).close('}');
}

std::string card(const AdultingGameEvents& g, int c) {
  return c >= 0 && static_cast<std::size_t>(c) < g.card_names.size() ? g.card_names[static_cast<std::size_t>(c)]
                                                                       : std::string();
}

void auctions(Json& j, const AdultingGameEvents& g) {
  j.open("auctions", '[');
  for (const AdultingAuction& a : g.auctions) {
    j.open(nullptr, '{').field("round", a.round + 1).field("card", card(g, a.card));
    j.field("winner", a.winner).field("price", a.price).open("bids", '[');
    for (const AdultingBid& b : a.bids) {
      j.open(nullptr, '{').field("seat", b.seat).field("bid", b.bid).field("value", b.value);
      j.field("monies", b.monies).field("overbid", b.overbid()).field("underbid", b.underbid());
      j.field("won", b.won).field("refund", b.refund).close('}');
    }
    j.close(']').close('}');
  }
  j.close(']');
}

void claims_and_declarations(Json& j, const AdultingGameEvents& g) {
  j.open("claims", '[');
  for (const AdultingClaim& c : g.claims) {
    j.open(nullptr, '{').field("round", c.round + 1).field("seat", c.seat);
    j.field("truth", c.truth_adult ? "adult" : "child").field("claim", c.claim_adult ? "adult" : "child");
    j.field("ups", c.ups).field("downs", c.downs).field("stands", c.stands).field("lie", c.lie());
    j.field("voted_down", c.voted_down()).field("won_card", c.won_card);
    j.field("successful_bluff", c.successful_bluff()).close('}');
  }
  j.close(']').open("declarations", '[');
  for (const AdultingDeclaration& d : g.declarations) {
    j.open(nullptr, '{').field("round", d.round + 1).field("seat", d.seat).field("measured", d.measured);
    j.field("declared", d.declared).field("inflated", d.inflated()).field("prosecutor", d.prosecutor);
    j.field("proposed", d.proposed).field("price", d.price).field("verdict", verdict_name(d.verdict));
    j.close('}');
  }
  j.close(']');
}

void game(Json& j, const AdultingGameEvents& g) {
  j.open("game", '{').field("record", g.record_index).field("players", g.players);
  j.field("finished", g.finished).field("rounds", g.rounds);
  list_json(j, "agents", g.agents);
  list_json(j, "returns", g.returns);
  list_json(j, "points", g.points);
  auctions(j, g);
  claims_and_declarations(j, g);
  j.open("seats", '[');
  for (int seat = 0; seat < g.players; ++seat) {
    j.open(nullptr, '{').field("seat", seat).field("agent", g.agents[static_cast<std::size_t>(seat)]);
    tally(j, seat_tally(g, seat));
    j.close('}');
  }
  j.close(']').close('}');
}

void file_figures(Json& j, const AdultingFileFigures& f) {
  // The voters over every claim of the file, whoever made it.
  AdultingTally all;
  for (const AgentFigures& a : f.agents) all.add(a.tally);
  const AdultingRates voters = rates(all);
  j.open("voters", '{');
  proportion_json(j, "caught", voters.caught);
  proportion_json(j, "false_accusation", voters.false_accusation);
  discrimination_json(j, voters.discrimination);
  j.close('}');
  j.open("agents", '[');
  for (const AgentFigures& a : f.agents) {
    j.open(nullptr, '{').field("agent", a.agent);
    tally(j, a.tally);
    j.open("bid_points", '[');
    const auto points = f.bid_points.find(a.agent);
    if (points != f.bid_points.end()) {
      for (const BidPoint& p : points->second) {
        j.open(nullptr, '{').field("value", p.value).field("bid", p.bid).field("count", p.count).close('}');
      }
    }
    j.close(']').close('}');
  }
  j.close(']').open("flagged_games", '[');
  for (const FlaggedGame& g : f.flagged) {
    j.open(nullptr, '{').field("record", g.record_index).field("successful_bluffs", g.successful_bluffs);
    j.field("overbid_wins", g.overbid_wins).field("guilty", g.guilty);
    list_json(j, "notes", g.notes);
    j.close('}');
  }
  j.close(']');
}

}  // namespace

void write_adulting_json(const AdultingReport& report, std::ostream& out) {
  Json j;
  report_json_head(j, "adulting bid-and-claim", kAdultingReportJsonVersion, report.source, report.records,
                   report.figures.games, report.figures.skipped);
  j.open("conventions", '{').field("points_per_money", 1).field("interval", "95% Wilson score");
  j.close('}');
  file_figures(j, report.figures);
  game(j, report.game);
  j.close('}');
  out << j.text() << "\n";
}

}  // namespace kibitz::replays::analysis
