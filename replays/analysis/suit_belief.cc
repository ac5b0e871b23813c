#include "replays/analysis/suit_belief.h"

#include "env/core/error.h"

namespace kibitz::replays::analysis {
namespace {

// Visits every injective assignment of suits to the seats from `seat` on
// that fits `knowledge`, counting each (seat, suit) pair in `counts`.
void enumerate(const SuitKnowledge& knowledge, int seat, unsigned used, std::array<int, 4>& suits,
               std::array<std::array<double, 4>, 4>& counts, int& fitting) {
  if (seat == knowledge.num_players) {
    ++fitting;
    for (int s = 0; s < knowledge.num_players; ++s) {
      counts[static_cast<std::size_t>(s)]
            [static_cast<std::size_t>(suits[static_cast<std::size_t>(s)])] += 1.0;
    }
    return;
  }
  const auto i = static_cast<std::size_t>(seat);
  for (int suit = 0; suit < 4; ++suit) {
    if ((used >> suit) & 1u) continue;
    if ((knowledge.excluded[i] >> suit) & 1u) continue;
    if (knowledge.known[i] >= 0 && knowledge.known[i] != suit) continue;
    suits[i] = suit;
    enumerate(knowledge, seat + 1, used | (1u << suit), suits, counts, fitting);
  }
}

}  // namespace

std::array<std::array<double, 4>, 4> suit_posterior(const SuitKnowledge& knowledge) {
  if (knowledge.num_players < 1 || knowledge.num_players > 4) {
    throw error("suit_posterior: ", knowledge.num_players, " players (1 to 4 allowed)");
  }
  std::array<std::array<double, 4>, 4> counts{};
  std::array<int, 4> suits{};
  int fitting = 0;
  enumerate(knowledge, 0, 0u, suits, counts, fitting);
  if (fitting == 0) throw error("suit_posterior: no assignment of aces fits what is known");
  for (auto& row : counts) {
    for (double& p : row) p /= fitting;
  }
  return counts;
}

}  // namespace kibitz::replays::analysis
