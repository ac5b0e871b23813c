// The reference policy of the belief filter: how the observer assumes every
// seat plays, to weigh what it sees. It is the `heuristic` agent's rules of
// thumb read on card values (agents/heuristic/loyalist_spies/loyalist_spies_heuristic.h),
// softened by mixing in `epsilon` of uniform choice, so that no legal move is
// impossible to the observer and a seat that plays against the rules of
// thumb (a bluff) lowers the likelihood of a world instead of ruling it out:
//  - keep: a seat dealt a Joker keeps its Jokers and highest cards with
//    probability joker_keep, else its five lowest pack cards; with
//    probability epsilon, any five of its dealt cards instead;
//  - play: a Traitor (a seat holding a Joker) plays its highest value, a
//    loyal seat its lowest; with probability epsilon, any of its pack cards;
//  - discard (hearts_failure=discard): a loyal seat drops its highest card,
//    a Traitor its lowest pack card (a Joker when it has nothing else); with
//    probability epsilon, any card.
// Suits never enter it, which is why the filter can treat aces apart.
#pragma once

#include <array>

#include "env/core/rng.h"
#include "replays/analysis/card_counts.h"

namespace kibitz::replays::analysis {

// The softened heuristic, on hands given as counts of values.
class ReferencePolicy {
 public:
  ReferencePolicy(double epsilon, double joker_keep);

  double epsilon() const { return epsilon_; }
  double joker_keep() const { return joker_keep_; }

  // The probability of playing a card of each value from `hand`; Jokers (0)
  // and values not held get 0. All zero when the hand holds no pack card.
  std::array<double, kNumValues> play_probabilities(const ValueCounts& hand) const;

  // The five cards kept from `dealt`, drawn from the policy.
  ValueCounts sample_keep(const ValueCounts& dealt, Rng& rng) const;

  // The value of the card discarded from a non-empty `hand`, drawn from the policy.
  int sample_discard(const ValueCounts& hand, Rng& rng) const;

 private:
  double epsilon_;
  double joker_keep_;
};

}  // namespace kibitz::replays::analysis
