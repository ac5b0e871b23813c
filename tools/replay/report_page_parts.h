// Pieces that the per-game "by agent" report pages (the Adulting
// bid-and-claim page and the Laws and Disorder laws page) write alike:
// numbers and shares with their intervals, agent colours and seat names,
// the page header's opening line, the "by agent" section's opening, and
// the HTML document around a page's body. Internal to the report writers.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "replays/analysis/wilson_interval.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools::report_page {

// `x` with `digits` decimals; "n/a" for NaN (nothing counted).
std::string fixed_number(double x, int digits);

// A share with its Wilson interval, "12.0% [8.0%, 17.0%] 3/25" ("n/a (0)"
// when nothing was counted).
std::string share_cell(const replays::analysis::Proportion& p);

// A difference of two shares in percentage points with its interval,
// "+35.0 points [+20.1, +48.3]" ("n/a" when either counted nothing).
std::string difference_cell(const replays::analysis::ProportionDifference& d);

// A bar for a share in a bar chart group: the rate with its interval
// (none when nothing was counted) and "hits of total" as its tip.
void add_share_bar(BarGroup& group, const replays::analysis::Proportion& p);

// Colours of agents and of series, by index (cycled).
const char* agent_color(std::size_t index);

// A seat of a game as "P2 random" (the agent's name escaped; a dash for no
// seat, the number alone past the names known).
std::string seat_text(const std::vector<std::string>& agents, int seat);

// The page header up to the end of its sub-title: the title, then "FILE ·
// N records, M GAME games" and the records of other games left out. The
// caller closes the sub-title's <p>.
std::string header_start(const std::string& title, const std::string& source, std::size_t records,
                         std::size_t games, std::size_t skipped, const std::string& game_title);

// The "By agent, over the whole file" section's opening; with no agents,
// the whole section, saying no game of `game_title` was in the file.
std::string agents_section_start(const std::string& game_title, bool no_agents);

// A table cell around `cell`.
std::string td(const std::string& cell);

// The note under a list cut at `shown` rows.
std::string first_shown_note(std::size_t shown);

// The whole HTML document around `body`: the title, the shared style and
// render check, and <body data-charts="N"> for the check to count charts.
std::string html_document(const std::string& title, int charts, const std::string& body);

}  // namespace kibitz::tools::report_page
