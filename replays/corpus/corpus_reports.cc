#include "replays/corpus/corpus_reports.h"

#include "replays/corpus/report_columns.h"

namespace kibitz::replays::corpus {

namespace analysis = replays::analysis;

namespace {

// Columns 0..10 of the grouped scan below.
constexpr const char* kAgentsSql =
    "SELECT game, agent, count(*), sum(won), sum(return IS NOT NULL), "
    "sum(CASE WHEN bluffs IS NOT NULL THEN plays END), sum(bluffs), "
    "sum(claims), sum(lies), sum(bids), sum(overbids) "
    "FROM seats WHERE ?1 = '' OR game = ?1 GROUP BY game, agent ORDER BY game, agent";

std::optional<analysis::Proportion> proportion(Statement& s, int hits, int total) {
  if (s.is_null(total)) return std::nullopt;
  return analysis::wilson(static_cast<int>(s.integer(hits)), static_cast<int>(s.integer(total)));
}

}  // namespace

std::vector<AgentReportRow> agents_report(Database& db, const std::string& game) {
  Statement s(db, kAgentsSql);
  s.bind(1, game);
  std::vector<AgentReportRow> rows;
  while (s.step()) {
    AgentReportRow row;
    row.game = s.text(0);
    row.agent = s.text(1);
    row.seat_games = s.integer(2);
    row.win = analysis::wilson(static_cast<int>(s.integer(3)), static_cast<int>(s.integer(4)));
    row.bluff = proportion(s, 6, 5);
    row.lie = proportion(s, 8, 7);
    row.overbid = proportion(s, 10, 9);
    rows.push_back(std::move(row));
  }
  return rows;
}

ResultTable agents_table(const std::vector<AgentReportRow>& rows, bool for_people) {
  ResultTable table;
  if (for_people) {
    table.columns = {"game",       "agent",    "games",       "win rate [95%]",
                     "bluff rate", "lie rate", "overbid rate"};
  } else {
    table.columns = {"game", "agent", "games"};
    for (const char* figure : {"win", "bluff", "lie", "overbid"}) {
      add_share_columns(table.columns, figure);
    }
  }
  for (const AgentReportRow& r : rows) {
    std::vector<Cell> row = {text_cell(r.game), text_cell(r.agent), integer_cell(r.seat_games)};
    if (for_people) {
      for (const auto& p : {std::optional(r.win), r.bluff, r.lie, r.overbid})
        row.push_back(text_cell(share_text(p)));
    } else {
      for (const auto& p : {std::optional(r.win), r.bluff, r.lie, r.overbid})
        add_share_cells(row, p);
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace kibitz::replays::corpus
