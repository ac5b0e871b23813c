// Payments from the bank (docs/rules/adulting.md "Fines"): our ruling lets a
// player paid from the bank take extra, so every such payment -- work pay,
// a Bank card's takings, a tie refund -- goes through take_from_bank, which
// opens the fines (legal_fines.cc) when the legal system is on and then
// continues the step that paid. Two takings stay outside the fines (ours,
// see the rules doc): a caller's reward for calling out, and the takings of
// an overturned appeal.
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

void AdultingState::take_from_bank(int seat, int amount, BankPay why) {
  monies_[idx(seat)] += amount;
  push(why == BankPay::kRefund ? EventKind::kRefund : EventKind::kBank, seat, amount);
  bank_pay_ = why;
  if (fines_on()) {
    legal_actor_ = seat;
    return set_phase(Phase::kTakeExtra, seat);
  }
  after_payment();
}

// Continues the step that paid, once the payment's fines are settled.
void AdultingState::after_payment() {
  switch (bank_pay_) {
    case BankPay::kWork:
      return after_work_payment();
    case BankPay::kEffect:
      return next_scorer();
    case BankPay::kRefund:
      return next_refund();
  }
}

// The tied bidders other than the taker get their bids back, in order.
void AdultingState::next_refund() {
  const int best = bids_[idx(taker_)];
  while (best > 0 && payee_pos_ < seq_len_) {
    const int seat = seq_[idx(payee_pos_++)];
    if (seat != taker_ && bids_[idx(seat)] == best)
      return take_from_bank(seat, best, BankPay::kRefund);
  }
  end_round();
}

}  // namespace kibitz::adulting
