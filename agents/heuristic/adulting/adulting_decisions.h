// The Adulting heuristic's rules of thumb, one function per decision, each
// reading only the seat's Table (adulting_table.h: its stream, digested).
// They are free functions so that tests can call them on a Table fed with
// scripted observations, without a game reaching that spot.
//
// Units: a card's worth is in mantle points (valuation.h marginal_value);
// money is worth what it buys, so bids scale points by the money the seat
// has per round that probably remains.
#pragma once

#include <cstdint>

#include "agents/heuristic/adulting/adulting_table.h"
#include "env/core/rng.h"
#include "env/core/types.h"

namespace kibitz::adulting::bot {

// The tunables (the agent's parameters; agents/heuristic/adulting/manifest.cc declares them).
struct BotParams {
  double lie_rate = 0.1;       // chance of claiming adult when the truth is child
  double bid_scale = 4.0;      // bid = bid_scale * value * money / rounds left
  double vote_z = 1.5;         // vote a claim down past this surprise (z-score)
  double bluff_rate = 0.2;     // chance of inflating a rank declaration by 1 or 2
  double sue_threshold = 0.12;  // sue a declaration less plausible than this
  double extra_rate = 0.0;     // chance of taking 1 extra from a bank payment
};

// --- What things are worth ------------------------------------------------------

// Rounds that probably remain, this one included (the deck left; fewer once
// two spades are down, since the third ends the game at any scoring).
int rounds_left(const Knowledge& k);
// Scoring phases `seat` will still play, counted from after this round's
// draw (with scoring=dealer only those where it deals).
int scoring_turns_left(const Knowledge& k, int seat);
// The points `card` would add to `seat`'s final mantle: its marginal value,
// or, when the seat holds more cards than it can still score, what it adds
// over the weakest card it would then leave out (0 when it would be left).
int card_value(const Knowledge& k, int seat, int card);
// A seat's standing: the mantle score its known hand would reach.
int standing(const Knowledge& k, int seat);

// --- Sorting and bidding ------------------------------------------------------------

// Claim adult (true) or child: the truth, except a child lies with lie_rate.
bool claim_adult(const Table& t, const BotParams& p, Rng& rng);
// How surprising `seat`'s adult claims are if it claims honestly: the
// z-score of its adult count against the cards' adult chances.
double claim_surprise(const Table& t, int seat);
// Vote down the adult claim of `claimer`: a surprising record, or a less
// surprising one when the card would lift the claimer past this seat.
bool vote_down_claim(const Table& t, const BotParams& p, int claimer);
// The sealed bid, 0..max_bid.
int bid_amount(const Table& t, const BotParams& p, int max_bid);

// --- Work phase and the legal system ---------------------------------------------

// Chance that a contestant measured at least `seat`'s declaration, given
// how many of this round's declarations are that high or higher (uniform
// measurements 0..9): low means implausible.
double declaration_plausibility(const Table& t, int seat);
bool should_sue(const Table& t, const BotParams& p);
// The price a prosecutor proposes (1..max_price).
int proposed_price(const Table& t, const BotParams& p, int max_price);
bool allow_case(const Table& t, const BotParams& p);
// The price the dealer sets (1..max_price, the proposal).
int set_price(const Table& t, const BotParams& p, int max_price);
// A defendant concedes only when its declaration was inflated.
bool concede(const Table& t);
bool should_appeal(const Table& t);
bool should_impeach(const Table& t);
bool call_out(const Table& t);
// The vote in the step the stream opened last (a claim or a legal vote):
// true is up.
bool vote_up(const Table& t, const BotParams& p);

// --- Choices among the legal actions ------------------------------------------------

// Scoring phase: an effect card when useful, else the best mantle gain.
Action scoring_choice(const Table& t, const ActionList& legal);
// Whom a Peek or Steal names.
Action target_choice(const Table& t, const ActionList& legal);
// The declared value (legal: the declare actions from the measurement up).
Action declare_choice(const BotParams& p, const ActionList& legal, Rng& rng);
// The challenge's next-ranked contestant: the best public quality.
Action rank_choice(const Table& t, const ActionList& legal);

}  // namespace kibitz::adulting::bot
