#include "agents/heuristic/laws_and_disorder/laws_decisions.h"

#include <algorithm>
#include <vector>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/move_values.h"

namespace kibitz::laws_and_disorder::bot {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool contains(const ActionList& legal, Action a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); }

bool can_start_law(const ActionList& legal) {
  return std::any_of(legal.begin(), legal.end(), [](Action a) { return a >= kPlayBase && a < kEndLaw; });
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
  return ability_value(v, a, can_start_law(legal));
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
