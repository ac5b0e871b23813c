#include "env/games/tea_game/showdown.h"

#include <algorithm>
#include <array>
#include <optional>

#include "env/core/error.h"

namespace kibitz::tea_game {

bool is_joker(cards::Card card) { return card.id() == kJokerId; }
bool is_reverse_joker(cards::Card card) { return card.id() == kReverseJokerId; }

int card_value(cards::Card card, bool aces_low) {
  if (card.is_joker()) return 0;
  const int rank = card.rank();
  if (rank == cards::kAce) return aces_low ? 1 : 14;
  return rank;
}

HandWorth hand_worth(std::span<const cards::Card> hand, bool aces_low) {
  std::array<int, 15> count{};  // by value, 1..14
  int lowest = 0;
  for (cards::Card card : hand) {
    const int value = card_value(card, aces_low);
    if (value == 0) continue;
    ++count[static_cast<std::size_t>(value)];
    if (lowest == 0 || value < lowest) lowest = value;
  }
  if (lowest == 0) return {};
  HandWorth best{1, lowest};
  for (int value = 1; value <= 14; ++value) {
    const int n = count[static_cast<std::size_t>(value)];
    // The biggest set wins; between sets of one size, the higher value.
    if (n >= 2 && (n > best.set_size || (n == best.set_size && value > best.value)))
      best = {n, value};
  }
  return best;
}

namespace {

// Odd one out: at least 4 valued hands, all but one of the same worth.
std::optional<int> odd_one_out(std::span<const Contender> valued) {
  if (valued.size() < 4) return std::nullopt;
  for (std::size_t odd = 0; odd < valued.size(); ++odd) {
    const HandWorth common = valued[odd == 0 ? 1 : 0].worth;
    if (valued[odd].worth == common) continue;
    bool rest_equal = true;
    for (std::size_t i = 0; i < valued.size() && rest_equal; ++i)
      if (i != odd && valued[i].worth != common) rest_equal = false;
    if (rest_equal) return valued[odd].seat;
  }
  return std::nullopt;
}

}  // namespace

void judge_round_into(std::span<const Contender> contenders, bool reversed, FixedVerdict& verdict) {
  KIBITZ_CHECK(contenders.size() <= static_cast<std::size_t>(kMaxContenders), "judge_round: ",
               contenders.size(), " contenders, at most ", kMaxContenders);
  verdict = FixedVerdict{};
  const auto add_loser = [&verdict](int seat) {
    verdict.losers[static_cast<std::size_t>(verdict.num_losers++)] = seat;
  };
  std::array<Contender, kMaxContenders> valued_store{};
  std::size_t num_valued = 0;
  for (const Contender& c : contenders)
    if (c.worth.has_value()) valued_store[num_valued++] = c;
  const std::span<const Contender> valued(valued_store.data(), num_valued);
  if (valued.empty()) {
    // Nobody holds a value: every contender is equally in line.
    for (const Contender& c : contenders) add_loser(c.seat);
    return;
  }
  if (const std::optional<int> odd = odd_one_out(valued)) {
    add_loser(*odd);
    verdict.odd_one_out = true;
    return;
  }
  const auto worse = [reversed](const HandWorth& a, const HandWorth& b) {
    return reversed ? a > b : a < b;
  };
  HandWorth worst = valued.front().worth;
  for (const Contender& c : valued)
    if (worse(c.worth, worst)) worst = c.worth;
  for (const Contender& c : valued)
    if (c.worth == worst) add_loser(c.seat);
}

RoundVerdict judge_round(std::span<const Contender> contenders, bool reversed) {
  FixedVerdict fixed;
  judge_round_into(contenders, reversed, fixed);
  RoundVerdict verdict;
  verdict.losers.assign(fixed.losers.begin(), fixed.losers.begin() + fixed.num_losers);
  verdict.odd_one_out = fixed.odd_one_out;
  return verdict;
}

}  // namespace kibitz::tea_game
