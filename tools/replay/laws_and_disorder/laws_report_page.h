// The Laws and Disorder report page under construction (internal to the
// report writer; the entry point is laws_report_html.h): the body so far
// and its chart count, written by laws_report_html.cc (the skeleton, the
// file's figures by agent, the list of games, the definitions) and
// laws_report_game.cc (the game shown in detail: its laws over time, what
// each paid whom, who profited from whose laws).
#pragma once

#include <string>

#include "replays/analysis/laws_and_disorder/laws_json.h"
#include "tools/replay/html_body.h"
#include "tools/replay/report_page_parts.h"

namespace kibitz::tools::laws_report {

class Page : private HtmlBody {
 public:
  Page(const replays::analysis::LawsReport& report, double seconds) : report_(report), seconds_(seconds) {}

  std::string render();

 private:
  // laws_report_html.cc
  void header();
  void agents_section();
  void agent_results();
  void agent_matrix();
  void agent_charts();
  void games_section();
  void method_section();

  // laws_report_game.cc
  void game_section();
  void game_seats();
  void game_charts();
  void game_timeline();
  void game_payouts();
  void game_matrix();

  const replays::analysis::LawsReport& report_;
  double seconds_;
};

// Shared snippets: a mean with its interval, "4.2 [3.1, 5.3]" ("n/a" when
// nothing was counted); a signed whole number ("+3", "&minus;2", "0"); a
// card kind's name; a position's name. Seats and shares are written as on
// the Adulting page (report_page_parts.h).
std::string mean_cell(const replays::analysis::MeanTally& tally);
std::string signed_number(int x);
std::string kind_text(int kind);
std::string position_text(int position);
// A seat's colour, by seat (cycled).
const char* seat_color(int seat);

}  // namespace kibitz::tools::laws_report
