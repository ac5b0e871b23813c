// What the JSON export of a Loyalist Spies record adds (env/core/
// export_notes.h), read off the game's event log (events.h):
//  - a chance move concerns the seat of the event it logged: the seat dealt
//    an ace or a card, the determiner who flips a Success card or peeks
//    with a Queen, the seat that draws; a card face down onto a mission
//    concerns nobody;
//  - no forced chance: every history entry is an event of its own;
//  - tallies: each seat's total score.
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::loyalist_spies {

ExportNotes export_notes();

}  // namespace kibitz::loyalist_spies
