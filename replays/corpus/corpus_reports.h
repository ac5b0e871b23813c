// The agents report of `kibitz corpus report` (docs/corpus.md "Reports"; the
// other named reports are in report_queries.h, the list in report_catalog.h).
//
// agents: per game and agent (the name `replay report` counts a seat under),
// the seat-games it played, its win rate (games with the top return, ties
// included, over the games that have returns) and, where the game's
// analysis gives them, its bluff rate (Spies: bluffs over the face-down
// cards of the games judged for bluffs), lie rate (Adulting: lies over
// claims) and overbid rate (Adulting: bids above the bidder's valuation over
// bids), each with its 95% Wilson interval (analysis/wilson_interval.h).
// One grouped scan of `seats` through its covering index.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "replays/analysis/wilson_interval.h"
#include "replays/corpus/result_table.h"
#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

struct AgentReportRow {
  std::string game;
  std::string agent;
  long long seat_games = 0;
  analysis::Proportion win;
  std::optional<analysis::Proportion> bluff, lie, overbid;  // none: the game has no such figure
};

// `game`: only that game (its registered name); empty: every game.
std::vector<AgentReportRow> agents_report(Database& db, const std::string& game);

// The report as printed: `for_people` writes each rate as "37.5% [31.9, 43.1]";
// otherwise every count, rate and bound has its own column (CSV, JSON).
ResultTable agents_table(const std::vector<AgentReportRow>& rows, bool for_people);

}  // namespace kibitz::replays::corpus
