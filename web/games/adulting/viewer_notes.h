// Adulting's annotations and charts in the replay viewer's document
// (web/replay_view.h), declared as its web part in manifest.cc.
#pragma once

#include <cstddef>

#include "web/replay_view_parts.h"

namespace kibitz::web::view {

// Adulting: every sorting claim (true or a lie), every sealed bid (set
// against the card's value to the bidder) and every rank declaration (set
// against the declarer's measurement), each at the step its seat made it.
// Empty for another game.
GameNotes adulting_notes(const ReplayedRecord& replayed);

}  // namespace kibitz::web::view
