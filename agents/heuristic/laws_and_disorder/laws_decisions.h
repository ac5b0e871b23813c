// The Laws and Disorder heuristic's choices, one per kind of step, each
// made from a Valuation (env/games/laws_and_disorder/valuation.h) of the seat's Knowledge and the
// legal actions:
//  - the main step: the best of making the best law the hand can finish,
//    playing a job card (the table's WHEN laws, the Banker's double pay and
//    this turn's law under the new position, less the card), an ability
//    (its effect on the table and the ability triggers, less its $2, only
//    when that beats ability_margin), or ending the turn;
//  - building: the next card of the best law that extends what is built;
//  - picks: give or discard the card worth least to keep; as thief, take
//    the card worth most to have;
//  - recipients: the seat whose gain hurts me least (never the leader when
//    there is a choice), the poorest among equals.
// Exact ties go to the seat's Rng, so a seed gives one game's choices.
#pragma once

#include "env/games/laws_and_disorder/valuation.h"
#include "env/core/rng.h"
#include "env/core/types.h"

#include <vector>

namespace kibitz::laws_and_disorder::bot {

// An action and what the heuristic thinks it is worth (monies, me against
// the leader).
struct Choice {
  Action action = kInvalidAction;
  double value = 0.0;
};

// Breaks exact ties with the seat's Rng, and keeps the actions tied at the
// last choice, so that the agent can report its choice as uniform among them
// (DecisionInfo::policy) rather than as the one it happened to draw.
class TieBreaker {
 public:
  explicit TieBreaker(Rng& rng) : rng_(rng) {}
  // The best of `choices` (not empty), exact ties drawn uniformly.
  Action best_of(const std::vector<Choice>& choices);
  // The actions tied at the last best_of; forget() empties it.
  const std::vector<Action>& tied() const { return tied_; }
  void forget() { tied_.clear(); }

 private:
  Rng& rng_;
  std::vector<Action> tied_;
};

Action main_choice(const Valuation& v, const LawsParams& params, const ActionList& legal,
                   TieBreaker& ties);
Action build_choice(const Valuation& v, const ActionList& legal, TieBreaker& ties);
Action pick_choice(const Valuation& v, const ActionList& legal, TieBreaker& ties);
Action recipient_choice(const Valuation& v, const ActionList& legal, TieBreaker& ties);

// The worth of one legal main-step action (a law start, a job card, an
// ability net of its cost; 0 for end-turn): what main_choice compares.
double main_value(const Valuation& v, Action action, const ActionList& legal);

}  // namespace kibitz::laws_and_disorder::bot
