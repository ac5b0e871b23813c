// What the JSON export of a Tea Game record adds (env/core/
// export_notes.h): a delay concerns the seat whose delay is drawn, a card
// the seat drawing it (deathmatch draws too), the lot the seat it picks.
// No forced chance: every draw is a chance node. No tallies: a seat's
// score is its return.
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::tea_game {

ExportNotes export_notes();

}  // namespace kibitz::tea_game
