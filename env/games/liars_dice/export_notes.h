// What the JSON export of a Liar's Dice record adds (env/core/
// export_notes.h): each roll concerns the seat whose die it is. No forced
// chance, no tallies (the returns say who lost the challenge).
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::liars_dice {

ExportNotes export_notes();

}  // namespace kibitz::liars_dice
