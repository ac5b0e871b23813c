#include "agents/heuristic/spoon_nomic/spoon_vote.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "env/cards/card.h"
#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/games/spoon_nomic/hand_rank.h"

namespace kibitz::spoon_nomic::bot {
namespace {

constexpr int kTableSize = 64;  // hand sizes 0..63 simulated
constexpr int kSamplesPerSize = 400;

using BonusTable = std::array<double, kTableSize>;

// Mean bonus of random hands of each size drawn from `packs` full packs, with
// a fixed seed so every agent (and every run) uses the same table.
BonusTable simulate_bonus_table(int packs) {
  BonusTable table{};
  Rng rng(derive_seed(19, "spoon_bonus_table", static_cast<std::uint64_t>(packs)));
  const int deck = packs * cards::kCardsPerPack;
  for (int n = 0; n < kTableSize; ++n) {
    if (n > deck) {  // no bigger hand exists
      table[static_cast<std::size_t>(n)] = table[static_cast<std::size_t>(n - 1)];
      continue;
    }
    double total = 0.0;
    for (int s = 0; s < kSamplesPerSize; ++s) {
      cards::CardSet hand;
      while (hand.size() < n) {
        hand.insert(cards::Card::from_id(
            1 + static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(deck)))));
      }
      total += static_cast<int>(best_category(hand));
    }
    table[static_cast<std::size_t>(n)] = total / kSamplesPerSize;
  }
  return table;
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// The highest estimate among seats other than me.
double best_other(const SpoonTable& t, const std::vector<double>& est) {
  double best = -1e300;
  for (int s = 0; s < t.players; ++s) {
    if (s != t.me) best = std::max(best, est[static_cast<std::size_t>(s)]);
  }
  return best;
}

}  // namespace

double expected_bonus(int hand_size, int packs) {
  KIBITZ_CHECK(packs >= 1 && packs <= cards::kMaxPacks, "no bonus table for ", packs, " packs");
  static const std::array<BonusTable, cards::kMaxPacks> tables = [] {
    std::array<BonusTable, cards::kMaxPacks> all{};
    for (int p = 1; p <= cards::kMaxPacks; ++p)
      all[static_cast<std::size_t>(p - 1)] = simulate_bonus_table(p);
    return all;
  }();
  return tables[static_cast<std::size_t>(packs - 1)]
               [static_cast<std::size_t>(std::clamp(hand_size, 0, kTableSize - 1))];
}

std::vector<double> estimated_scores(const SpoonTable& t) {
  // Cards still to come: one per nweek from this one to the last but one,
  // each earned by a vote (mine always, the others at their rate so far,
  // with one vote in two assumed before any is seen).
  const int deals_left = std::max(0, t.nweeks - 1 - t.nweek);
  std::vector<double> est(static_cast<std::size_t>(t.players));
  for (int s = 0; s < t.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const double rate = s == t.me ? 1.0 : (t.votes_cast[i] + 1.0) / (t.votes_asked[i] + 2.0);
    const int final_cards = t.cards_held[i] + static_cast<int>(std::lround(rate * deals_left));
    double bonus = expected_bonus(final_cards, t.packs);
    if (s == t.me) bonus = std::max(bonus, static_cast<double>(best_category(t.my_cards)));
    est[i] = t.points[i] + bonus;
  }
  return est;
}

double win_share(const SpoonTable& t, const std::vector<double>& est, const SpoonParams& p) {
  const int after = std::max(0, t.nweeks - 1 - t.nweek);
  const double sigma = std::max(1e-9, p.win_spread * std::sqrt(1.0 + after));
  double share = 1.0;
  for (int s = 0; s < t.players; ++s) {
    if (s == t.me) continue;
    share *= normal_cdf((est[static_cast<std::size_t>(t.me)] - est[static_cast<std::size_t>(s)]) /
                        sigma);
  }
  return share;
}

double proposal_gain(const SpoonTable& t, const SpoonParams& p) {
  KIBITZ_CHECK(static_cast<int>(t.delta.size()) == t.players,
               "a proposal needs one point change per seat");
  const std::vector<double> before = estimated_scores(t);
  std::vector<double> after = before;
  for (int s = 0; s < t.players; ++s)
    after[static_cast<std::size_t>(s)] += t.delta[static_cast<std::size_t>(s)];
  if (t.reward_win) return win_share(t, after, p) - win_share(t, before, p);
  const double rise = best_other(t, after) - best_other(t, before);
  return t.delta[static_cast<std::size_t>(t.me)] - p.rivalry * rise;
}

bool vote_earns_card(const SpoonTable& t) { return t.nweek < t.nweeks - 1 && t.deck_left > 0; }

VoteChoice choose_vote(const SpoonTable& t, const SpoonParams& p) {
  const double gain = proposal_gain(t, p);
  // Win shares move by tiny amounts far from the lead; anything below this
  // is rounding, not a preference.
  constexpr double kIndifferent = 1e-12;
  if (gain > kIndifferent) return VoteChoice::kYes;
  if (gain < -kIndifferent || vote_earns_card(t)) return VoteChoice::kNo;
  return VoteChoice::kAbstain;
}

}  // namespace kibitz::spoon_nomic::bot
