// The replay report page under construction: the HTML body and the number of
// charts in it. Its sections are written by three files: report_html.cc (the
// page skeleton, the seats, the moves and the method notes),
// report_html_rounds.cc (one Loyalist Spies round: seats, belief charts,
// timeline and bluff table) and report_html_summary.cc (the summary over
// every game of the file). Internal to the report writer; the public entry
// point is report_html.h.
#pragma once

#include <string>

#include "replays/analysis/game_analysis.h"
#include "replays/analysis/report_summary.h"
#include "replays/analysis/spies_timeline.h"
#include "tools/replay/html_body.h"
#include "tools/replay/report_html.h"

namespace kibitz::tools::report {

// Builds one page; render() is called once.
class Page : private HtmlBody {
 public:
  explicit Page(const ReportPage& page) : page_(page), game_(*page.game) {}

  std::string render();

 private:
  // report_html.cc
  void header();
  void seats_section();
  void moves_section(bool folded);
  void method_section();

  // report_html_rounds.cc
  void spies_round(const replays::analysis::SpiesRound& round);
  void round_seats(const replays::analysis::SpiesRound& round);
  void traitor_charts(const replays::analysis::SpiesRound& round);
  void suit_charts(const replays::analysis::SpiesRound& round);
  void timeline_table(const replays::analysis::SpiesRound& round);
  void plays_table(const replays::analysis::SpiesRound& round);

  // report_html_summary.cc
  void summary_section(const replays::analysis::ReportSummary& summary);
  void agents_table(const replays::analysis::ReportSummary& summary);

  const ReportPage& page_;
  const replays::analysis::GameAnalysis& game_;
};

}  // namespace kibitz::tools::report
