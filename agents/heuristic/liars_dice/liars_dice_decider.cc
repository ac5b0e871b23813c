#include "agents/heuristic/liars_dice/liars_dice_decider.h"

#include <algorithm>
#include <cmath>

#include "env/core/error.h"

namespace kibitz::liars_dice::bot {

double at_least(int needed, int trials, double p) {
  if (needed <= 0) return 1.0;
  if (needed > trials) return 0.0;
  if (p >= 1.0) return 1.0;  // two sides: a bid on 1s matches every die
  // Sum the tail P(X = k), k = needed..trials, the terms built one from the
  // last (at most 20 dice: no overflow, no loss worth a log form).
  double term = std::pow(1.0 - p, trials);  // P(X = 0)
  double below = 0.0;
  for (int k = 0; k < needed; ++k) {
    below += term;
    term *= (p / (1.0 - p)) * static_cast<double>(trials - k) / static_cast<double>(k + 1);
  }
  return std::max(0.0, 1.0 - below);
}

LiarsDiceDecider::LiarsDiceDecider(std::shared_ptr<const LiarsDiceGame> game, Player seat, LiarsDiceParams params)
    : game_(std::move(game)), seat_(seat), params_(params), known_(*game_, seat) {}

void LiarsDiceDecider::read(const Observation& o) { known_.read(o); }

double LiarsDiceDecider::chance_true(Bid bid) const {
  const int wild = game_->sides();
  int mine = 0;
  for (int i = 0; i < game_->dice_per_player(); ++i) {
    const int face = known_.own_die(i);
    mine += face == bid.face || face == wild ? 1 : 0;
  }
  // An unseen die matches on the face or the wild face (one face when the
  // bid is on the wild face itself).
  const double p = bid.face == wild ? 1.0 / wild : 2.0 / wild;
  const int unseen = game_->total_dice() - game_->dice_per_player();
  return at_least(bid.quantity - mine, unseen, p);
}

bool LiarsDiceDecider::to_act() const {
  return known_.num_rolls() == game_->total_dice() && !known_.challenged() &&
         known_.num_bids() % game_->num_players() == seat_;
}

Action LiarsDiceDecider::decide() const {
  KIBITZ_CHECK(to_act(), "liars_dice heuristic: seat P", seat_, " is not to act by its stream");
  const Action liar = game_->liar_action();
  const Action first_raise = known_.num_bids() == 0 ? 0 : known_.bid(known_.num_bids() - 1) + 1;
  Action best_raise = kInvalidAction;
  double best = -1.0;
  for (Action a = first_raise; a < liar; ++a) {
    const double chance = chance_true(game_->bid_of(a));
    if (chance > best) {
      best = chance;
      best_raise = a;
    }
  }
  if (known_.num_bids() == 0) return best_raise;
  const double liar_wins = 1.0 - chance_true(game_->bid_of(known_.bid(known_.num_bids() - 1)));
  if (best_raise == kInvalidAction || liar_wins > best + params_.challenge_margin) return liar;
  return best_raise;
}

}  // namespace kibitz::liars_dice::bot
