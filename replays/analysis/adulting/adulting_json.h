// The Adulting bid-and-claim report as JSON: the same figures as the HTML
// page (`kibitz replay report FILE --json OUT`), for scripts. Layout and
// field meanings: docs/bid_claim_report.md ("JSON").
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/adulting/adulting_figures.h"

namespace kibitz::replays::analysis {

// Bumped when a field changes meaning or goes away.
inline constexpr int kAdultingReportJsonVersion = 1;

// What one report holds: the file's figures and one game in detail.
struct AdultingReport {
  std::string source;       // the replay file, as named on the command line
  std::size_t records = 0;  // records in the file
  AdultingFileFigures figures;
  AdultingGameEvents game;  // the game shown in detail
};

// Writes the report as one JSON document (shares with NaN, where nothing
// was counted, are written as null).
void write_adulting_json(const AdultingReport& report, std::ostream& out);

}  // namespace kibitz::replays::analysis
