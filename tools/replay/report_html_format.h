// HTML snippets shared by the pieces of the replay report page
// (report_html.cc and the report_html_*.cc files): numbers as the page writes
// them, seat chips, cards, role and fit badges, the page's colours, and the
// per-round slices of a belief track with their tooltips and mission markers.
// Internal to the report writer; the public entry point is report_html.h.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/scoring.h"
#include "replays/analysis/belief_filter.h"
#include "replays/analysis/game_analysis.h"
#include "replays/analysis/spies_timeline.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools::report {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Seat colours are indexed by seat (at most four), suit colours and symbols
// by loyalist_spies suit number.
inline constexpr const char* kSeatColors[] = {"#1f6fb4", "#e8731a", "#2a9d47", "#8e55b8"};
inline constexpr const char* kSuitColors[] = {"#e4572e", "#34495e", "#c0392b", "#2e7d32"};
inline constexpr const char* kSuitSymbols[] = {"\u2666", "\u2660", "\u2665", "\u2663"};

// An int index as a size_t, for vector subscripts.
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Numbers: `x` with `digits` decimals; a probability as a whole percentage;
// a probability difference as signed percentage points; "part of whole (%)".
std::string fixed(double x, int digits);
std::string percent(double p);
std::string signed_points(double p);
std::string ratio(int part, int whole);

// A seat as "P<n> <label>" (plain text), as a coloured chip with that text,
// and as a compact tag showing only "P<n>" with the label as a tooltip.
std::string seat_label(const replays::analysis::GameAnalysis& game, int seat);
std::string seat_chip(const replays::analysis::GameAnalysis& game, int seat);
std::string seat_tag(const replays::analysis::GameAnalysis& game, int seat);

// A card as people write it (7♥, 10♠, J♦, Jk; a dash for none), as a styled
// span, and a set of cards (those in `highlight` marked kept, the others
// faded when `fade_rest`).
std::string card_text(int card);
std::string card_html(int card, const std::string& extra_class = "");
std::string cards_html(loyalist_spies::CardMask cards, loyalist_spies::CardMask highlight = 0,
                       bool fade_rest = false);

// Badges: a role, the side of a player (Traitor or loyal), and a played
// card's place in its hand coloured by whether it fits the player's role.
std::string role_badge(loyalist_spies::Role role);
std::string side_badge(bool traitor);
std::string fit_badge(replays::analysis::RoleFit fit, replays::analysis::PlayPlace place);

// What a belief point was recorded after, for tooltips.
std::string point_tip(const replays::analysis::BeliefPoint& p);

// The points of `track` in round `round`, in order.
std::vector<const replays::analysis::BeliefPoint*> round_points(
    const replays::analysis::BeliefTrack& track, int round);

// Chart markers at the mission reveals (M1, M2, ...) and Jacks (J) of `points`.
std::vector<XMarker> mission_markers(
    const std::vector<const replays::analysis::BeliefPoint*>& points);

}  // namespace kibitz::tools::report
