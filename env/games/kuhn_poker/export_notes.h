// What the JSON export of a Kuhn poker record adds (env/core/
// export_notes.h): each deal concerns the seat that receives the card. No
// forced chance, no tallies (the chips won or lost are the returns).
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::kuhn_poker {

ExportNotes export_notes();

}  // namespace kibitz::kuhn_poker
