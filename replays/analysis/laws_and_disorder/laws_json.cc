#include "replays/analysis/laws_and_disorder/laws_json.h"

#include <string>

#include "env/games/laws_and_disorder/cards.h"
#include "replays/analysis/report_json_parts.h"

namespace kibitz::replays::analysis {

namespace ld = laws_and_disorder;

namespace {

using Json = JsonWriter;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::string kind_text(int kind) {
  return kind >= 0 && kind < ld::kNumKinds ? std::string(ld::kind_name(static_cast<ld::Kind>(kind))) : std::string();
}

std::string position_text(int position) {
  return position >= 0 && position < ld::kNumPositions
             ? std::string(ld::position_name(static_cast<ld::Position>(position)))
             : std::string();
}

void law_cards(Json& j, const char* name, const ld::Law& law) {
  j.open(name, '[');
  for (const ld::Kind k : law.kinds()) j.field(nullptr, std::string(ld::kind_name(k)));
  j.close(']');
}

void mean(Json& j, const char* name, const MeanTally& t) {
  const MeanInterval m = mean_interval(t);
  j.open(name, '{').field("n", m.n).field("mean", m.mean).field("low", m.low).field("high", m.high).close('}');
}

void effect(Json& j, const SeatLawEffect& e, int seat) {
  j.open(nullptr, '{').field("seat", seat).field("net_monies", e.net_monies()).field("pay", e.pay);
  j.field("gained", e.gained).field("lost", e.lost).field("lost_to_nobody", e.lost_to_nobody);
  j.field("given", e.given).field("received", e.received).field("cards_gained", e.cards_gained);
  j.field("cards_lost", e.cards_lost).field("cards_given", e.cards_given);
  j.field("cards_to_nobody", e.cards_to_nobody);
  j.field("cards_received", e.cards_received).field("effects", e.effects).close('}');
}

void laws(Json& j, const LawsGameEvents& g) {
  j.open("laws", '[');
  for (const LawHistory& l : g.laws) {
    j.open(nullptr, '{').field("law", l.serial).field("maker", l.maker);
    j.field("maker_position", position_text(l.maker_position)).field("made_turn", l.made_turn);
    law_cards(j, "made", l.made);
    j.field("made_sentence", sentence(l.made));
    law_cards(j, "last", l.last);
    j.field("last_sentence", sentence(l.last)).field("fate", fate_name(l.fate)).field("gone_turn", l.gone_turn);
    j.field("amendments", l.amendments).field("enforced", l.enforced).field("no_holder", l.no_holder);
    j.open("seats", '[');
    for (int seat = 0; seat < g.players; ++seat) effect(j, l.seats[at(seat)], seat);
    j.close(']').close('}');
  }
  j.close(']');
}

void timeline(Json& j, const LawsGameEvents& g) {
  j.open("timeline", '[');
  for (const LawChange& c : g.timeline) {
    j.open(nullptr, '{').field("turn", c.turn).field("law", c.serial).field("change", change_name(c.kind));
    j.field("seat", c.seat).field("card_in", kind_text(c.card_in)).field("card_out", kind_text(c.card_out));
    law_cards(j, "cards", c.law);
    j.field("sentence", sentence(c.law)).close('}');
  }
  j.close(']');
}

void game(Json& j, const LawsGameEvents& g) {
  j.open("game", '{').field("record", g.record_index).field("players", g.players);
  j.field("finished", g.finished).field("turns", g.turns);
  list_json(j, "agents", g.agents);
  j.open("positions", '[');
  for (const int p : g.positions) j.field(nullptr, position_text(p));
  j.close(']');
  list_json(j, "returns", g.returns);
  list_json(j, "final_monies", g.final_monies);
  list_json(j, "winners", g.winners);
  list_json(j, "abilities", g.abilities);
  j.open("maker_matrix", '[');
  for (const std::vector<int>& row : maker_matrix(g)) list_json(j, nullptr, row);
  j.close(']').open("seats", '[');
  for (int seat = 0; seat < g.players; ++seat) {
    const SeatLawFigures f = seat_figures(g, seat);
    j.open(nullptr, '{').field("seat", seat).field("agent", g.agents.empty() ? std::string() : g.agents[at(seat)]);
    j.field("laws_made", f.laws_made).field("pay", f.pay).field("own_effects", f.own_effects);
    j.field("to_others", f.to_others).field("from_others", f.from_others).field("abilities", f.abilities);
    j.field("final_monies", f.final_monies).field("won", f.won).field("self_harming", f.self_harming);
    j.close('}');
  }
  j.close(']');
  laws(j, g);
  timeline(j, g);
  j.open("monies_by_turn", '[');
  for (const std::vector<int>& row : g.monies_by_turn) list_json(j, nullptr, row);
  j.close(']');
  list_json(j, "table_by_turn", g.table_by_turn);
  j.close('}');
}

void agents(Json& j, const LawsFileFigures& f) {
  j.open("agents", '[');
  for (const LawsAgentFigures& a : f.agents) {
    const LawsAgentTally& t = a.tally;
    j.open(nullptr, '{').field("agent", a.agent).field("games", t.games).field("wins", t.wins);
    j.field("laws", t.laws).field("self_harming", t.self_harming);
    proportion_json(j, "win", a.win);
    proportion_json(j, "self_harming_share", a.self_harming);
    j.open("per_game", '{');
    mean(j, "final_monies", t.final_monies);
    mean(j, "laws_made", t.laws_made);
    mean(j, "pay", t.pay);
    mean(j, "own_effects", t.own_effects);
    mean(j, "to_others", t.to_others);
    mean(j, "from_others", t.from_others);
    mean(j, "abilities", t.abilities);
    j.close('}').open("matrix", '{');
    mean(j, "self", t.self);
    for (const auto& [agent, tally] : t.to_agent) mean(j, agent.c_str(), tally);
    j.close('}').close('}');
  }
  j.close(']');
}

void game_lines(Json& j, const LawsFileFigures& f) {
  j.open("games_list", '[');
  for (const LawsGameLine& g : f.game_lines) {
    j.open(nullptr, '{').field("record", g.record_index).field("turns", g.turns).field("laws", g.laws);
    list_json(j, "winners", g.winners);
    list_json(j, "final_monies", g.final_monies);
    j.open("maker_matrix", '[');
    for (const std::vector<int>& row : g.matrix) list_json(j, nullptr, row);
    j.close(']').close('}');
  }
  j.close(']');
}

}  // namespace

void write_laws_json(const LawsReport& report, std::ostream& out) {
  Json j;
  report_json_head(j, "laws and disorder laws", kLawsReportJsonVersion, report.source, report.records,
                   report.figures.games, report.figures.skipped);
  j.open("conventions", '{').field("unit", "seat-game").field("mean_interval", "95% normal approximation");
  j.field("share_interval", "95% Wilson score").close('}');
  agents(j, report.figures);
  game_lines(j, report.figures);
  game(j, report.game);
  j.close('}');
  out << j.text() << "\n";
}

}  // namespace kibitz::replays::analysis
