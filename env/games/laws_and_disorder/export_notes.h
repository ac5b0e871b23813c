// What the JSON export of a Laws and Disorder record adds (env/core/
// export_notes.h), read off the game's observation log:
//  - a chance move concerns the seat its first logged observation names:
//    the player dealt a position ("P1 holds JUDGE"), the player who draws
//    ("P1 draws GIVES");
//  - no forced chance: every draw and deal is a chance node, even with one
//    outcome left;
//  - tallies: each seat's monies.
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::laws_and_disorder {

ExportNotes export_notes();

}  // namespace kibitz::laws_and_disorder
