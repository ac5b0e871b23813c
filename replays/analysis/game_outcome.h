// The public outcome of a game: what everyone at the table saw it come to,
// read from a State (finished or not) so that exports and arena outputs
// need not re-simulate it themselves.
//
//  * Loyalist Spies, per round: every revealed mission (its card and terms,
//    the revealed set, its total and result; never who played which card),
//    and, once the round is scored, each seat's role, points and total.
//  * Kuhn and Leduc poker: whether the hand ended at a showdown or by
//    folds, who folded, the cards shown at the showdown (Leduc: and the
//    public card), and who took the pot.
//  * Other games: nothing but whether the game is over.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "env/core/game.h"
#include "env/core/state.h"
#include "env/games/loyalist_spies/scoring.h"

namespace kibitz::replays::analysis {

// A mission of Loyalist Spies as the table saw it once revealed.
struct MissionOutcome {
  int index = 0;       // 0-based within the round
  int determiner = 0;  // the seat whose flip made the mission
  int card = -1;       // the mission card
  int kings = 0;       // Kings flipped before it this turn (+2 VP each)
  loyalist_spies::MissionTerms terms;
  std::vector<int> revealed;  // the whole set, deck and hand cards, in card order
  int total = 0;
  bool success = false;
};

// One round of Loyalist Spies.
struct RoundOutcome {
  int index = 0;  // 0-based
  int first_determiner = 0;
  std::vector<MissionOutcome> missions;     // revealed missions, in order
  bool scored = false;                      // false for a round cut short
  std::vector<loyalist_spies::Role> roles;  // by seat; filled when scored
  std::vector<int> points;                  // this round's, by seat
  std::vector<int> totals;                  // after the round, by seat
};

// A card a seat showed at a poker showdown.
struct ShownCard {
  int seat = 0;
  std::string card;  // as the game writes it: "K", "Qh"
};

// How a hand of Kuhn or Leduc poker ended.
struct PokerOutcome {
  bool showdown = false;         // false: everyone but one seat folded
  std::vector<int> folded;       // seats that folded, in the order they did
  std::vector<ShownCard> shown;  // the showdown's cards, by seat (empty after folds)
  std::string public_card;       // Leduc's board card, "" when none was turned
  std::vector<int> winners;      // seats with the highest return (several on a split pot)
};

// The public outcome of one game.
struct GameOutcome {
  std::string game;                   // the registered name, e.g. "loyalist_spies"
  bool finished = false;              // the state is terminal
  bool played_in_rounds = false;      // a game of rounds (Loyalist Spies): `rounds` is meant
  std::vector<RoundOutcome> rounds;   // Loyalist Spies only
  std::optional<PokerOutcome> poker;  // Kuhn and Leduc poker, once finished
};

// The outcome of the game `state` has played so far.
GameOutcome public_outcome(const State& state);

// Whether the game deals roles to its seats (Loyalist Spies does, round by
// round), so that outputs know before any game is played.
bool game_has_roles(const Game& game);

// Each seat's role in every scored round, one letter a round in round order:
// L (Loyal), T (Traitor), C (Compromised); e.g. "TLL" for a seat that was a
// Traitor in round 1 and Loyal in rounds 2 and 3. Empty strings for a game
// without roles.
std::vector<std::string> role_letters(const State& state);

}  // namespace kibitz::replays::analysis
