// Spoon Nomic's seat streams (docs/rules/spoon_nomic.md, "What each seat
// sees"): the observation kinds, declared once here. Cards are written by
// their canonical numbers (env/cards: pack*52 + suit*13 + rank) and shown by
// name ("7D@fish").
//
// Who receives what:
//  - the receiver of a deal sees its card (kDealtSeen); every other seat sees
//    the Dealer's Report line for it: the receiver and the card's back only
//    (kDealtRed .. kDealtCorporate);
//  - a rejected roll is public as "the Dealer rolls again for P2", without
//    its face: the face would tell everyone that card is out of the Deck;
//  - proposals, votes and results are public;
//  - when the last nweek's vote is counted every hand is shown (kShows, in
//    chunks of at most kShowChunk cards, seat by seat).
// The dice server's roll log is not in any stream; SpoonState::roll_log()
// gives it to an auditor.
#pragma once

#include <cstdint>

#include "env/cards/card.h"
#include "env/core/observation.h"
#include "env/core/stream_spec.h"

namespace kibitz::spoon_nomic {

// The observation kinds, in the order of the StreamSpec (their index is
// Observation::kind). Each comment gives who receives it and its values.
enum class Obs : std::uint8_t {
  kDealtSeen,       // the receiver: "P2 is dealt 7D@fish" (seat, card)
  kDealtRed,        // the others: "P2 is dealt a red card" (seat)
  kDealtBlue,       // the others: "P2 is dealt a blue card" (seat)
  kDealtFish,       // the others: "P2 is dealt a fish card" (seat)
  kDealtCorporate,  // the others: "P2 is dealt a corporate card" (seat)
  kRollAgain,       // public: "the Dealer rolls again for P2" (seat): a rejected roll
  kProposal,        // public: "the proposal gives P1 -2 points" (seat, change)
  kVoteYes,         // public: "P1 votes yes" (seat)
  kVoteNo,          // public: "P1 votes no" (seat)
  kAbstain,         // public: "P1 abstains" (seat)
  kPasses,          // public: "the proposal passes 3 to 1" (yes, no)
  kFails,           // public: "the proposal fails 2 to 2" (yes, no)
  kNweek,           // public: "nweek 2 begins" (nweek, counted from 1)
  kShows,           // public, at the end: "P1 shows 7D AS@blue" (seat, cards)
};
inline constexpr int kNumObsKinds = static_cast<int>(Obs::kShows) + 1;

// The most cards one kShows observation lists: the seat, the list's length
// and its cards fill the 14 values of an Observation.
inline constexpr int kShowChunk = kMaxObservationValues - 2;

// `packs` decides the card names the stream knows (1 .. 52*packs; 0 is no card).
StreamSpec spoon_stream_spec(int packs);

inline Obs obs_kind(const Observation& o) { return static_cast<Obs>(o.kind); }
inline Observation make_obs(Obs kind) { return Observation(static_cast<int>(kind)); }

// The Dealer's Report kind for a back, and the back of a report kind.
inline Obs dealt_kind(cards::Back back) {
  return static_cast<Obs>(static_cast<int>(Obs::kDealtRed) + static_cast<int>(back));
}
inline bool is_report(Obs kind) { return kind >= Obs::kDealtRed && kind <= Obs::kDealtCorporate; }
inline cards::Back report_back(Obs kind) {
  return static_cast<cards::Back>(static_cast<int>(kind) - static_cast<int>(Obs::kDealtRed));
}

}  // namespace kibitz::spoon_nomic
