#include "agents/heuristic/loyalist_spies/loyalist_spies_heuristic.h"

#include <algorithm>
#include <array>

#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz {
namespace ls = loyalist_spies;
namespace {

// Card values, lowest first (ties by index), Jokers excluded.
std::vector<int> by_value(ls::CardMask cards) {
  std::vector<int> out;
  ls::for_each_card(cards & ~ls::kJokerMask, [&](int c) { out.push_back(c); });
  std::stable_sort(out.begin(), out.end(),
                   [](int a, int b) { return ls::card_value(a) < ls::card_value(b); });
  return out;
}

// The legal action whose card (action - base) is `card`, if legal.
bool is_legal_card(const ActionList& legal, Action base, int card) {
  return std::binary_search(legal.begin(), legal.end(), base + card);
}

// Jokers (all of them) and then the highest cards, or the five lowest.
ls::CardMask keep_plan(ls::CardMask hand, bool keep_jokers) {
  const ls::CardMask jokers = hand & ls::kJokerMask;
  std::vector<int> cards = by_value(hand);
  if (keep_jokers) std::reverse(cards.begin(), cards.end());
  ls::CardMask plan = keep_jokers ? jokers : 0;
  for (int c : cards) {
    if (ls::popcount(plan) == ls::kKeepCount) break;
    plan |= ls::card_bit(c);
  }
  return plan;
}

}  // namespace

LoyalistSpiesHeuristic::LoyalistSpiesHeuristic(double joker_keep, std::uint64_t seed)
    : joker_keep_(joker_keep), rng_(seed), tensor_(static_cast<std::size_t>(ls::kTensorSize)) {}

std::string LoyalistSpiesHeuristic::spec() const {
  return "heuristic(joker_keep=" + param_value_to_string(joker_keep_) + ")";
}

void LoyalistSpiesHeuristic::new_game(Player) { keep_plan_ = 0; }

Action LoyalistSpiesHeuristic::next_keep(ls::CardMask plan, ls::CardMask kept) const {
  // Keep order: Jokers first, then by card index.
  const ls::CardMask todo = plan & ~kept;
  for (int j = ls::kFirstJoker; j < ls::kNumCardIndices; ++j) {
    if ((todo >> j & 1u) && is_legal_card(legal_, ls::kKeepBase, j)) return ls::kKeepBase + j;
  }
  for (Action a : legal_) {
    if (todo >> (a - ls::kKeepBase) & 1u) return a;
  }
  return legal_.front();
}

Action LoyalistSpiesHeuristic::keep(ls::CardMask hand, ls::CardMask kept) {
  const ls::CardMask jokers = hand & ls::kJokerMask;
  if (kept == 0) {
    // First keep of the round: settle the role and the five cards.
    const bool keep_jokers = jokers != 0 && rng_.uniform_double() < joker_keep_;
    const ls::CardMask without_jokers = keep_plan(hand, false);
    if (jokers == 0) {
      keep_plan_ = without_jokers;
    } else {
      const ls::CardMask with_jokers = keep_plan(hand, true);
      keep_plan_ = keep_jokers ? with_jokers : without_jokers;
      const Action with = next_keep(with_jokers, 0);
      const Action without = next_keep(without_jokers, 0);
      decision_.policy.emplace_back(with, joker_keep_);
      if (without == with) {
        decision_.policy.back().second = 1.0;
      } else {
        decision_.policy.emplace_back(without, 1.0 - joker_keep_);
      }
    }
  } else if ((kept & ~keep_plan_) != 0) {
    // Kept cards outside the plan: follow the plan they belong to.
    keep_plan_ = keep_plan(hand, (kept & jokers) != 0);
  }
  return next_keep(keep_plan_, kept);
}

Action LoyalistSpiesHeuristic::act(const SeatView& view) {
  decision_.policy.clear();
  view.legal_actions(legal_);
  view.information_state_tensor(tensor_);
  const ls::InfoView info = ls::decode_information_state(tensor_);
  const bool traitor = (info.hand & ls::kJokerMask) != 0;
  switch (info.phase) {
    case ls::Phase::kKeep:
      return keep(info.hand, info.kept);
    case ls::Phase::kPlay: {
      const std::vector<int> cards = by_value(info.hand);
      const int card = traitor ? cards.back() : cards.front();
      return ls::kPlayBase + card;
    }
    case ls::Phase::kDiscard: {
      const std::vector<int> cards = by_value(info.hand);
      if (!traitor)
        return ls::kDiscardBase + (cards.empty() ? ls::lowest_card(info.hand) : cards.back());
      if (cards.empty()) return ls::kDiscardBase + ls::lowest_card(info.hand);
      return ls::kDiscardBase + cards.front();
    }
    case ls::Phase::kJackTarget: {
      std::vector<Action> unknown;
      for (Action a : legal_) {
        if (info.known_suit[static_cast<std::size_t>(info.relative(a - ls::kPeekBase))] < 0)
          unknown.push_back(a);
      }
      const std::vector<Action>& pool = unknown.empty() ? legal_ : unknown;
      for (Action a : pool) decision_.policy.emplace_back(a, 1.0 / static_cast<double>(pool.size()));
      return pool[rng_.uniform_int(pool.size())];
    }
    case ls::Phase::kQueenOrder: {
      // Loyal: the lowest values on top; Traitor: the highest.
      Action best = legal_.front();
      std::array<int, 3> best_key{};
      bool first = true;
      for (Action a : legal_) {
        const auto& perm = ls::kOrders[static_cast<std::size_t>(a - ls::kOrderBase)];
        std::array<int, 3> key{};
        for (int i = 0; i < info.top_len; ++i) {
          const int card = info.top[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
          const int value = card < 0 ? 0 : ls::card_value(card);
          key[static_cast<std::size_t>(i)] = traitor ? -value : value;
        }
        if (first || key < best_key) {
          best = a;
          best_key = key;
          first = false;
        }
      }
      return best;
    }
    default:
      return legal_.front();
  }
}

}  // namespace kibitz
