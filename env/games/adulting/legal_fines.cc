// Fines (docs/rules/adulting.md "The legal system"): a player paid from
// the bank (bank_pay.cc) may take 0, 1 or 2 extra, which the others do
// not see. Each other player then watches with probability `notice`
// (everyone sees who watched; the watchers see the amount). The watchers
// are asked in order whether to call it out; the first caller takes 1 from
// the bank and the thief pays the bank twice the extra, as far as they can.
#include <algorithm>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

void AdultingState::apply_take_extra(int extra) {
  extra_ = extra;
  monies_[idx(legal_actor_)] += extra;
  push(EventKind::kExtra, legal_actor_, extra);
  watchers_ = 0;
  ask_pos_ = 0;
  next_watch();
}

// One chance node per other player, in order from the dealer's left (the
// dealer included): a seat's own watch is its own coin, so no outcome list
// grows with the table.
void AdultingState::next_watch() {
  legal_target_ = next_in_order(ask_pos_, 1u << legal_actor_);
  if (legal_target_ >= 0) return set_phase(Phase::kWatch, kChancePlayer);
  ask_pos_ = 0;
  next_caller();
}

void AdultingState::apply_watch(bool watches) {
  push(EventKind::kWatch, legal_target_, watches ? 1 : 0, legal_actor_);
  if (watches) watchers_ |= 1u << legal_target_;
  next_watch();
}

// Every watcher is asked, even when the extra was 0 (then quiet is the only
// answer), so the asking itself reveals nothing to those who did not watch.
void AdultingState::next_caller() {
  const int caller = next_in_order(ask_pos_, ~watchers_);
  if (caller >= 0) return set_phase(Phase::kCallOutAsk, caller);
  legal_actor_ = legal_target_ = -1;
  extra_ = 0;
  after_payment();
}

void AdultingState::apply_call_out(Action action) {
  const int caller = current_;
  if (action == kDecline) {
    push(EventKind::kLegal, caller, static_cast<int>(LegalWord::kStaysQuiet));
    return next_caller();
  }
  const int thief = legal_actor_;
  push(EventKind::kLegal, caller, static_cast<int>(LegalWord::kCallsOut), thief);
  // Calling out says what was taken: the fine is public, and so is its cause.
  push(EventKind::kLegalResult, thief, static_cast<int>(LegalResult::kExtraShown), extra_);
  ++monies_[idx(caller)];
  push(EventKind::kBank, caller, 1);
  const int fine = std::min(2 * extra_, monies_[idx(thief)]);
  monies_[idx(thief)] -= fine;
  push(EventKind::kPayBank, thief, fine);
  legal_actor_ = legal_target_ = -1;
  extra_ = 0;
  after_payment();
}

}  // namespace kibitz::adulting
