#include "agents/heuristic/laws_and_disorder/laws_decisions.h"

#include <algorithm>
#include <vector>

#include "env/core/error.h"

namespace kibitz::laws_and_disorder::bot {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool contains(const ActionList& legal, Action a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); }


bool is_banker(const Knowledge& k) { return k.position_of[at(k.viewer)] == static_cast<int>(Position::kBanker); }

bool can_start_law(const ActionList& legal) {
  return std::any_of(legal.begin(), legal.end(), [](Action a) { return a >= kPlayBase && a < kEndLaw; });
}

// Playing the job card for `pos`: the WHEN laws and the Banker's double pay
// under the new positions, this turn's law if it is still to be made, less
// the card.
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

// The table after an amendment, and what the amendment is worth: the WHEN
// laws' future and the ability triggers it sees.
double amended_value(const Valuation& v, int slot, const Law& amended) {
  const Law& before = v.knowledge().laws[at(slot)].law;
  return v.future(amended, v.holders()) - v.future(before, v.holders()) + v.ability_triggers(slot, &amended);
}

Kind when_card(int when) { return static_cast<Kind>(static_cast<int>(Kind::kWhenTurnStart) + when); }
Kind verb_card(int verb) { return static_cast<Kind>(static_cast<int>(Kind::kGains) + verb); }

// An ability's worth before its cost.
double ability_gross(const Valuation& v, Action a, const ActionList& legal) {
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
    return v.card_worth() * (can_start_law(legal) || k.made_law ? 0.5 : 3.0);
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
  const int index = slot_side % 2 == 0 ? 0 : parts_of(amended).recipient_index;
  amended.cards[at(index)] = static_cast<Kind>(code % kNumPositionSlotKinds);
  return amended_value(v, slot, amended);
}

}  // namespace

Action TieBreaker::best_of(const std::vector<Choice>& choices) {
  KIBITZ_CHECK(!choices.empty(), "the Laws and Disorder heuristic had nothing to choose from");
  double top = choices.front().value;
  for (const Choice& c : choices) top = std::max(top, c.value);
  tied_.clear();
  for (const Choice& c : choices) {
    if (c.value >= top - 1e-9) tied_.push_back(c.action);
  }
  return tied_[at(static_cast<int>(rng_.uniform_int(tied_.size())))];
}

double main_value(const Valuation& v, Action a, const ActionList& legal) {
  const Knowledge& k = v.knowledge();
  if (a == kEndTurn) return 0.0;
  if (a < kEndLaw) {
    const ScoredLaw law = v.best_law(Law{}, k.hand, is_banker(k));
    if (!law.found || law.law.cards[0] != static_cast<Kind>(a - kPlayBase)) return -1e9;  // not the plan
    return law.value + v.law_made_triggers();
  }
  if (a < kEndTurn) return job_value(v, a - kJobBase);
  return ability_gross(v, a, legal) - v.weight(v.me()) * kAbilityCost;
}

Action main_choice(const Valuation& v, const LawsParams& params, const ActionList& legal, TieBreaker& ties) {
  std::vector<Choice> choices;
  for (Action a : legal) {
    const bool ability = a >= kThiefBase && a < kNumActions;
    const double value = main_value(v, a, legal);
    if (a == kEndTurn || value > (ability ? params.ability_margin : 0.0)) choices.push_back({a, value});
  }
  return ties.best_of(choices);
}

Action build_choice(const Valuation& v, const ActionList& legal, TieBreaker& ties) {
  const Knowledge& k = v.knowledge();
  const ScoredLaw best = v.best_law(k.building, k.hand, is_banker(k));
  if (best.found) {
    const Action next = best.law.size == k.building.size ? kEndLaw : kPlayBase + static_cast<int>(best.law.cards[at(k.building.size)]);
    if (contains(legal, next)) return next;
  }
  // The plan and the rules disagree (it should not happen): any legal card.
  std::vector<Choice> choices;
  for (Action a : legal) choices.push_back({a, 0.0});
  return ties.best_of(choices);
}

Action pick_choice(const Valuation& v, const ActionList& legal, TieBreaker& ties) {
  const Knowledge& k = v.knowledge();
  const bool take = k.theft_victim >= 0;  // the thief's pick, else a give or a discard
  std::vector<Choice> choices;
  for (Action a : legal) {
    const Kind kind = static_cast<Kind>(a - kPickBase);
    const double value = take ? v.gain_value(kind, k.hand, is_banker(k)) : -v.keep_value(kind, k.hand, is_banker(k));
    choices.push_back({a, value});
  }
  return ties.best_of(choices);
}

Action recipient_choice(const Valuation& v, const ActionList& legal, TieBreaker& ties) {
  const Knowledge& k = v.knowledge();
  std::vector<Choice> choices;
  for (Action a : legal) {
    const int seat = a - kToBase;
    // The weight first; among equals the poorest, then the one with fewest cards.
    choices.push_back({a, v.weight(seat) * 1000.0 - k.monies[at(seat)] - 0.01 * k.hand_size[at(seat)]});
  }
  return ties.best_of(choices);
}

}  // namespace kibitz::laws_and_disorder::bot
