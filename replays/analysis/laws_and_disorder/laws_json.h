// The Laws and Disorder laws report as JSON: the same figures as the HTML
// page (`kibitz replay report FILE --json OUT` on a file of Laws and
// Disorder games), for scripts. Layout and field meanings:
// docs/laws_report.md ("JSON").
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

#include "replays/analysis/laws_and_disorder/laws_events.h"
#include "replays/analysis/laws_and_disorder/laws_figures.h"

namespace kibitz::replays::analysis {

// Bumped when a field changes meaning or goes away.
inline constexpr int kLawsReportJsonVersion = 1;

// What one report holds: the file's figures and one game in detail.
struct LawsReport {
  std::string source;       // the replay file, as named on the command line
  std::size_t records = 0;  // records in the file
  LawsFileFigures figures;
  LawsGameEvents game;  // the game shown in detail
};

// Writes the report as one JSON document (means and shares where nothing
// was counted are written as null).
void write_laws_json(const LawsReport& report, std::ostream& out);

}  // namespace kibitz::replays::analysis
