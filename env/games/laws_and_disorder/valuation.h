// What a law is worth to one seat of Laws and Disorder, read from that
// seat's Knowledge alone (env/games/laws_and_disorder/knowledge.h): the change
// it makes to (my monies - the leader's monies), the leader being the
// richest other player. Cards count as worth `card_value` monies each (they
// are future pay), less so as the game runs out of turns. A law is valued by
//  - its pay to its maker ($1 a card, $2 for the Banker),
//  - one firing now when it has no WHEN card (for whoever holds its subject,
//    everyone for ANY-POSITION),
//  - the firings its WHEN card should bring before the game ends: the turns
//    left (about deck/2 before the final round, plus the final round) times
//    how often the trigger fires, times `horizon` (laws get destroyed,
//    amended and dropped, positions change hands).
// It lives with the game, not with the heuristic, because the tensor reads
// it too: move_values.h writes what each move is worth from it. The
// heuristic's choices built on it are
// agents/heuristic/laws_and_disorder/laws_decisions.h.
#pragma once

#include <array>
#include <optional>

#include "env/games/laws_and_disorder/knowledge.h"

namespace kibitz::laws_and_disorder {

// The heuristic's parameters (docs/agents.md "Laws and Disorder"); the
// tensor's move values use the defaults.
struct LawsParams {
  double card_value = 1.0;      // monies a card in hand is worth while turns remain
  double horizon = 0.6;         // share of the remaining turns a WHEN law is counted for
  double ability_margin = 0.5;  // an ability must beat its $2 by this much
};

// Who holds each position (-1: nobody), in Position order.
using Holders = std::array<int, kNumPositions>;

// Whether the viewer holds the Banker (the laws it makes pay double).
inline bool is_banker(const Knowledge& k) {
  return k.position_of[static_cast<std::size_t>(k.viewer)] == static_cast<int>(Position::kBanker);
}

// A candidate complete law and its worth.
struct ScoredLaw {
  Law law;
  double value = 0.0;
  bool found = false;
};

class Valuation {
 public:
  Valuation(const Knowledge& k, const LawsParams& params);

  const Knowledge& knowledge() const { return k_; }
  int me() const { return k_.viewer; }
  int leader() const { return leader_; }
  // How much a unit of wealth of `seat` is worth to me: 1 for me, -1 for the
  // leader (win mode), a small negative share for the rest.
  double weight(int seat) const { return weight_[static_cast<std::size_t>(seat)]; }
  // A card in hand, in monies, now.
  double card_worth() const { return card_worth_; }
  const Holders& holders() const { return k_.holder; }

  // One firing of `law` for every seat its subject names under `holders`
  // (ANY-POSITION: every seat), the way the rules apply it now.
  double fire_now(const Law& law, const Holders& holders) const;
  // One firing for one seat only.
  double fire_for(const Law& law, int seat, const Holders& holders) const;
  // The firings its WHEN card should still bring (0 for a law without one).
  double future(const Law& law, const Holders& holders) const;
  // The sum of future() over the table, the law `skip_serial` left out.
  double table_future(const Holders& holders, int skip_serial = 0) const;
  // The Banker's double pay for the laws still to be made, to whoever holds it.
  double banker_future(const Holders& holders) const;
  // The "when they use their ability" laws firing for me once, over the
  // table with the law in `slot` replaced by `amended`, or left out when
  // `amended` is null (slot -1: the table as it is).
  double ability_triggers(int slot = -1, const Law* amended = nullptr) const;
  // The "when a law is made" laws firing once for their holders.
  double law_made_triggers() const;

  // A law I make now: pay, effect or future, and the oldest law dropped
  // under max_laws.
  double law_value(const Law& law, bool banker) const;
  // The best complete law that starts with `prefix` and that `hand` (the
  // cards not yet in the prefix) can finish.
  ScoredLaw best_law(const Law& prefix, const KindCounts& hand, bool banker) const;
  // The best law value `hand` can make from scratch (0 when none).
  double best_value(const KindCounts& hand, bool banker) const;
  // What a card of `kind` in my hand is worth to me: what the best law loses
  // without it, plus a small worth by kind.
  double keep_value(Kind kind, const KindCounts& hand, bool banker) const;
  // What holding `kind` more is worth (a card I may take).
  double gain_value(Kind kind, const KindCounts& hand, bool banker) const;

  // The turns every seat still plays, all seats together.
  double turns_left() const { return turns_left_; }

 private:
  // The seat a chooser gives to when the law lets them choose.
  int chosen_recipient(int giver) const;
  // Whether `law` fires for me when I use my ability.
  bool fires_on_my_ability(const Law& law) const;
  // fire_now, fire_for and the effect on each seat, given the law read by slot.
  double fire_now(const Law& law, const LawParts& parts, const Holders& holders) const;
  double fire_for(const Law& law, const LawParts& parts, int seat, const Holders& holders) const;
  void apply(const Law& law, const LawParts& parts, int seat, const Holders& holders,
             std::array<double, kMaxPlayers>& delta) const;
  // future() and law_value() given the law's one firing now, `fire`.
  double future_of(const Law& law, double fire) const;
  double law_value_of(const Law& law, bool banker, double fire) const;
  // best_law's search: every completion of `law` by `hand` (both restored
  // on return); `fire` is the law's one firing once it is complete.
  void extend_best(Law& law, KindCounts& hand, bool banker, double fire, ScoredLaw& best) const;

  const Knowledge& k_;
  LawsParams params_;
  int leader_ = -1;
  std::array<double, kMaxPlayers> weight_{};
  double card_worth_ = 0.0;
  double turns_left_ = 0.0;
  double law_rate_ = 0.6;  // laws made per turn, as seen so far
  std::array<double, 3> firings_{};  // per When: firings per seat holding the subject
  double dropped_future_ = 0.0;      // the oldest law's future, when a new law drops it
  // best_law(Law{}, my hand, banker), once asked.
  mutable std::array<std::optional<ScoredLaw>, 2> own_best_;
  // table_future(holders()), and each table law's ability firing for me
  // (empty: it does not fire), once asked.
  mutable std::optional<double> table_future_today_;
  mutable std::optional<std::array<std::optional<double>, kMaxTableLaws>> table_triggers_;
};

}  // namespace kibitz::laws_and_disorder
