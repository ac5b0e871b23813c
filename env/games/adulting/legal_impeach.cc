// Impeachment (docs/rules/adulting.md "The legal system"): after a ruling
// (once any appeal is settled and the ruling stands) or after the dealer's
// challenge ranking, the contestants in order may move to impeach the
// dealer, each at most once a round; the first who moves is voted on
// (ours: one motion per ruling or ranking). Oral arguments may show whether
// the ruling was right, or whether the ranking follows the qualities.
// Everyone but the mover and the dealer votes. Passed: the round ends at
// once and the drawn card goes to the mover's hand; no money moves. Failed:
// the mover is disqualified (out of the challenge pay and the sorting); in
// a category job the text's "automatically eliminated from the work phase"
// is an elimination, paid as one: a mover still in the contest is the next
// one out, after the elimination the motion was about.
#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

void AdultingState::start_impeach(bool after_ranking) {
  impeach_ranking_ = after_ranking;
  ask_pos_ = 0;
  next_impeach_ask();
}

// The players but the dealer, in order; not the disqualified (they are out
// of the contest) nor those who moved already this round.
void AdultingState::next_impeach_ask() {
  const int seat = next_in_order(ask_pos_, disqualified_ | moved_ | (1u << dealer_));
  if (seat >= 0) return set_phase(Phase::kImpeachAsk, seat);
  impeach_done();
}

void AdultingState::apply_impeach(Action action) {
  const int seat = current_;
  if (action == kDecline) {
    push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kNoMotion));
    return next_impeach_ask();
  }
  moved_ |= 1u << seat;
  legal_actor_ = seat;
  push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kMoves));
  set_phase(Phase::kImpeachEvidence, kChancePlayer);
}

// A ranking follows the qualities when no one is ranked above a better
// performance (ties in any order).
bool AdultingState::ranking_follows_qualities() const {
  for (int i = 1; i < ranked_; ++i) {
    if (quality_[idx(ranking_[idx(i)])] > quality_[idx(ranking_[idx(i - 1)])]) return false;
  }
  return true;
}

void AdultingState::impeach_evidence(bool shown) {
  LegalEvidence what = LegalEvidence::kNone;
  int about = legal_actor_;
  if (shown && impeach_ranking_) {
    what = ranking_follows_qualities() ? LegalEvidence::kFair : LegalEvidence::kCorrupt;
  } else if (shown) {
    what = ruling_ == 1 ? LegalEvidence::kRight : LegalEvidence::kWrong;
    about = last_eliminated_;
  }
  push(EventKind::kEvidence, about, static_cast<int>(what));
  start_vote(Phase::kImpeachVote, (1u << legal_actor_) | (1u << dealer_));
}

void AdultingState::settle_impeach(bool passed) {
  const int mover = legal_actor_;
  if (passed) {
    push(EventKind::kLegalResult, mover, static_cast<int>(LegalResult::kImpeachPasses));
    hands_[idx(mover)] |= card_bit(card_);
    legal_actor_ = -1;
    return end_round();  // no sorting, no bidding, no more pay
  }
  push(EventKind::kLegalResult, mover, static_cast<int>(LegalResult::kImpeachFails));
  const bool in_contest = (contestants_ >> mover) & 1u;
  disqualify(mover);
  if (!impeach_ranking_ && in_contest) {
    moved_out_ = mover;  // paid after the elimination now being settled
    push(EventKind::kEliminate, mover);
  }
  impeach_done();
}

void AdultingState::impeach_done() {
  legal_actor_ = -1;
  if (impeach_ranking_) {
    seq_pos_ = -1;
    return challenge_pay();
  }
  // In the category: the eliminated is paid (a mover among them too: a
  // failed motion eliminates, it does not forfeit the elimination's pay),
  // then a mover the motion eliminated, then the next elimination.
  pay_eliminated();
}

}  // namespace kibitz::adulting
