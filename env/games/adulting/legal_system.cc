// The legal system of variant=full with legal=true (docs/rules/adulting.md
// "The legal system"): the dispatch of its phases (Phase::kAppealAsk ..
// kImpeachVote) and the steps its four parts share: asking seats in order,
// oral arguments (a chance node: shown with probability `evidence`), votes,
// payments "as far as they can" and disqualification. The parts are
// legal_appeal.cc, legal_lawsuit.cc, legal_fines.cc and legal_impeach.cc;
// the work phase reaches them through its hooks (adulting_state.h).
#include <algorithm>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

void AdultingState::reset_legal() {
  legal_actor_ = legal_target_ = -1;
  price_ = extra_ = ask_pos_ = 0;
  vote_skip_ = watchers_ = appealed_ = moved_ = 0;
  moved_out_ = -1;
  impeach_ranking_ = false;
}

// --- Moves and chance outcomes ------------------------------------------------

namespace {

// The highest price the seat to act may name: its monies (at most kMaxPrice)
// when it proposes, the proposal when the dealer sets the price.
int highest_price(Phase phase, int money, int proposal) {
  return phase == Phase::kPropose ? std::min(money, kMaxPrice) : proposal;
}

}  // namespace

// In ascending order, as legal_actions promises (kDecline comes first).
void AdultingState::legal_step_actions(ActionList& out) const {
  const int money = monies_[idx(current_)];
  switch (phase_) {
    case Phase::kAppealAsk:
      // The collateral: one money per other player.
      out.push_back(kDecline);
      if (money >= num_players() - 1) out.push_back(kAppeal);
      return;
    case Phase::kSueAsk:
      // A suit needs a price of at least 1 the prosecutor can cover.
      if (money >= 1) out.push_back(kSue);
      out.push_back(kDecline);
      return;
    case Phase::kPropose:
    case Phase::kSetPrice:
      for (int p = 1; p <= highest_price(phase_, money, price_); ++p) out.push_back(kPriceBase + p - 1);
      return;
    case Phase::kAllowCase:
      out.push_back(kAllow);
      out.push_back(kDismiss);
      return;
    case Phase::kConcedeOrFight:
      out.push_back(kConcede);
      out.push_back(kFight);
      return;
    case Phase::kTakeExtra:
      for (int e = 0; e <= kMaxExtra; ++e) out.push_back(kTakeBase + e);
      return;
    case Phase::kCallOutAsk:
      // Every watcher is asked, so being asked tells nothing about the extra.
      out.push_back(kDecline);
      if (extra_ > 0) out.push_back(kCallOut);
      return;
    case Phase::kImpeachAsk:
      out.push_back(kDecline);
      out.push_back(kImpeach);
      return;
    case Phase::kAppealVote:
    case Phase::kLawsuitVote:
    case Phase::kImpeachVote:
      out.push_back(kUpVote);
      out.push_back(kDownVote);
      return;
    default:
      KIBITZ_CHECK(false, "adulting: no moves for phase ", phase_name(phase_));
  }
}

bool AdultingState::is_legal_step(Action action) const {
  switch (phase_) {
    case Phase::kAppealEvidence:
    case Phase::kLawsuitEvidence:
    case Phase::kImpeachEvidence:
    case Phase::kWatch: {
      const double p = legal_chance();
      return (action == 0 && p < 1.0) || (action == 1 && p > 0.0);
    }
    case Phase::kPropose:
    case Phase::kSetPrice:
      return action >= kPriceBase &&
             action < kPriceBase + highest_price(phase_, monies_[idx(current_)], price_);
    case Phase::kTakeExtra:
      return action >= kTakeBase && action <= kTakeBase + kMaxExtra;
    default:
      break;
  }
  const int money = current_ >= 0 ? monies_[idx(current_)] : 0;
  switch (phase_) {
    case Phase::kAppealAsk:
      return action == kDecline || (action == kAppeal && money >= num_players() - 1);
    case Phase::kSueAsk:
      return action == kDecline || (action == kSue && money >= 1);
    case Phase::kAllowCase:
      return action == kAllow || action == kDismiss;
    case Phase::kConcedeOrFight:
      return action == kConcede || action == kFight;
    case Phase::kCallOutAsk:
      return action == kDecline || (action == kCallOut && extra_ > 0);
    case Phase::kImpeachAsk:
      return action == kImpeach || action == kDecline;
    case Phase::kAppealVote:
    case Phase::kLawsuitVote:
    case Phase::kImpeachVote:
      return action == kUpVote || action == kDownVote;
    default:
      return false;
  }
}

// The chance of the legal chance node: oral arguments show the truth with
// probability `evidence`; each other player watches with `notice`.
double AdultingState::legal_chance() const {
  return phase_ == Phase::kWatch ? config().notice : config().evidence;
}

void AdultingState::legal_step_outcomes(ChanceOutcomeList& out) const {
  switch (phase_) {
    case Phase::kAppealEvidence:
    case Phase::kLawsuitEvidence:
    case Phase::kImpeachEvidence:
    case Phase::kWatch: {
      const double p = legal_chance();
      if (p < 1.0) out.push_back({0, 1.0 - p});
      if (p > 0.0) out.push_back({1, p});
      return;
    }
    default:
      KIBITZ_CHECK(false, "adulting: no chance outcomes for phase ", phase_name(phase_));
  }
}

// The reference walk over legal_step_outcomes' list, without listing it (a
// gym worker's first legal chance node must not allocate).
Action AdultingState::legal_sample_outcome(Rng& rng) const {
  switch (phase_) {
    case Phase::kAppealEvidence:
    case Phase::kLawsuitEvidence:
    case Phase::kImpeachEvidence:
    case Phase::kWatch: {
      const double p = legal_chance();
      const double u = rng.uniform_double();
      if (p >= 1.0) return 1;
      if (p <= 0.0) return 0;
      return u - (1.0 - p) < 0 ? 0 : 1;
    }
    default:
      return State::sample_chance_outcome(rng);
  }
}

void AdultingState::apply_legal_step(Action action) {
  switch (phase_) {
    case Phase::kAppealAsk:
      return apply_appeal(action);
    case Phase::kAppealEvidence:
      return appeal_evidence(action == 1);
    case Phase::kSueAsk:
      return apply_sue(action);
    case Phase::kPropose:
    case Phase::kAllowCase:
    case Phase::kSetPrice:
    case Phase::kConcedeOrFight:
      return apply_suit_step(action);
    case Phase::kLawsuitEvidence:
      return lawsuit_evidence(action == 1);
    case Phase::kTakeExtra:
      return apply_take_extra(action - kTakeBase);
    case Phase::kWatch:
      return apply_watch(action == 1);
    case Phase::kCallOutAsk:
      return apply_call_out(action);
    case Phase::kImpeachAsk:
      return apply_impeach(action);
    case Phase::kImpeachEvidence:
      return impeach_evidence(action == 1);
    case Phase::kAppealVote:
    case Phase::kLawsuitVote:
    case Phase::kImpeachVote:
      return apply_legal_vote(action == kUpVote);
    default:
      KIBITZ_CHECK(false, "adulting: no move in phase ", phase_name(phase_));
  }
}

// --- Shared steps -----------------------------------------------------------------

// The next seat in order from the dealer's left (the dealer last) after
// position `pos` (1 = the dealer's left, n = the dealer), skipping the seats
// in `skip`; advances `pos` to it. -1 when none is left.
int AdultingState::next_in_order(int& pos, unsigned skip) const {
  while (pos < num_players()) {
    const int seat = from_dealer(++pos);
    if (!((skip >> seat) & 1u)) return seat;
  }
  return -1;
}

// A vote of everyone not in `skip`, in order; settle_vote follows the last.
void AdultingState::start_vote(Phase phase, unsigned skip) {
  vote_skip_ = skip;
  vote_pos_ = ups_ = downs_ = 0;
  const int voter = next_in_order(vote_pos_, vote_skip_);
  if (voter < 0) return settle_vote(false);  // no voters: nothing carries
  set_phase(phase, voter);
}

void AdultingState::apply_legal_vote(bool up) {
  push(EventKind::kVote, current_, up ? 1 : 0);
  ++(up ? ups_ : downs_);
  const int voter = next_in_order(vote_pos_, vote_skip_);
  if (voter >= 0) return set_phase(phase_, voter);
  // More up than down votes carry; a tie does not.
  settle_vote(ups_ > downs_);
}

void AdultingState::settle_vote(bool carried) {
  switch (phase_) {
    case Phase::kAppealVote:
      return settle_appeal(carried);
    case Phase::kLawsuitVote:
      return settle_lawsuit(carried);
    default:
      return settle_impeach(carried);
  }
}

// Payments in the legal system never go into debt and the bank covers no
// default: the payer pays what they can. The payment is written even when
// it is 0, so that how far a payer could pay is always in the stream.
void AdultingState::pay_as_far_as(int from, int to, int amount) {
  const int paid = std::min(amount, monies_[idx(from)]);
  monies_[idx(from)] -= paid;
  monies_[idx(to)] += paid;
  push(EventKind::kPay, from, to, paid);
}

// Out of the rest of the contest, its pay and the sorting phase.
void AdultingState::disqualify(int seat) {
  disqualified_ |= 1u << seat;
  contestants_ &= ~(1u << seat);
  push(EventKind::kDisqualify, seat);
}

}  // namespace kibitz::adulting
