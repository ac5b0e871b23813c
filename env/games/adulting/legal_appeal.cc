// Appeals (docs/rules/adulting.md "The legal system"): a contestant
// eliminated by the dealer's ruling may appeal, once a round, if they can
// put up the collateral of one money per other player. Oral arguments may
// show whether the ruling was right; everyone but the appealer and the
// dealer votes. Upheld: the appealer pays each other player 1 and
// impeachment may follow. Overturned: the appealer is back in the contest
// and every player but the dealer takes 1 from the bank.
#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

void AdultingState::apply_appeal(Action action) {
  const int seat = current_;
  if (action == kDecline) {
    push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kAccepts));
    return start_impeach(false);
  }
  appealed_ |= 1u << seat;
  legal_actor_ = seat;
  push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kAppeals));
  set_phase(Phase::kAppealEvidence, kChancePlayer);
}

// Shown evidence tells everyone whether the ruling was right (until now
// only the appealer and the dealer knew).
void AdultingState::appeal_evidence(bool shown) {
  const LegalEvidence what = !shown ? LegalEvidence::kNone : ruling_ == 1 ? LegalEvidence::kRight : LegalEvidence::kWrong;
  push(EventKind::kEvidence, legal_actor_, static_cast<int>(what));
  start_vote(Phase::kAppealVote, (1u << legal_actor_) | (1u << dealer_));
}

void AdultingState::settle_appeal(bool overturned) {
  const int appealer = legal_actor_;
  if (!overturned) {
    push(EventKind::kLegalResult, appealer, static_cast<int>(LegalResult::kUpheld));
    // The collateral covers this: no money moved since the appeal.
    for (int k = 1; k <= num_players(); ++k) {
      const int other = from_dealer(k);
      if (other != appealer) pay_as_far_as(appealer, other, 1);
    }
    return start_impeach(false);
  }
  push(EventKind::kLegalResult, appealer, static_cast<int>(LegalResult::kOverturned));
  // The elimination is undone: the appealer waits to be eliminated again
  // and the next one eliminated takes what this one would have.
  contestants_ |= 1u << appealer;
  --eliminated_;
  last_eliminated_ = -1;
  ruling_ = 0;
  // Not work pay (ours): these takings are not open to fines.
  for (int k = 1; k < num_players(); ++k) {
    const int seat = from_dealer(k);
    ++monies_[idx(seat)];
    push(EventKind::kBank, seat, 1);
  }
  next_elimination();
}

}  // namespace kibitz::adulting
