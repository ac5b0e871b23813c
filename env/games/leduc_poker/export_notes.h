// What the JSON export of a Leduc poker record adds (env/core/
// export_notes.h): a private card's deal concerns the seat that receives
// it, the public card nobody. No forced chance, no tallies (the chips won
// or lost are the returns).
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::leduc_poker {

ExportNotes export_notes();

}  // namespace kibitz::leduc_poker
