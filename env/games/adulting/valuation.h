// What a card is worth to a seat, in points of its final mantle score: the
// one valuation that the heuristic bot bids from and that the bid-and-claim
// report sets every bid against, so that "overbid" means the same thing in
// both. It reads only what the seat knows (its own mantle and hand are
// public or its own), never the true state.
//
// The measure (docs/rules/adulting.md "Valuing a card"): the seat's
// potential is the mantle score it would reach by scoring every card of its
// hand onto its mantle, each into the column that gains most (cards with one
// column first, then dual backs, then spades, which fit anywhere: the order
// in which a player keeps the most freedom). A card's value is the potential
// with the card added to the hand minus the potential without it. Effect
// cards are valued as mantle cards of their primary suit; what their effect
// is worth depends on the table, and the report keeps to points.
#pragma once

#include <array>
#include <cstdint>

#include "env/games/adulting/adulting_game.h"

namespace kibitz::adulting {

using Columns = std::array<std::uint8_t, kNumColumns>;

// The mantle score `columns` reach when the cards of `hand` are scored onto
// them in the order above.
int mantle_potential(const AdultingGame& game, Columns columns, CardMask hand);

// The points card `card` adds to the potential of a seat with this mantle
// and hand (0 when the card cannot be scored at all).
int marginal_value(const AdultingGame& game, const Columns& columns, CardMask hand, int card);

}  // namespace kibitz::adulting
