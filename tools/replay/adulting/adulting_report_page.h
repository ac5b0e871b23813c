// The Adulting report page under construction (internal to the report
// writer; the entry point is adulting_report_html.h): the body so far and
// its chart count, written by adulting_report_html.cc (the skeleton, the
// file's figures by agent, the flagged games, the method) and
// adulting_report_game.cc (the game shown in detail).
#pragma once

#include <string>

#include "replays/analysis/adulting/adulting_json.h"
#include "tools/replay/html_body.h"
#include "tools/replay/report_page_parts.h"

namespace kibitz::tools::adulting_report {

class Page : private HtmlBody {
 public:
  Page(const replays::analysis::AdultingReport& report, double seconds) : report_(report), seconds_(seconds) {}

  std::string render();

 private:
  // adulting_report_html.cc
  void header();
  void agents_section();
  void agent_tables();
  void voters_paragraph();
  void agent_charts();
  void flagged_section();
  void method_section();

  // adulting_report_game.cc
  void game_section();
  void game_seats();
  void game_auctions();
  void game_claims();
  void game_lawsuits();

  const replays::analysis::AdultingReport& report_;
  double seconds_;
};

// A card of the deck by name (a dash for none). The snippets both report
// pages write (shares, seats, colours) are in report_page_parts.h.
std::string card_name(const replays::analysis::AdultingGameEvents& game, int card);

}  // namespace kibitz::tools::adulting_report
