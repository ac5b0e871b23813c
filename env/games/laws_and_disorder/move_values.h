// What each move is worth to the seat about to make it, read from its
// Knowledge alone through a Valuation (valuation.h). The heuristic's
// choices compare these worths (agents/heuristic/laws_and_disorder), and the
// tensor carries them as a block (knowledge.h "move values"), so that a
// network reads the effect of each candidate move and not only the table:
// the best law a hand can make is a search over its completions, which a
// network given card counts alone did not learn (docs/training.md,
// "Behavior cloning").
#pragma once

#include <span>

#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/valuation.h"

namespace kibitz::laws_and_disorder {

// Playing the job card for `pos`: the WHEN laws and the Banker's double pay
// under the new positions, this turn's law if it is still to be made, less
// the card.
double job_value(const Valuation& v, int pos);

// An ability action's worth net of its $2. `can_start_law`: whether a law
// may still be started this turn (the merchant trades away only a hand that
// can make no law). `a` must be a use the rules offer now.
double ability_value(const Valuation& v, Action a, bool can_start_law);

// The tensor block: kNumActions worths, kEndLaw + 1 reach flags, kEndLaw + 1
// best-law-card flags and kNumKinds best-pick flags.
inline constexpr int kMoveValueFloats = kNumActions + 2 * (kEndLaw + 1) + kNumKinds;

// Writes the block for the viewer of `k` (kMoveValueFloats floats, zeros
// where nothing is computed):
//  - worth[a] for every action the viewer may be offered now, in monies as
//    sign(x) log(1 + |x|) (fine near 0, where a small gain is weighed
//    against ending the turn; compressed for big laws):
//     - a law card: the best complete law its hand can make that goes
//       through that card (continuing the law it builds, else starting one
//       on its turn, with the "when a law is made" triggers);
//     - end-law: the law as built;
//     - on its turn: a job card, an ability net of its cost, end-turn 0;
//     - a card to give or discard: minus what keeping it is worth; to take
//       in its theft: what having it is worth;
//     - a recipient: its rank in the valuation's order (the seat whose gain
//       hurts the viewer least first), 1 for the first down to 1/n;
//  - reach[k] (law card k, or end-law at kEndLaw): 1 when that card can be
//    played toward a complete law now;
//  - best_law_card[k]: 1 for the reachable law cards (or end-law) of the
//    best worth, ties all marked: the next card of the best law the hand
//    can make;
//  - best_pick[k]: 1 for the kinds of the best worth among the cards that
//    may be picked (the viewer's hand, or in its theft the victim's hand as
//    it saw it), ties all marked.
void encode_move_values(const Knowledge& k, std::span<float> out);

}  // namespace kibitz::laws_and_disorder
