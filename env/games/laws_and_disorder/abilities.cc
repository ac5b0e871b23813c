// Job changes and the positions' abilities (docs/rules/laws_and_disorder.md
// "Abilities", "Job changes"). An ability costs $2, once a turn, and is
// offered only with a legal use, so every ability action names its whole
// use (the law, the card) except the thief's, who sees the hand before
// picking the card.
#include <array>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {

// --- Job changes ---------------------------------------------------------------

void LawsAndDisorderState::job_actions(ActionList& out) const {
  if (changed_job_) return;
  const int p = turn_player_;
  for (int pos = 0; pos < kNumPositions; ++pos) {
    if (position_of_[idx(p)] != pos && hands_[idx(p)][idx(pos)] > 0) out.push_back(kJobBase + pos);
  }
}

// The player takes the position; its holder, if any, takes the player's old
// one; the card is discarded. No law fires (no WHEN card speaks of it).
void LawsAndDisorderState::apply_job(Position position) {
  const int p = turn_player_;
  const Kind card = job_card(position);
  remove_card(p, card);
  ++discard_size_;
  emit_public(make_obs(Obs::kPlayJob).add(p).add(static_cast<int>(card)));
  const int old = position_of_[idx(p)];
  const int holder = holder_[static_cast<std::size_t>(position)];
  position_of_[idx(p)] = static_cast<std::int8_t>(position);
  holder_[static_cast<std::size_t>(position)] = static_cast<std::int8_t>(p);
  emit_public(make_obs(Obs::kHolds).add(p).add(static_cast<int>(position)));
  if (holder >= 0) {
    position_of_[idx(holder)] = static_cast<std::int8_t>(old);
    holder_[idx(old)] = static_cast<std::int8_t>(holder);
    emit_public(make_obs(Obs::kHolds).add(holder).add(old));
  } else {
    holder_[idx(old)] = -1;
    emit_public(make_obs(Obs::kUnheld).add(old));
  }
  changed_job_ = true;
}

// --- Abilities: what is offered --------------------------------------------------

// The action range of each position's ability uses with the table as it is
// (half-open, in ascending order); the Banker's is empty.
struct AbilityRange {
  Action begin;
  Action end;
};

static int ability_ranges(Position position, int players, int laws, std::array<AbilityRange, 2>& out) {
  switch (position) {
    case Position::kJudge:
      out = {{{kJudgeEnforceBase, kJudgeEnforceBase + laws}, {kJudgeDestroyBase, kJudgeDestroyBase + laws}}};
      return 2;
    case Position::kBanker: return 0;  // passive: double pay
    case Position::kThief: out[0] = {kThiefBase, kThiefBase + players}; return 1;
    case Position::kScientist:
      out = {{{kScientistAddBase, kScientistAddBase + laws * kNumWhens},
              {kScientistTakeBase, kScientistTakeBase + laws}}};
      return 2;
    case Position::kMerchant:
      out = {{{kMerchantTrade, kMerchantTrade + 1}, {kMerchantSwapBase, kMerchantSwapBase + laws * kNumVerbs}}};
      return 2;
    case Position::kPriest: out[0] = {kPriestBase, kPriestBase + laws * 2 * kNumPositionSlotKinds}; return 1;
  }
  return 0;
}

void LawsAndDisorderState::ability_actions(ActionList& out) const {
  const int p = turn_player_;
  if (used_ability_ || monies_[idx(p)] < kAbilityCost) return;
  std::array<AbilityRange, 2> ranges{};
  const int count = ability_ranges(position_of(p), players(), num_laws_, ranges);
  for (int r = 0; r < count; ++r) {
    for (Action a = ranges[idx(r)].begin; a < ranges[idx(r)].end; ++a) {
      if (ability_usable(a)) out.push_back(a);
    }
  }
}

// Whether the turn's player may use its position's ability as `action`
// says: the position holds that ability, and the use is possible (the law,
// the card in hand, a victim with cards, a card left in the deck).
bool LawsAndDisorderState::ability_usable(Action action) const {
  const int p = turn_player_;
  if (used_ability_ || monies_[idx(p)] < kAbilityCost) return false;
  const KindCounts& hand = hands_[idx(p)];
  auto holds = [&](Kind kind) { return hand[static_cast<std::size_t>(kind)] > 0; };
  const Position position = position_of(p);
  if (action >= kThiefBase && action < kMerchantTrade) {
    const int v = action - kThiefBase;
    return position == Position::kThief && v != p && v < players() && hand_size(v) > 0;
  }
  if (action == kMerchantTrade) return position == Position::kMerchant && deck_size_ > 0;
  if (action < kJudgeDestroyBase) return position == Position::kJudge && action - kJudgeEnforceBase < num_laws_;
  if (action < kScientistAddBase) return position == Position::kJudge && action - kJudgeDestroyBase < num_laws_;
  if (action < kScientistTakeBase) {
    const int code = action - kScientistAddBase;
    const int slot = code / kNumWhens;
    return position == Position::kScientist && slot < num_laws_ && !law_when(laws_[idx(slot)].law).has_value() &&
           holds(when_card(code % kNumWhens));
  }
  if (action < kMerchantSwapBase) {
    const int slot = action - kScientistTakeBase;
    return position == Position::kScientist && slot < num_laws_ && law_when(laws_[idx(slot)].law).has_value();
  }
  if (action < kPriestBase) {
    const int code = action - kMerchantSwapBase;
    const int slot = code / kNumVerbs;
    const Kind verb = verb_card(code % kNumVerbs);
    return position == Position::kMerchant && slot < num_laws_ && holds(verb) &&
           swap_keeps_law(laws_[idx(slot)].law, 1, verb);
  }
  if (action >= kNumActions) return false;
  const int code = action - kPriestBase;
  const int slot_side = code / kNumPositionSlotKinds;
  const int slot = slot_side / 2;
  const Kind kind = static_cast<Kind>(code % kNumPositionSlotKinds);
  if (position != Position::kPriest || slot >= num_laws_ || !holds(kind)) return false;
  const int index = priest_index(laws_[idx(slot)].law, slot_side % 2);
  return index >= 0 && swap_keeps_law(laws_[idx(slot)].law, index, kind);
}

// --- Abilities: their effects ------------------------------------------------------

// Swaps card `index` of the law in `slot` for `in` from the user's hand; the
// card taken out goes to the hand. The law keeps its place.
static Kind swap_into_law(TableLaw& law, int index, Kind in, KindCounts& hand) {
  const Kind out = law.law.cards[static_cast<std::size_t>(index)];
  law.law.cards[static_cast<std::size_t>(index)] = in;
  --hand[static_cast<std::size_t>(in)];
  ++hand[static_cast<std::size_t>(out)];
  return out;
}

void LawsAndDisorderState::apply_ability(Action action) {
  const int p = turn_player_;
  monies_[idx(p)] -= kAbilityCost;
  used_ability_ = true;
  queue_size_ = queue_head_ = 0;
  if (action >= kThiefBase && action < kThiefBase + kMaxPlayers) {
    const int victim = action - kThiefBase;
    emit_public(make_obs(Obs::kThief).add(p).add(victim));
    // The thief sees the whole hand, in chunks of kHandSeenChunk kinds.
    Observation shown = make_obs(Obs::kHandSeen).add(victim).add(0);
    for (int k = 0; k < kNumKinds; ++k) {
      for (int c = 0; c < hands_[idx(victim)][idx(k)]; ++c) {
        if (shown.value(1) == kHandSeenChunk) {
          emit(seat_bit(p), shown);
          shown = make_obs(Obs::kHandSeen).add(victim).add(0);
        }
        shown.add(k);
        shown.values[1] = static_cast<std::int16_t>(shown.value(1) + 1);
      }
    }
    emit(seat_bit(p), shown);
    victim_ = static_cast<std::int8_t>(victim);
    actor_ = static_cast<std::int8_t>(p);
    phase_ = Phase::kThiefTake;
    return;
  }
  if (action == kMerchantTrade) {
    emit_public(make_obs(Obs::kTrade).add(p));
    begin_draws(p, kCardsPerDraw, Resume::kMerchantDraw);
    return;
  }
  if (action < kJudgeDestroyBase) {
    const TableLaw& law = laws_[idx(action - kJudgeEnforceBase)];
    emit_public(make_obs(Obs::kJudgeEnforce).add(p).add(law.serial));
    queue_for_holders(law);  // as a law without WHEN, whatever its WHEN
  } else if (action < kScientistAddBase) {
    const int slot = action - kJudgeDestroyBase;
    emit_public(make_obs(Obs::kJudgeDestroy).add(p).add(laws_[idx(slot)].serial));
    discard_size_ += laws_[idx(slot)].law.size;
    remove_law(slot);
  } else if (action < kScientistTakeBase) {
    const int code = action - kScientistAddBase;
    TableLaw& law = laws_[idx(code / kNumWhens)];
    const Kind card = when_card(code % kNumWhens);
    remove_card(p, card);
    law.law.push(card);
    emit_public(make_obs(Obs::kScientistAdd).add(p).add(static_cast<int>(card)).add(law.serial));
  } else if (action < kMerchantSwapBase) {
    TableLaw& law = laws_[idx(action - kScientistTakeBase)];
    const Kind card = law.law.cards[idx(law.law.size - 1)];
    --law.law.size;
    take_card(p, card);
    emit_public(make_obs(Obs::kScientistTake).add(p).add(static_cast<int>(card)).add(law.serial));
  } else if (action < kPriestBase) {
    const int code = action - kMerchantSwapBase;
    TableLaw& law = laws_[idx(code / kNumVerbs)];
    const Kind in = verb_card(code % kNumVerbs);
    const Kind out = swap_into_law(law, 1, in, hands_[idx(p)]);
    emit_public(make_obs(Obs::kMerchantSwap).add(p).add(static_cast<int>(in)).add(static_cast<int>(out)).add(law.serial));
  } else {
    const int code = action - kPriestBase;
    const int slot_side = code / kNumPositionSlotKinds;
    TableLaw& law = laws_[idx(slot_side / 2)];
    const Kind in = static_cast<Kind>(code % kNumPositionSlotKinds);
    const int index = priest_index(law.law, slot_side % 2);
    const Kind out = swap_into_law(law, index, in, hands_[idx(p)]);
    // The card's place, since ANY-POSITION may be both subject and recipient.
    emit_public(make_obs(Obs::kPriestSwap)
                    .add(p).add(static_cast<int>(in)).add(static_cast<int>(out)).add(law.serial).add(index + 1));
  }
  after_ability();
}

void LawsAndDisorderState::thief_take_actions(ActionList& out) const {
  for (int k = 0; k < kNumKinds; ++k) {
    if (hands_[idx(victim_)][idx(k)] > 0) out.push_back(kPickBase + k);
  }
}

void LawsAndDisorderState::apply_thief_take(Kind kind) {
  const int p = turn_player_;
  const int v = victim_;
  remove_card(v, kind);
  take_card(p, kind);
  emit_split(static_cast<Audience>(seat_bit(p) | seat_bit(v)),
             make_obs(Obs::kTakeSeen).add(p).add(static_cast<int>(kind)).add(v), make_obs(Obs::kTake).add(p).add(v));
  after_ability();
}

// After the ability's effect (and the law the Judge enforced): the "when
// they use their ability" laws, for the user alone.
void LawsAndDisorderState::after_ability() {
  queue_triggers(When::kAbility, turn_player_, 0);
  run_effects();
}

}  // namespace kibitz::laws_and_disorder
