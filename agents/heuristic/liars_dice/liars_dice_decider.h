// Rules of thumb for Liar's Dice (env/games/liars_dice/), read from the
// seat's stream alone: the decider folds each new observation into the
// game's LiarsDiceKnowledge (its own dice, the bids) once, and on its turn
// weighs the two ways to go on, each as the chance of winning if the next
// seat challenges at once:
//  - liar wins when the last bid is false: 1 - P(last bid holds);
//  - a raise wins when it holds: P(raise holds), for the most likely raise.
// P(bid holds) counts the seat's own matching dice (the face and the wild
// top face) and treats every other die as unseen and uniform, as chance
// rolled it. It calls liar when that wins more often by more than
// `challenge_margin`, else makes the most likely raise (the lowest of
// equals, so it keeps the bidding slow).
//
// No Agent here: liars_dice_heuristic.h wraps it for the `heuristic` agent
// (feeds it the new observations of a SeatView, then asks decide()), and its
// tests drive it from a State's streams directly.
#pragma once

#include <memory>

#include "env/core/observation.h"
#include "env/core/types.h"
#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice::bot {

struct LiarsDiceParams {
  // How much more often liar must win than the best raise before it is
  // called (0: whichever wins more often; ties raise).
  double challenge_margin = 0.0;
};

// P(X >= needed) for X ~ Binomial(trials, p); 1 when needed <= 0.
double at_least(int needed, int trials, double p);

class LiarsDiceDecider {
 public:
  LiarsDiceDecider(std::shared_ptr<const LiarsDiceGame> game, Player seat, LiarsDiceParams params = {});

  // The next observation of the seat's stream (a KibitzError names one that
  // does not fit what came before).
  void read(const Observation& o);
  const LiarsDiceKnowledge& knowledge() const { return known_; }

  // P(bid holds) given the seat's own dice and uniform unseen dice.
  double chance_true(Bid bid) const;
  // Whether it is this seat's turn to bid or call, by its stream.
  bool to_act() const;
  // The action to take; the seat must be to act.
  Action decide() const;

 private:
  std::shared_ptr<const LiarsDiceGame> game_;
  Player seat_;
  LiarsDiceParams params_;
  LiarsDiceKnowledge known_;
};

}  // namespace kibitz::liars_dice::bot
