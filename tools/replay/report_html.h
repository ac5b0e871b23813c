// The HTML page of `kibitz replay report`: one self-contained file (inline
// CSS, inline SVG charts drawn in C++, one small inline script that checks
// the page rendered; no network, no script library) showing one game in
// detail and, for Loyalist Spies, a summary over every game of the file.
//
// For Loyalist Spies the detailed game shows, round by round: every seat's
// ace, dealt and kept cards, role and points; the public P(Traitor) track and
// each seat's own estimate of the others; the public P(owns suit) track; the
// timeline of turns with who played which mission card; and every face-down
// card judged against its player's role, with bluffs flagged and who was
// fooled (replays/analysis, docs/bluff_report.md). Other games show the
// seats, every move (revealed) and the returns only.
//
// When the page has rendered, the script sets data-render="ok" on the <html>
// element after checking that no script error happened and that every chart
// announced in <body data-charts="N"> exists and has a visible size; on
// failure it sets data-render="fail" and data-render-problem. Tests load the
// page in a headless browser and read that attribute from the DOM.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

#include "replays/analysis/game_analysis.h"
#include "replays/analysis/report_summary.h"

namespace kibitz::tools {

// Everything one report page shows.
struct ReportPage {
  std::string source;       // the replay file, as named on the command line
  std::size_t records = 0;  // records in the file
  replays::analysis::ReportOptions options;
  const replays::analysis::GameAnalysis* game = nullptr;  // the game shown in detail
  // Loyalist Spies files: the summary over every record (records that are
  // not Loyalist Spies games are left out and counted in `skipped`).
  std::optional<replays::analysis::ReportSummary> summary;
  std::size_t skipped = 0;
  double seconds = 0.0;  // how long the analysis took, for the method notes
};

// Writes the page. `page.game` must be set.
void write_report_html(const ReportPage& page, std::ostream& out);

}  // namespace kibitz::tools
