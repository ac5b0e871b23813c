// Rules of thumb for Loyalist Spies, read from the seat's information-state
// tensor (loyalist_spies::decode_information_state) and the legal actions:
//  - keep: a seat dealt a Joker keeps it with probability joker_keep (it is
//    then a Traitor and keeps its Jokers and its highest cards); otherwise it
//    keeps its five lowest cards (low totals make missions succeed);
//  - play: a Traitor (anyone holding a Joker) plays its highest card, a loyal
//    seat its lowest;
//  - discard: a loyal seat drops a Joker if it has one, else its highest card;
//    a Traitor drops its lowest non-Joker;
//  - Jack: look at a seat whose suit it does not know yet;
//  - Queen: loyal seats put low cards on top, Traitors high ones.
//
// Where it chooses at random (whether to keep its Jokers, which seat the
// Jack looks at) it reports the probabilities of its moves
// (DecisionInfo::policy), so a belief model (agents/search/belief_model.h)
// weighs those moves exactly; elsewhere it reports nothing: its move is
// certain.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "env/core/rng.h"
#include "env/games/loyalist_spies/cards.h"

namespace kibitz {

class LoyalistSpiesHeuristic : public Agent {
 public:
  LoyalistSpiesHeuristic(double joker_keep, std::uint64_t seed);

  std::string spec() const override;
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override {
    rng_ = Rng(seed);
    keep_plan_ = 0;
    return true;
  }
  Action act(const SeatView& view) override;
  // Null where the move was certain (nothing random to report).
  const DecisionInfo* last_decision() const override {
    return decision_.policy.empty() ? nullptr : &decision_;
  }

 private:
  // The keep phase: the plan of the round's five cards, drawn at its first
  // keep (with the probabilities reported) or, should the cards kept so far
  // not fit the plan (a world a search sampled, whose earlier keeps were
  // drawn blindly), the plan they fit.
  Action keep(const loyalist_spies::CardMask hand, loyalist_spies::CardMask kept);
  // The next card of `plan` not yet kept, as a keep action.
  Action next_keep(loyalist_spies::CardMask plan, loyalist_spies::CardMask kept) const;

  DecisionInfo decision_;
  double joker_keep_;
  Rng rng_;
  std::vector<float> tensor_;
  ActionList legal_;
  loyalist_spies::CardMask keep_plan_ = 0;  // the five cards chosen at the first keep of a round
};

}  // namespace kibitz
