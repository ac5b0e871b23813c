// Exact beliefs about who holds which ace. Every assignment of aces to seats
// is equally likely a priori (they are dealt at random) and the reference
// policy ignores suits, so cards played never tell anything about aces: only
// what Jacks showed does. The posterior is then uniform over the assignments
// that fit the viewer's knowledge, and there are at most 4! of them, so it is
// enumerated rather than sampled.
#pragma once

#include <array>

namespace kibitz::replays::analysis {

// What a viewer knows about aces.
struct SuitKnowledge {
  int num_players = 4;
  std::array<int, 4> known{-1, -1, -1, -1};  // a seat's suit the viewer knows, or -1
  std::array<unsigned, 4> excluded{};        // per seat, a bit per suit ruled out
};

// [seat][suit]: the probability that the seat's ace is of that suit (zero
// rows for seats beyond num_players). Throws KibitzError when no assignment
// fits the knowledge (contradictory input).
std::array<std::array<double, 4>, 4> suit_posterior(const SuitKnowledge& knowledge);

}  // namespace kibitz::replays::analysis
