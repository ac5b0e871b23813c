// The seat stream of Adulting: the observation kinds each seat receives
// (env/core/observation.h), declared once here, the legal system's included,
// so the list (and every kind's index) stays stable as the game grows.
//
// Rules of the stream (the core contract, env/core/state.h):
//  - every move (chance included) adds at least one observation to every
//    seat's stream: the move as that seat saw it ("P1 scores H3 in hearts";
//    "your truth is adult" to the seat, "P2 gets a truth" to the others;
//    "you bid 3" / "P2 commits a bid");
//  - the events nobody chooses follow the move that caused them, to every
//    seat: a round's start, income, a claim's verdict, the bids shown at
//    the reveal, who takes the card, refunds, payments, the end and every
//    seat's points;
//  - private facts go to the seats that see them: your truth, your bid, the
//    hand your Peek shows you ("P2 holds H3 C1", after the public "P1 peeks
//    at P2"), the card a Steal takes (to the thief and the target), your
//    measurement, whether a ruling was right (to the eliminated and the
//    dealer), the extra taken from the bank (to the taker, and to each
//    watcher right after "P3 watches": "you see P2 take 2 extra"). What
//    oral arguments show, and the extra of a thief who is called out, are
//    public.
//
// Cards are written by their deck names ("H3", "Tax"); the back of the top
// card by its back class, "H-back", "H/C-back", "D+tax1-back" (card names
// are letters and digits, so these never clash). Seats are absolute, P0 ..
// P7. Columns are words: the three score kinds differ only in the column.
#pragma once

#include <cstdint>
#include <span>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"
#include "env/games/adulting/cards.h"

namespace kibitz::adulting {

// The observation kinds, in the order of the StreamSpec (their index is
// Observation::kind). Each comment gives who receives it.
enum class Obs : std::uint8_t {
  // --- Rounds, the deck and the draw (public) ------------------------------
  kRound,           // "round 2 dealer P1": round (1-based), dealer
  kTopBack,         // "top card H/C-back": the new top card's back
  kDraws,           // "P1 draws H3": dealer, card (its front read out)
  kIncome,          // "everyone takes 2": variant=bidding income
  // --- Scoring phase (public unless noted) -----------------------------------
  kScoreHearts,     // "P1 scores H3 in hearts"
  kScoreClubs,      // "P1 scores C3 in clubs"
  kScoreDiamonds,   // "P1 scores S1 in diamonds"
  kDiscards,        // "P1 discards Tax": an effect card played for its effect
  kPasses,          // "P1 passes"
  kBank,            // "P1 takes 3 from the bank": effects, work pay
  kPays,            // "P2 pays P1 1": tax, fines, lawsuits
  kPeeks,           // "P1 peeks at P2"
  kHandSeen,        // "P2 holds H3 C1": to the peeker (long hands: several)
  kStealsFrom,      // "P1 steals from P2"
  kTakes,           // "P1 takes H3 from P2": to the thief and the target
  kTakesACard,      // "P1 takes a card from P2": to the others
  // --- Sorting -------------------------------------------------------------------
  kTruthAdult,      // "your truth is adult": private
  kTruthChild,      // "your truth is child": private
  kTruthTo,         // "P2 gets a truth": to the others
  kClaimAdult,      // "P1 claims adult"
  kClaimChild,      // "P1 claims child"
  kVoteUp,          // "P2 votes up" (sorting and the legal system)
  kVoteDown,        // "P2 votes down"
  kStands,          // "P1's claim stands"
  kFalls,           // "P1's claim falls"
  // --- Bidding -------------------------------------------------------------------
  kYouBid,          // "you bid 3": private until the reveal
  kCommits,         // "P2 commits a bid": to the others
  kBidShown,        // "P2 bid 3": at the reveal, one per bidder in order
  kWins,            // "P1 takes H3 for 3"
  kRefund,          // "P2 is refunded 3": a tie refund
  kNoTaker,         // "nobody qualifies: H3 is discarded"
  // --- The end -------------------------------------------------------------------
  kEndSpade,        // "game over: third spade"
  kEndDeck,         // "game over: the deck is empty"
  kPoints,          // "P1 has 23 points": every seat, in seat order
  // --- Work phase (variant=full) ---------------------------------------------
  kEliminated,      // "P2 is eliminated": category, public
  kNoRuling,        // "no ruling on P2"
  kRuling,          // "ruling on P2": to those who do not know if it is right
  kRulingRight,     // "ruling on P2: right": to the eliminated and the dealer
  kRulingWrong,     // "ruling on P2: wrong"
  kMeasured,        // "your measurement is 4": rank, private
  kMeasuredTo,      // "P2 is measured": to the others
  kDeclares,        // "P2 declares 6"
  kPayout,          // "P2's payout is 2"
  kQuality,         // "P2 performs at 7": challenge, public
  kRanks,           // "P0 ranks P2 next": the dealer's ranking, best first
  kDisqualified,    // "P2 is disqualified"
  // --- Legal system (legal=true, variant=full) -------------------------------
  kAppeals,         // "P2 appeals"
  kNoAppeal,        // "P2 accepts the ruling"
  kEvidenceNone,    // "oral arguments show nothing"
  kEvidenceRight,   // "oral arguments: the ruling on P2 was right"
  kEvidenceWrong,   // "oral arguments: the ruling on P2 was wrong"
  kEvidenceMeasure, // "oral arguments: P2 measured 4"
  kEvidenceFair,    // "oral arguments: the ranking follows the qualities"
  kEvidenceCorrupt, // "oral arguments: the ranking does not follow the qualities"
  kOverturned,      // "the ruling on P2 is overturned"
  kUpheld,          // "the ruling on P2 is upheld"
  kSues,            // "P3 sues P2"
  kNoSuit,          // "P3 does not sue"
  kProposes,        // "P3 proposes a price of 4"
  kAllows,          // "P0 allows the case"
  kDismisses,       // "P0 dismisses the case"
  kSetsPrice,       // "P0 sets the price at 3"
  kConcedes,        // "P2 concedes"
  kFights,          // "P2 fights"
  kGuilty,          // "P2 is found guilty"
  kNotGuilty,       // "P2 is found not guilty"
  kYouTakeExtra,    // "you take 2 extra": private
  kChoosesExtra,    // "P2 chooses an extra": to the others
  kWatches,         // "P3 watches"
  kDoesNotWatch,    // "P3 does not watch"
  kSeesExtra,       // "you see P2 take 2 extra": to a watcher
  kCallsOut,        // "P3 calls out P2"
  kStaysQuiet,      // "P3 stays quiet"
  kImpeaches,       // "P3 moves to impeach"
  kNoImpeach,       // "P3 does not impeach"
  kImpeachPasses,   // "the impeachment by P3 passes"
  kImpeachFails,    // "the impeachment by P3 fails"
  // --- Added with the legal system (after the reserved kinds: indices stay) ---
  kPaysBank,        // "P2 pays the bank 4": a fine, public
  kExtraShown,      // "P2 took 2 extra": public when called out
};
inline constexpr int kNumObsKinds = static_cast<int>(Obs::kExtraShown) + 1;

inline Obs obs_kind(const Observation& o) { return static_cast<Obs>(o.kind); }
inline Observation make_obs(Obs kind) { return Observation(static_cast<int>(kind)); }

// Cards per kHandSeen observation (a list is its length and its cards).
inline constexpr int kHandSeenChunk = 12;

// The declaration of the kinds above for a deck: card i is the deck's
// card i, and back class k is written at index deck.size() + k.
StreamSpec adulting_stream_spec(const Deck& deck, const std::vector<std::string>& back_names);

}  // namespace kibitz::adulting
