// What the JSON export of an Adulting record adds (env/core/export_notes.h),
// read off the game's event log (events.h):
//  - a chance move concerns the seat of the event it logged: the dealer for
//    a draw, the thief for a Steal's card, the claimant for a truth, the
//    contestant for an elimination, ruling, measurement, payout or quality,
//    the seat oral arguments are about, the watcher for a watch; the top
//    card's back concerns nobody;
//  - forced chance: a top back, a draw, a Steal's card, a truth or an
//    elimination the log holds without a chance node of its own (the only
//    back or card left, a card that is always adult or child, the last
//    contestant);
//  - tallies: each seat's points (its mantle) and monies.
#pragma once

#include "env/core/export_notes.h"

namespace kibitz::adulting {

ExportNotes export_notes();

}  // namespace kibitz::adulting
