// What the JSON export of a Spoon Nomic record adds (env/core/
// export_notes.h): a die roll of the deal concerns the seat the card is
// for (a rejected roll too), a proposal's draw the seat whose change it is.
// No forced chance. Tallies: each seat's points and its score (the points
// and the hand's bonus).
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::spoon_nomic {

ExportNotes export_notes();

}  // namespace kibitz::spoon_nomic
