// The Adulting heuristic's choices among many legal actions: what to score
// or discard, whom an effect names, what to declare, whom to rank next
// (adulting_decisions.h).
#include <algorithm>
#include <bit>

#include "agents/heuristic/adulting/adulting_decisions.h"
#include "env/games/adulting/valuation.h"

namespace kibitz::adulting::bot {
namespace {

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

constexpr double kSteal = 3.0;  // a card from the leader's hand, in points
constexpr double kPeek = 1.0;   // seeing a hand a Steal made uncertain
constexpr double kPriority = 100.0;

// Whether a draw (so a bidding round) still follows this scoring phase.
bool bidding_ahead(const Knowledge& k) { return k.game->num_cards() - k.drawn >= 1; }

// The average worth to `seat` of the cards that can show the top back.
double top_card_worth(const Knowledge& k, int seat) {
  if (k.top_back < 0) return 0.0;
  int cards = 0;
  int total = 0;
  for (CardMask m = k.game->back_cards(k.top_back); m != 0; m &= m - 1) {
    ++cards;
    total += card_value(k, seat, std::countr_zero(m));
  }
  return cards == 0 ? 0.0 : static_cast<double>(total) / cards;
}

// An effect card's worth when discarded now, in points (a money a point);
// 0 when the effect would do nothing useful.
double effect_worth(const Table& t, int card) {
  const Knowledge& k = t.knowledge;
  const CardInfo& info = t.game().card(card);
  const int me = t.viewer();
  switch (info.effect) {
    case Effect::kBank: return bidding_ahead(k) ? info.amount : 0.0;
    case Effect::kTax: {
      if (!bidding_ahead(k)) return 0.0;
      int taken = 0;
      for (int s = 0; s < t.players(); ++s) {
        if (s != me) taken += std::min<int>(info.amount, t.money(s));
      }
      return taken;
    }
    case Effect::kSteal:
      for (int s = 0; s < t.players(); ++s) {
        if (s != me && k.hand_size[at(s)] > 0) return kSteal;
      }
      return 0.0;
    case Effect::kPeek:
      for (int s = 0; s < t.players(); ++s) {
        if (s != me && k.hand_size[at(s)] != card_count(k.held[at(s)])) return kPeek;
      }
      return 0.0;
    case Effect::kQualify: {
      // Worth it when the card coming up is worth a bid and there is money.
      if (!bidding_ahead(k) || t.money(me) < 1) return 0.0;
      const double worth = top_card_worth(k, me);
      return worth >= 3.0 ? worth - 2.0 : 0.0;
    }
    case Effect::kNone: break;
  }
  return 0.0;
}

// Scoring `card` into `column` now: the points it adds, less what the
// placement costs the rest of the hand; the third spade ends the game, so
// it is taken only when that wins.
double score_worth(const Table& t, int card, int column) {
  const Knowledge& k = t.knowledge;
  const int me = t.viewer();
  const Columns& cols = k.columns[at(me)];
  Columns after = cols;
  ++after[at(column)];
  if (k.spades >= 2 && t.game().card(card).spade) {
    for (int s = 0; s < t.players(); ++s) {
      if (s != me && mantle_score(k.columns[at(s)]) >= mantle_score(after)) return -1000.0;
    }
    return 1000.0;
  }
  const CardMask hand = k.held[at(me)];
  const int gain = mantle_score(after) - mantle_score(cols);
  // The final mantle this placement leaves reachable against the best one.
  const int loss = mantle_potential(t.game(), cols, hand) -
                   mantle_potential(t.game(), after, hand & ~card_bit(card));
  return gain - std::max(loss, 0);
}

}  // namespace

Action scoring_choice(const Table& t, const ActionList& legal) {
  const Knowledge& k = t.knowledge;
  const int me = t.viewer();
  // With turns to spare every card in hand gets scored anyway, so a useful
  // effect goes first; short of turns, effects compete with points.
  const bool spare = card_count(k.held[at(me)]) < scoring_turns_left(k, me);
  Action best = kPass;
  double best_worth = 0.0;  // passing
  for (const Action a : legal) {
    double worth = 0.0;
    if (a >= kScoreBase && a < kDiscardBase) {
      worth = score_worth(t, (a - kScoreBase) / kNumColumns, (a - kScoreBase) % kNumColumns);
    } else if (a >= kDiscardBase && a < kPass) {
      worth = effect_worth(t, a - kDiscardBase);
      if (spare && worth > 0.0) worth += kPriority;
    } else {
      continue;
    }
    if (worth > best_worth) {
      best_worth = worth;
      best = a;
    }
  }
  if (std::find(legal.begin(), legal.end(), best) == legal.end()) return legal.front();
  return best;
}

Action target_choice(const Table& t, const ActionList& legal) {
  const Knowledge& k = t.knowledge;
  const bool peek = t.my_discard >= 0 && t.game().card(t.my_discard).effect == Effect::kPeek;
  // A Peek looks where a Steal left a hand uncertain; otherwise both name
  // the leader (a Steal weakens it most).
  Action best = legal.front();
  long best_key = -1;
  for (const Action a : legal) {
    const int s = a - kTargetBase;
    const bool unknown = k.hand_size[at(s)] != card_count(k.held[at(s)]);
    const long key = (peek && unknown ? 1000000L : 0L) + 100L * standing(k, s) + k.hand_size[at(s)];
    if (key > best_key) {
      best_key = key;
      best = a;
    }
  }
  return best;
}

Action declare_choice(const BotParams& p, const ActionList& legal, Rng& rng) {
  const Action truth = *std::min_element(legal.begin(), legal.end());
  const Action top = *std::max_element(legal.begin(), legal.end());
  if (rng.uniform_double() >= p.bluff_rate) return truth;
  // A modest bluff: one or two above the measurement.
  const Action inflated = truth + 1 + static_cast<Action>(rng.uniform_int(2));
  return std::min(inflated, top);
}

Action rank_choice(const Table& t, const ActionList& legal) {
  // An honest dealer: the best public quality next (the lower seat on ties).
  Action best = legal.front();
  int best_quality = -1;
  for (const Action a : legal) {
    const int q = t.knowledge.quality[at(a - kRankBase)];
    if (q > best_quality || (q == best_quality && a < best)) {
      best_quality = q;
      best = a;
    }
  }
  return best;
}

}  // namespace kibitz::adulting::bot
