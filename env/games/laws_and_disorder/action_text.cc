// Laws and Disorder's action strings (docs/rules/laws_and_disorder.md,
// docs/protocol.md): a law is built step by step ("law JUDGE", "GIVES",
// "BANKER", "2-MONIES", "end-law"); the picks read as what they do ("give
// GAINS", "discard LOSES", "take 1-CARD"); abilities name their whole use
// ("ability thief P3", "ability judge destroy L2", "ability priest subject
// THIEF in L4"). Laws are named by serial, as the stream names them.
#include <string>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {
namespace {

std::string name(int kind) { return std::string(kind_name(static_cast<Kind>(kind))); }

const char* const kWhenNames[kNumWhens] = {"WHEN-TURN-START", "WHEN-LAW-MADE", "WHEN-ABILITY"};
const char* const kVerbNames[kNumVerbs] = {"GAINS", "LOSES", "GIVES"};

}  // namespace

std::string LawsAndDisorderState::action_to_string(Player player, Action action) const {
  if (player == kChancePlayer) {
    if (action < 0 || action >= kNumChanceOutcomes) throw error("laws_and_disorder: no chance outcome ", action);
    if (phase_ == Phase::kDealPosition && action < kNumPositions) return "position " + name(action);
    return "draw " + name(action);
  }
  if (action < 0 || action >= kNumActions) {
    throw error("laws_and_disorder: no action ", action, " (actions are 0..", kNumActions - 1, ")");
  }
  // A law slot by its law's serial ("L4"), or by slot where none is there.
  auto law_at_slot = [&](int slot) {
    return slot < num_laws_ ? law_name(laws_[idx(slot)].serial) : "slot" + std::to_string(slot + 1);
  };
  if (action < kEndLaw) return (phase_ == Phase::kBuild ? "" : "law ") + name(action - kPlayBase);
  if (action == kEndLaw) return "end-law";
  if (action < kEndTurn) return "job " + name(action - kJobBase);
  if (action == kEndTurn) return "end-turn";
  if (action < kToBase) {
    const std::string card = name(action - kPickBase);
    switch (phase_) {
      case Phase::kPick: return "give " + card;
      case Phase::kThiefTake: return "take " + card;
      default: return "discard " + card;
    }
  }
  if (action < kThiefBase) return "to " + seat_name(action - kToBase);
  if (action < kMerchantTrade) return "ability thief " + seat_name(action - kThiefBase);
  if (action == kMerchantTrade) return "ability merchant trade";
  if (action < kJudgeDestroyBase) return "ability judge enforce " + law_at_slot(action - kJudgeEnforceBase);
  if (action < kScientistAddBase) return "ability judge destroy " + law_at_slot(action - kJudgeDestroyBase);
  if (action < kScientistTakeBase) {
    const int code = action - kScientistAddBase;
    return std::string("ability scientist add ") + kWhenNames[code % kNumWhens] + " to " +
           law_at_slot(code / kNumWhens);
  }
  if (action < kMerchantSwapBase) return "ability scientist take " + law_at_slot(action - kScientistTakeBase);
  if (action < kPriestBase) {
    const int code = action - kMerchantSwapBase;
    return std::string("ability merchant ") + kVerbNames[code % kNumVerbs] + " in " + law_at_slot(code / kNumVerbs);
  }
  const int code = action - kPriestBase;
  const int slot_side = code / kNumPositionSlotKinds;
  return std::string("ability priest ") + (slot_side % 2 == 0 ? "subject " : "recipient ") +
         name(code % kNumPositionSlotKinds) + " in " + law_at_slot(slot_side / 2);
}

// Other spellings: a card name alone while picking or discarding ("GAINS"
// for "give GAINS"), and reasons for the moves people try that the rules
// refuse.
Action LawsAndDisorderState::read_action_text(Player player, std::string_view text, std::string& reason) const {
  if (player != actor_ || is_chance_node() || is_terminal()) return kInvalidAction;
  if (phase_ == Phase::kPick || phase_ == Phase::kDiscard || phase_ == Phase::kThiefTake) {
    // The pick's word is optional ("take GAINS" or "GAINS").
    const std::string_view verb = phase_ == Phase::kPick ? "give " : phase_ == Phase::kDiscard ? "discard " : "take ";
    const std::string_view card = text.starts_with(verb) ? text.substr(verb.size()) : text;
    const std::optional<Kind> kind = find_kind(card);
    if (!kind.has_value()) return kInvalidAction;
    const Action action = kPickBase + static_cast<int>(*kind);
    if (is_legal(action)) return action;
    const std::string name(kind_name(*kind));
    reason = phase_ == Phase::kThiefTake ? seat_name(victim_) + " holds no " + name
             : phase_ == Phase::kPick    ? "you hold no " + name + " left to give"
                                         : "you hold no " + name + " to discard";
    return kInvalidAction;
  }
  if (phase_ == Phase::kMain && text.starts_with("law ")) {
    const std::optional<Kind> start = find_kind(text.substr(4));
    if (start.has_value() && !is_legal(kPlayBase + static_cast<int>(*start))) {
      const bool held = hands_[idx(actor_)][static_cast<std::size_t>(*start)] > 0;
      reason = made_law_ ? "you have made a law this turn"
               : !held   ? "you hold no " + std::string(kind_name(*start))
                         : std::string(kind_name(*start)) + " cannot start a law your hand can finish";
    }
  }
  if (phase_ == Phase::kMain && text.starts_with("ability") && used_ability_) {
    reason = "you have used your ability this turn";
  } else if (phase_ == Phase::kMain && text.starts_with("ability") && monies_[idx(actor_)] < kAbilityCost) {
    reason = "an ability costs 2 monies";
  }
  return kInvalidAction;
}

}  // namespace kibitz::laws_and_disorder
