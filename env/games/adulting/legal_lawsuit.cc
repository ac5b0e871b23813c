// Lawsuits (docs/rules/adulting.md "The legal system"): after a declaration
// the other contestants in order may sue the declarer; the first who does
// is the prosecutor and proposes a price (1 to their monies, at most 10).
// The dealer dismisses the case or allows it at a price up to the proposal.
// The defendant concedes (pays the prosecutor 1, or what they have, and
// keeps their place) or fights: oral arguments may show the true
// measurement, everyone but the prosecutor and the defendant votes, and
// more up than down votes find the defendant guilty.
#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

// The contestants after the declarer's declaration are asked in order from
// the dealer's left (seq_ holds that order); the declarer and the
// disqualified are not.
void AdultingState::next_sue_ask() {
  while (ask_pos_ < seq_len_) {
    const int seat = seq_[idx(ask_pos_++)];
    if (seat == legal_target_ || ((disqualified_ >> seat) & 1u)) continue;
    return set_phase(Phase::kSueAsk, seat);
  }
  lawsuit_done();
}

void AdultingState::apply_sue(Action action) {
  const int seat = current_;
  if (action == kDecline) {
    push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kNoSuit));
    return next_sue_ask();
  }
  // One suit per declaration: the first to sue prosecutes it.
  legal_actor_ = seat;
  push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kSues), legal_target_);
  set_phase(Phase::kPropose, seat);
}

// Proposing, allowing or dismissing, setting the price, conceding or fighting.
void AdultingState::apply_suit_step(Action action) {
  const int seat = current_;
  switch (phase_) {
    case Phase::kPropose:
      price_ = action - kPriceBase + 1;
      push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kProposes), price_);
      return set_phase(Phase::kAllowCase, dealer_);
    case Phase::kAllowCase:
      if (action == kDismiss) {
        push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kDismisses));
        return lawsuit_done();
      }
      push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kAllows));
      return set_phase(Phase::kSetPrice, dealer_);
    case Phase::kSetPrice:
      price_ = action - kPriceBase + 1;
      push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kSetsPrice), price_);
      return set_phase(Phase::kConcedeOrFight, legal_target_);
    case Phase::kConcedeOrFight:
      if (action == kConcede) {
        push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kConcedes));
        pay_as_far_as(seat, legal_actor_, 1);
        return lawsuit_done();
      }
      push(EventKind::kLegal, seat, static_cast<int>(LegalWord::kFights));
      return set_phase(Phase::kLawsuitEvidence, kChancePlayer);
    default:
      KIBITZ_CHECK(false, "adulting: no lawsuit step in phase ", phase_name(phase_));
  }
}

// Shown evidence is the defendant's true measurement, to everyone.
void AdultingState::lawsuit_evidence(bool shown) {
  if (shown) {
    push(EventKind::kEvidence, legal_target_, static_cast<int>(LegalEvidence::kMeasure),
         measure_[idx(legal_target_)]);
  } else {
    push(EventKind::kEvidence, legal_target_, static_cast<int>(LegalEvidence::kNone));
  }
  start_vote(Phase::kLawsuitVote, (1u << legal_actor_) | (1u << legal_target_));
}

// Guilty: the defendant pays the price as far as they can and is out of the
// contest. Not guilty: the prosecutor pays the defendant as far as they can.
void AdultingState::settle_lawsuit(bool guilty) {
  const int defendant = legal_target_;
  if (guilty) {
    push(EventKind::kLegalResult, defendant, static_cast<int>(LegalResult::kGuilty));
    pay_as_far_as(defendant, legal_actor_, price_);
    disqualify(defendant);
  } else {
    push(EventKind::kLegalResult, defendant, static_cast<int>(LegalResult::kNotGuilty));
    pay_as_far_as(legal_actor_, defendant, price_);
  }
  lawsuit_done();
}

void AdultingState::lawsuit_done() {
  legal_actor_ = legal_target_ = -1;
  price_ = 0;
  next_declare();
}

}  // namespace kibitz::adulting
