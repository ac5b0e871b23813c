// Drawing a world from a seat's information set: the hidden cards of every
// round are dealt again consistently with everything the seat saw, the other
// seats' hidden choices (keeps, plays, discards, Queen orders) are chosen to
// fit, and the world is rebuilt by replaying the new history. The method:
//  - aces: a random assignment of the unseen aces that respects every Jack
//    (a failed match rules a suit out);
//  - every card another seat held is a "token" created when it was dealt or
//    drawn; a mission's revealed set is split at random between the
//    face-down deck cards and the players who played (a card must be in the
//    player's hand then; Jokers only face down); a seat that played nothing
//    held only Jokers; at a finished round's end the revealed Jokers are in
//    their holders' hands;
//  - cards the seat saw on top of the deck (its own Queen) go where they were
//    seen; after another seat reorders them their positions are drawn again
//    among the orders that fit what happened next;
//  - the remaining unseen cards fill the rest at random (cards the seat gave
//    up can only have gone into the deck).
// A dead end (rare: e.g. a discard that a later play contradicts) restarts
// the round's draw; after many dead ends the round keeps its true cards.
#pragma once

#include "env/core/rng.h"
#include "env/core/types.h"

namespace kibitz::loyalist_spies {

class LoyalistSpiesState;

// How a resample went, for tests.
struct ResampleStats {
  int attempts = 0;   // round draws tried
  int fallbacks = 0;  // rounds that kept their true cards
};

// resample_from_infostate with counters.
void resample_world(const LoyalistSpiesState& state, Player viewer, Rng& rng,
                    LoyalistSpiesState& out, ResampleStats* stats);

}  // namespace kibitz::loyalist_spies
