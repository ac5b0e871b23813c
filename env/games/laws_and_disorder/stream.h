// Laws and Disorder's seat streams (docs/rules/laws_and_disorder.md "What
// each seat observes"): the observation kinds, declared once here. The state
// logs each observation with the seats that receive it (its audience); a
// seat's stream is the log filtered to that seat. Everything that acts or
// speaks for a seat (the view, the tensor, the sampler, the agents) reads
// the stream alone.
//
// Cards in observations are kinds (a card is its kind), written with their
// names; positions are written as their job card's name ("P1 holds JUDGE").
// Laws are named by serial number, L1 for the first law made.
#pragma once

#include <cstdint>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"

namespace kibitz::laws_and_disorder {

// The observation kinds, in the order of the StreamSpec (their index is
// Observation::kind). Each comment gives who receives it and its values.
enum class Obs : std::uint8_t {
  // --- Set-up, turns and draws ------------------------------------------------
  kHolds,          // public: "P1 holds JUDGE" (seat, position): the deal and every job change
  kUnheld,         // public: "nobody holds PRIEST" (position)
  kDrawSeen,       // the drawer: "P1 draws GIVES" (seat, kind); the deal too
  kDraw,           // the others: "P1 draws a card" (seat)
  kTurn,           // public: "turn 3 of P2" (turn, seat)
  kLastCard,       // public: "the last card is drawn" (the final round follows)
  kTurnEnds,       // public: "P1 ends the turn" (seat)
  // --- Laws ------------------------------------------------------------------------
  kLawCard,        // public: "P1 puts GIVES in the law" (seat, kind)
  kLawMade,        // public: "P1 makes L4 JUDGE GIVES 2-MONIES" (seat, serial, kinds)
  kLawPaid,        // public: "P1 is paid 6 for L4" (seat, amount, serial)
  kDropped,        // public: "L1 is dropped" (serial): max_laws
  // --- Effects (all public unless noted) ---------------------------------------------
  kEffect,         // "L4 takes effect for P2" (serial, seat)
  kNoHolder,       // "L4 takes effect for nobody" (serial)
  kGains,          // "P2 gains 3 monies by L4" (seat, amount, serial)
  kLoses,          // "P2 loses 3 monies by L4" (seat, amount, serial): as far as they have
  kGivesMonies,    // "P2 gives 3 monies to P1 by L4" (seat, amount, to, serial)
  kGainsCards,     // "P2 gains 2 cards by L4" (seat, amount, serial): the draws follow
  kLosesCards,     // "P2 loses 2 cards by L4" (seat, amount, serial): the discards follow
  kGivesCards,     // "P2 gives 2 cards by L4" (seat, amount, serial): picks and hand-over follow
  kNothingToGive,  // "P2 has nothing to give" (seat)
  kKeeps,          // "P2 keeps it" (seat): the recipient is the giver's own position
  kNobodyReceives, // "nobody receives from P2" (seat): the recipient's position is unheld; the gift is lost
  kDiscardSeen,    // the owner: "P2 discards LOSES" (seat, kind): losses, hand limit, the merchant's trade, lost gifts
  kDiscard,        // the others: "P2 discards a card" (seat)
  kPickSeen,       // the giver: "P2 picks 2-CARDS to give" (seat, kind)
  kPick,           // the others: "P2 picks a card to give" (seat)
  kHandOver,       // giver and receiver: "P2 hands GIVES JUDGE to P1" (seat, kinds, to)
  kHandOverHidden, // the others: "P2 hands 2 cards to P1" (seat, count, to)
  // --- Jobs and abilities (public unless noted) --------------------------------------
  kPlayJob,        // "P1 plays THIEF to change job" (seat, kind); kHolds / kUnheld follow
  kJudgeEnforce,   // "P1 uses the judge to enforce L4" (seat, serial)
  kJudgeDestroy,   // "P1 uses the judge to destroy L4" (seat, serial)
  kThief,          // "P1 uses the thief on P3" (seat, victim)
  kHandSeen,       // the thief: "P3 shows JUDGE GAINS" (victim, kinds): long hands in several
  kTakeSeen,       // thief and victim: "P1 takes GAINS from P3" (seat, kind, victim)
  kTake,           // the others: "P1 takes a card from P3" (seat, victim)
  kScientistAdd,   // "P1 uses the scientist to add WHEN-LAW-MADE to L4" (seat, kind, serial)
  kScientistTake,  // "P1 uses the scientist to take WHEN-LAW-MADE from L4" (seat, kind, serial)
  kMerchantSwap,   // "P1 uses the merchant to put LOSES for GAINS in L4" (seat, in, out, serial)
  kTrade,          // "P1 uses the merchant to trade" (seat): draws and discards follow
  kPriestSwap,     // "P1 uses the priest to put THIEF for JUDGE in L4 as card 1" (seat, in, out, serial, card index from 1)
  // --- The end -------------------------------------------------------------------------
  kFinal,          // public: "P1 ends with 9 monies" (seat, monies), every seat in order
};
inline constexpr int kNumObsKinds = static_cast<int>(Obs::kFinal) + 1;

// The most kinds one kHandSeen observation lists (a longer hand is shown in
// several): the kind list takes its length and its cards after the seat,
// eight values in all, the most the state's log keeps (observation_log.h).
inline constexpr int kHandSeenChunk = 6;

StreamSpec laws_and_disorder_stream_spec();

inline Obs obs_kind(const Observation& o) { return static_cast<Obs>(o.kind); }
inline Observation make_obs(Obs kind) { return Observation(static_cast<int>(kind)); }

}  // namespace kibitz::laws_and_disorder
