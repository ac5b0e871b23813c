// The table of `kibitz corpus report`'s named reports: each name, the games
// it is about, whether it takes a seat, its one-line summary for --help,
// and how it runs. Help, the refusals and the dispatch all read this one
// table, so they cannot drift apart.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "replays/corpus/result_table.h"
#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

// What the command line asked for.
struct ReportRequest {
  std::string report;       // the report's name
  std::string game;         // --game: only this game; empty: every game it covers
  std::optional<int> seat;  // --seat: only this seat (bluff-wins)
};

struct NamedReport {
  const char* name;
  std::vector<std::string> games;  // the games it is about; empty: any game
  bool takes_seat;
  const char* summary;
};

const std::vector<NamedReport>& named_reports();

// "agents (any game), ..., claims (adulting), ...": for help and refusals.
std::string report_list();

// The games `report` is about: "adulting", "loyalist_spies or adulting",
// "any game".
std::string report_games(const NamedReport& report);

// Throws KibitzError naming the problem and listing the reports: an unknown
// report, a --game the report is not about, a --seat it does not take or
// that is negative. Needs no database, so bad flags fail before one is opened.
void check_report_request(const ReportRequest& request);

// Runs a checked request; `for_people`: the text table's layout.
ResultTable run_named_report(Database& db, const ReportRequest& request, bool for_people);

}  // namespace kibitz::replays::corpus
