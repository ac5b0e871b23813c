// What the game's own analysis says about a reviewed decision, set beside
// the engine's verdict: a Loyalist Spies face-down card judged for bluffing
// (replays/analysis/bluffs.h, as `kibitz replay report` judges it), an
// Adulting claim set against the claimer's truth, a sealed bid against the
// bidder's valuation, a rank declaration against the measurement and the
// lawsuit it drew (analysis/adulting/adulting_events.h). The engine says
// what a move cost; the note says what kind of move it was (a lie, a bluff
// that fooled two seats, an overbid).
//
// Notes come from a full replay record, after the game: the analysis reads
// the record as the reports do. They only ever describe the reviewed
// seat's own moves, through facts that seat knew (its own card, its truth,
// its valuation) and what everyone saw (votes, the public belief, the
// verdict), so a note tells the seat nothing about the others' hidden
// cards. The engine's values never read them.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "env/core/types.h"
#include "replays/analysis/game_analysis.h"
#include "replays/replay_record.h"
#include "tools/review/decision_review.h"

namespace kibitz::tools {

// The notes on seat `seat`'s moves in record `record_index`, by move index
// (the record's action index), for games with bluff or claim analysis;
// none for the others. Spies bluffs are judged with `options` (belief
// filters: about 0.4 s a game at 1000 particles). A record whose analysis
// and moves do not line up gets no notes of that kind rather than wrong
// ones. Throws KibitzError when the record does not replay.
std::map<int, DecisionNote> decision_notes(const replays::ReplayRecord& record,
                                           std::size_t record_index, Player seat,
                                           const replays::analysis::ReportOptions& options);

// Sets each decision's note from `notes` (by move).
void attach_notes(std::vector<DecisionReview>& decisions, const std::map<int, DecisionNote>& notes);

}  // namespace kibitz::tools
