#include "env/games/adulting/valuation.h"

#include <bit>

namespace kibitz::adulting {

namespace {

// Places one card into the allowed column that gains most (the first such
// column on a tie, so the result does not depend on anything but the input).
void place_best(Columns& columns, std::uint8_t allowed) {
  int best_column = -1;
  int best_score = -1;
  for (int column = 0; column < kNumColumns; ++column) {
    if ((allowed & (1u << column)) == 0) continue;
    Columns trial = columns;
    ++trial[static_cast<std::size_t>(column)];
    const int score = mantle_score(trial);
    if (score > best_score) {
      best_score = score;
      best_column = column;
    }
  }
  if (best_column >= 0) ++columns[static_cast<std::size_t>(best_column)];
}

}  // namespace

int mantle_potential(const AdultingGame& game, Columns columns, CardMask hand) {
  // Three passes: cards that fit one column, then two, then three (spades),
  // so that a flexible card is placed once the fixed ones are down.
  for (int fits = 1; fits <= kNumColumns; ++fits) {
    for (CardMask rest = hand; rest != 0; rest &= rest - 1) {
      const std::uint8_t allowed = game.card(std::countr_zero(rest)).columns;
      if (std::popcount(static_cast<unsigned>(allowed)) == fits) place_best(columns, allowed);
    }
  }
  return mantle_score(columns);
}

int marginal_value(const AdultingGame& game, const Columns& columns, CardMask hand, int card) {
  const CardMask without = hand & ~card_bit(card);
  return mantle_potential(game, columns, without | card_bit(card)) -
         mantle_potential(game, columns, without);
}

}  // namespace kibitz::adulting
