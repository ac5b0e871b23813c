// Loyalist Spies's annotations and charts in the replay viewer's document
// (web/replay_view.h), declared as its web part in manifest.cc.
#pragma once

#include <cstddef>

#include "web/replay_view_parts.h"

namespace kibitz::web::view {

// Loyalist Spies: the bluff report's verdicts (at the step of each mission's
// reveal), each round's roles, and the P(Traitor) charts of the public and of
// every seat. Empty for another game.
GameNotes spies_notes(const replays::ReplayRecord& record, std::size_t record_index,
                      const ReplayedRecord& replayed,
                      const replays::analysis::ReportOptions& options);

}  // namespace kibitz::web::view
