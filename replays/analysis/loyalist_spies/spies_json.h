// The JSON of the Loyalist Spies bluff report (`kibitz replay report FILE
// --json OUT.json`, docs/bluff_report.md "JSON"): the summary over every
// Spies game of the file, with a 95% Wilson interval on every share, in the
// document shape the other games' reports share (report_json_parts.h).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

#include "replays/analysis/game_analysis.h"
#include "replays/analysis/report_summary.h"

namespace kibitz::replays::analysis {

// Bumped when a field changes meaning or goes; new fields may be added.
inline constexpr int kSpiesReportJsonVersion = 1;

// What the document describes besides the summary.
struct SpiesReportHead {
  std::string source;       // the replay file, as named on the command line
  std::size_t records = 0;  // records in the file
  std::size_t skipped = 0;  // records of other games
  std::size_t detailed = 0; // the record shown in detail on the page
  ReportOptions options;
};

void write_spies_json(const SpiesReportHead& head, const ReportSummary& summary, std::ostream& out);

}  // namespace kibitz::replays::analysis
