#include "env/games/laws_and_disorder/move_values.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kibitz::laws_and_disorder {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The table after an amendment, and what the amendment is worth: the WHEN
// laws' future and the ability triggers it sees.
double amended_value(const Valuation& v, int slot, const Law& amended) {
  const Law& before = v.knowledge().laws[at(slot)].law;
  return v.future(amended, v.holders()) - v.future(before, v.holders()) + v.ability_triggers(slot, &amended);
}

// An ability's worth before its cost.
double ability_gross(const Valuation& v, Action a, bool can_start_law) {
  const Knowledge& k = v.knowledge();
  auto law_at = [&](int slot) { return k.laws[at(slot)].law; };
  if (a < kMerchantTrade) {
    // A card's worth to me and against the victim; a bigger hand offers a
    // better pick.
    const int victim = a - kThiefBase;
    return v.card_worth() * (v.weight(v.me()) - v.weight(victim)) + 0.05 * std::min(k.hand_size[at(victim)], 10);
  }
  if (a == kMerchantTrade) {
    // Rarely: only a hand that can make no law is worth changing.
    return v.card_worth() * (can_start_law || k.made_law ? 0.5 : 3.0);
  }
  if (a < kJudgeDestroyBase) {
    return v.fire_now(law_at(a - kJudgeEnforceBase), v.holders()) + v.ability_triggers();
  }
  if (a < kScientistAddBase) {
    const int slot = a - kJudgeDestroyBase;
    return -v.future(law_at(slot), v.holders()) + v.ability_triggers(slot, nullptr);
  }
  if (a < kScientistTakeBase) {
    const int code = a - kScientistAddBase;
    Law amended = law_at(code / kNumWhens);
    amended.push(when_card(code % kNumWhens));
    return amended_value(v, code / kNumWhens, amended) - v.card_worth();
  }
  if (a < kMerchantSwapBase) {
    const int slot = a - kScientistTakeBase;
    Law amended = law_at(slot);
    --amended.size;
    return amended_value(v, slot, amended) + v.card_worth();
  }
  if (a < kPriestBase) {
    const int code = a - kMerchantSwapBase;
    Law amended = law_at(code / kNumVerbs);
    amended.cards[1] = verb_card(code % kNumVerbs);
    return amended_value(v, code / kNumVerbs, amended);
  }
  const int code = a - kPriestBase;
  const int slot_side = code / kNumPositionSlotKinds;
  const int slot = slot_side / 2;
  Law amended = law_at(slot);
  const int index = priest_index(amended, slot_side % 2);
  amended.cards[at(index)] = static_cast<Kind>(code % kNumPositionSlotKinds);
  return amended_value(v, slot, amended);
}

// Where the flags start in the block.
constexpr int kReach = kNumActions;
constexpr int kBestLawCard = kReach + kEndLaw + 1;
constexpr int kBestPick = kBestLawCard + kEndLaw + 1;
static_assert(kBestPick + kNumKinds == kMoveValueFloats);

// The block being written: worths and flags.
class MoveValueWriter {
 public:
  MoveValueWriter(const Knowledge& k, std::span<float> out) : k_(k), v_(k, LawsParams{}), out_(out) {
    std::fill(out_.begin(), out_.end(), 0.0f);
  }

  void write() {
    if (k_.game_over || k_.position_of[at(k_.viewer)] < 0) return;
    const bool my_turn = k_.turn_player == k_.viewer;
    if (k_.builder == k_.viewer && !k_.building.empty()) {
      write_building();
    } else if (my_turn && k_.theft_victim < 0) {
      write_main_step();
    }
    write_picks(my_turn && k_.theft_victim >= 0);
    write_recipients();
    mark_best_law_cards();
  }

 private:
  // Signed log1p: fine near 0, where the choice between a small gain and
  // ending the turn is made, and compressed for big laws.
  void set_worth(Action a, double monies) {
    out_[at(a)] = static_cast<float>(std::copysign(std::log1p(std::abs(monies)), monies));
  }
  void set_reach(Action a) { out_[at(kReach + a)] = 1.0f; }
  float worth(Action a) const { return out_[at(a)]; }

  // The best-worth flags of the law cards and end-law that can be played
  // (ties all marked).
  void mark_best_law_cards() {
    float best = 0.0f;
    bool any = false;
    for (Action a = kPlayBase; a <= kEndLaw; ++a) {
      if (out_[at(kReach + a)] == 0.0f) continue;
      best = any ? std::max(best, worth(a)) : worth(a);
      any = true;
    }
    for (Action a = kPlayBase; a <= kEndLaw && any; ++a) {
      if (out_[at(kReach + a)] != 0.0f && worth(a) >= best - 1e-6f) out_[at(kBestLawCard + a)] = 1.0f;
    }
  }

  // Each card that continues the law being built, and end-law.
  void write_building() {
    const bool banker = is_banker(k_);
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (k_.hand[at(kind)] == 0 || !fits_next(k_.building, static_cast<Kind>(kind))) continue;
      Law next = k_.building;
      next.push(static_cast<Kind>(kind));
      KindCounts rest = k_.hand;
      --rest[at(kind)];
      const ScoredLaw best = v_.best_law(next, rest, banker);
      if (!best.found) continue;
      set_worth(kPlayBase + kind, best.value);
      set_reach(kPlayBase + kind);
    }
    if (is_complete(k_.building)) {
      set_worth(kEndLaw, v_.law_value(k_.building, banker));
      set_reach(kEndLaw);
    }
  }

  // Law starts, job cards and abilities on the viewer's own turn.
  void write_main_step() {
    bool can_start_law = false;
    if (!k_.made_law) can_start_law = write_law_starts();
    if (!k_.changed_job) {
      const int mine = k_.position_of[at(k_.viewer)];
      for (int pos = 0; pos < kNumPositions; ++pos) {
        if (pos != mine && k_.hand[at(pos)] > 0) set_worth(kJobBase + pos, job_value(v_, pos));
      }
    }
    if (!k_.used_ability && k_.monies[at(k_.viewer)] >= kAbilityCost) write_abilities(can_start_law);
  }

  // Whether any law can be started.
  bool write_law_starts() {
    const bool banker = is_banker(k_);
    const double triggers = v_.law_made_triggers();
    bool any = false;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (k_.hand[at(kind)] == 0 || !fits_next(Law{}, static_cast<Kind>(kind))) continue;
      KindCounts rest = k_.hand;
      --rest[at(kind)];
      const ScoredLaw best = v_.best_law(Law::of({static_cast<Kind>(kind)}), rest, banker);
      if (!best.found) continue;
      set_worth(kPlayBase + kind, best.value + triggers);
      set_reach(kPlayBase + kind);
      any = true;
    }
    return any;
  }

  void write_abilities(bool can_start_law) {
    const int me = k_.viewer;
    const auto holds = [&](Kind kind) { return k_.hand[at(static_cast<int>(kind))] > 0; };
    const auto value = [&](Action a) { set_worth(a, ability_value(v_, a, can_start_law)); };
    switch (static_cast<Position>(k_.position_of[at(me)])) {
      case Position::kBanker: return;
      case Position::kThief:
        for (int s = 0; s < k_.n; ++s) {
          if (s != me && k_.hand_size[at(s)] > 0) value(kThiefBase + s);
        }
        return;
      case Position::kMerchant:
        if (k_.deck_size > 0) value(kMerchantTrade);
        for (int slot = 0; slot < k_.num_laws; ++slot) {
          for (int verb = 0; verb < kNumVerbs; ++verb) {
            if (holds(verb_card(verb)) && swap_keeps_law(k_.laws[at(slot)].law, 1, verb_card(verb))) {
              value(kMerchantSwapBase + slot * kNumVerbs + verb);
            }
          }
        }
        return;
      case Position::kJudge:
        for (int slot = 0; slot < k_.num_laws; ++slot) {
          value(kJudgeEnforceBase + slot);
          value(kJudgeDestroyBase + slot);
        }
        return;
      case Position::kScientist: write_scientist(); return;
      case Position::kPriest: write_priest(); return;
    }
  }

  void write_scientist() {
    for (int slot = 0; slot < k_.num_laws; ++slot) {
      const Law& law = k_.laws[at(slot)].law;
      if (law_when(law).has_value()) {
        set_worth(kScientistTakeBase + slot, ability_value(v_, kScientistTakeBase + slot, true));
        continue;
      }
      for (int when = 0; when < kNumWhens; ++when) {
        if (k_.hand[at(static_cast<int>(when_card(when)))] == 0) continue;
        const Action a = kScientistAddBase + slot * kNumWhens + when;
        set_worth(a, ability_value(v_, a, true));
      }
    }
  }

  void write_priest() {
    for (int slot = 0; slot < k_.num_laws; ++slot) {
      const Law& law = k_.laws[at(slot)].law;
      for (int side = 0; side < 2; ++side) {
        const int index = priest_index(law, side);
        if (index < 0) continue;
        for (int kind = 0; kind < kNumPositionSlotKinds; ++kind) {
          if (k_.hand[at(kind)] == 0 || !swap_keeps_law(law, index, static_cast<Kind>(kind))) continue;
          const Action a = kPriestBase + (slot * 2 + side) * kNumPositionSlotKinds + kind;
          set_worth(a, ability_value(v_, a, true));
        }
      }
    }
  }

  // A card to give or discard from the hand, or, in the viewer's theft, a
  // card to take.
  void write_picks(bool taking) {
    const bool banker = is_banker(k_);
    // The cards that may be picked: the viewer's own, or those it saw in
    // the victim's hand.
    const KindCounts& pickable = taking ? k_.seen[at(k_.theft_victim)] : k_.hand;
    float best = 0.0f;
    bool any = false;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const Kind card = static_cast<Kind>(kind);
      if (taking) {
        set_worth(kPickBase + kind, v_.gain_value(card, k_.hand, banker));
      } else if (k_.hand[at(kind)] > 0) {
        set_worth(kPickBase + kind, -v_.keep_value(card, k_.hand, banker));
      }
      if (pickable[at(kind)] == 0) continue;
      best = any ? std::max(best, worth(kPickBase + kind)) : worth(kPickBase + kind);
      any = true;
    }
    for (int kind = 0; kind < kNumKinds && any; ++kind) {
      if (pickable[at(kind)] > 0 && worth(kPickBase + kind) >= best - 1e-6f) out_[at(kBestPick + kind)] = 1.0f;
    }
  }

  // The seats in the valuation's order: the weight first, then the poorest,
  // then the one with fewest cards (what the heuristic's recipient uses).
  void write_recipients() {
    std::array<double, kMaxPlayers> score{};
    for (int s = 0; s < k_.n; ++s) {
      score[at(s)] = v_.weight(s) * 1000.0 - k_.monies[at(s)] - 0.01 * k_.hand_size[at(s)];
    }
    for (int s = 0; s < k_.n; ++s) {
      int better = 0;
      for (int t = 0; t < k_.n; ++t) better += score[at(t)] > score[at(s)] + 1e-9 ? 1 : 0;
      out_[at(kToBase + s)] = 1.0f - static_cast<float>(better) / static_cast<float>(k_.n);
    }
  }

  const Knowledge& k_;
  const Valuation v_;
  std::span<float> out_;
};

}  // namespace

double job_value(const Valuation& v, int pos) {
  const Knowledge& k = v.knowledge();
  const int old = k.position_of[at(v.me())];
  Holders after = v.holders();
  after[at(old)] = after[at(pos)];  // the holder of `pos`, if any, takes my old job
  after[at(pos)] = v.me();
  double value = v.table_future(after) - v.table_future(v.holders()) + v.banker_future(after) -
                 v.banker_future(v.holders()) - v.card_worth();
  const int banker = static_cast<int>(Position::kBanker);
  if (!k.made_law && (pos == banker || old == banker)) {
    KindCounts hand = k.hand;
    --hand[at(pos)];
    const ScoredLaw law = v.best_law(Law{}, hand, pos == banker);
    if (law.found) value += pos == banker ? law.law.size : -law.law.size;
  }
  return value;
}

double ability_value(const Valuation& v, Action a, bool can_start_law) {
  return ability_gross(v, a, can_start_law) - v.weight(v.me()) * kAbilityCost;
}

void encode_move_values(const Knowledge& k, std::span<float> out) {
  MoveValueWriter(k, out).write();
}

}  // namespace kibitz::laws_and_disorder
