// The seat stream of Loyalist Spies: the observation kinds each seat
// receives (env/core/observation.h), declared once here. Everything that
// acts or speaks for a seat (the information-state string, world sampling,
// the engine protocol, `kibitz seat`, the replay views and reports) reads a
// seat's knowledge from these observations alone.
//
// Rules of the stream (the core contract, env/core/state.h):
//  - every history entry (chance included) adds exactly one *primary*
//    observation to every seat's stream, in the order of the game's event
//    log: the move as that seat saw it ("dealt 7H" for the seat dealt the
//    card, "P2 is dealt a card" for the others);
//  - the events nobody chooses (a seat playing nothing, a mission's reveal,
//    each seat's round-end reveal) add one primary observation each, right
//    after the move that caused them, to every seat;
//  - a few private facts add a *secondary* observation after the primary
//    one, to the seats that see them: the cards already fixed on top when a
//    seat's Queen is flipped (kAlreadyOnTop), and an ace seen through a Jack
//    (kAceSeen). is_primary() tells them apart.
// So the i-th primary observation of every seat's stream describes entry i
// of LoyalistSpiesState::log(): replays and reports key their points by it.
//
// Cards are the game's indices (cards.h), written by their names ("7H",
// "TD", "Jk", "Jk2"). Seats are absolute and written P0 .. P3; the viewer's
// own private facts are written without a seat ("you play QS"). Card lists
// are written in ascending card index (suit D S H C, then rank), except the
// top-of-deck lists, which go top card first.
#pragma once

#include <cstdint>
#include <span>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"

namespace kibitz::loyalist_spies {

// The observation kinds, in the order of the StreamSpec (their index is
// Observation::kind). Each comment gives the text form, the values in order,
// who receives it and when.
enum class Obs : std::uint8_t {
  // --- Set-up (one per chance or keep move) --------------------------------
  kOwnAce,       // "your ace is AS": ace. The seat's own ace is dealt.
  kAceTo,        // "P2 gets an ace": seat. Another seat's ace is dealt, face down.
  kDealt,        // "dealt 7H": card. A card dealt to the viewer.
  kDealtTo,      // "P2 is dealt a card": seat. A card dealt to another seat.
  kKeep,         // "you keep 7H": card. The viewer keeps a card (deal=keep5).
  kKept,         // "P2 keeps a card": seat. Another seat keeps a card.
  // --- Turns ----------------------------------------------------------------
  kFlip,         // "P1 flips KH": seat (the determiner), card. Public.
  kAlreadyOnTop, // "already on top 9C 3D": cards, top first. Secondary, to the
                 //   determiner only, right after the flip of its Queen when an
                 //   earlier Queen left cards fixed on top: it now sees them.
  kJackMatch,    // "P1 looks at P2's ace: match": seat (determiner), target.
                 //   Public: the target's ace is the Jack's suit.
  kJackNoMatch,  // "P1 looks at P2's ace: no match": seat, target. Public: the
                 //   target's suit is not the Jack's.
  kAceSeen,      // "P2's ace is AH": seat, ace. Secondary, after a Jack look:
                 //   to the determiner (the target's ace), and on a match to
                 //   the target (the determiner's ace, shown to it).
  kQueenShows,   // "queen shows 9C": card. The viewer's Queen shows it the
                 //   next deck card (one per chance move of the Queen).
  kQueenShowsTo, // "queen shows P1 a card": seat. Another seat's Queen shows it a card.
  kOrder,        // "you order 9C 3D KH": cards, the new top, top first. The
                 //   viewer orders the cards its Queen showed (with those already on top).
  kReordered,    // "P1 reorders the top cards": seat. Another seat's order.
  kFaceDown,     // "a card goes face down": no values. Public: a deck card
                 //   goes face down onto the mission (one per chance move).
  kPlay,         // "you play QS": card. The viewer's card on the mission.
  kPlays,        // "P1 plays": seat. Another seat plays a card face down.
  kNoPlay,       // "P1 plays nothing": seat. Public and derived: that seat holds
                 //   nothing but Jokers (or nothing at all), so it plays none.
  kReveal,       // "mission 8D revealed 3H QS 8H 7C 4D total 54": mission card,
                 //   set (ascending card index), total. Public and derived, after
                 //   the last play: the mission's cards and their total.
  kDraw,         // "you draw 9D": card. The viewer draws (suit effect or refill).
  kDraws,        // "P2 draws a card": seat. Another seat draws.
  kDiscard,      // "you discard 4C": card. The viewer discards (hearts_failure=discard).
  kDiscards,     // "P2 discards a card": seat. Another seat discards, face down.
  // --- Round end (derived, one per seat in seat order, to every seat) ---------
  kLoyal,        // "P2 reveals AH Loyal +5": seat, ace, points.
  kCompromised,  // "P2 reveals AH Compromised +4": seat, ace, points.
  kTraitor,      // "P2 reveals AH Jk Traitor +11": seat, ace, Jokers held, points.
};
inline constexpr int kNumObsKinds = static_cast<int>(Obs::kTraitor) + 1;

// Whether an observation of this kind describes an entry of the event log
// (all but kAlreadyOnTop and kAceSeen).
inline constexpr bool is_primary(Obs kind) {
  return kind != Obs::kAlreadyOnTop && kind != Obs::kAceSeen;
}
inline Obs obs_kind(const Observation& o) { return static_cast<Obs>(o.kind); }

// The declaration of the kinds above, for LoyalistSpiesGame::stream_spec().
StreamSpec spies_stream_spec();

// Reads a card list of an observation (its count, then its cards) starting
// at value `at`; returns the cards as written.
inline std::span<const std::int16_t> card_list(const Observation& o, int at) {
  return o.used().subspan(static_cast<std::size_t>(at + 1), static_cast<std::size_t>(o.value(at)));
}

}  // namespace kibitz::loyalist_spies
