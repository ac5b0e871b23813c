// The work phase of variant=full (docs/rules/adulting.md "Work phase"): the
// dealer sits out and the other players, the contestants, earn monies from
// the bank by the drawn card's job: category, rank, payout or challenge.
// With legal=true the legal system steps in at the hooks after_ruling,
// after_declare, pay_from_bank and after_ranking (see adulting_state.h);
// with legal=false each hook continues the job at once.
#include <algorithm>
#include <bit>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {
namespace {

constexpr int kMeasureValues = kMaxDeclare + 1;  // measurements 0..9
constexpr int kPayoutValues = 4;                 // payouts 0..3
constexpr int kQualityValues = 10;               // qualities 0..9

}  // namespace

int AdultingState::num_contestants() const { return seq_len_; }

// The contestants, in order from the dealer's left: everyone but the dealer.
void AdultingState::start_work() {
  contestants_ = 0;
  seq_len_ = 0;
  for (int k = 1; k < num_players(); ++k) {
    const int seat = seat_after(dealer_, k);
    if ((disqualified_ >> seat) & 1u) continue;
    seq_[idx(seq_len_++)] = static_cast<std::int8_t>(seat);
    contestants_ |= 1u << seat;
  }
  seq_pos_ = 0;
  eliminated_ = ranked_ = 0;
  last_eliminated_ = -1;
  reset_legal();
  switch (game_->card(card_).job) {
    case Job::kCategory:
      return next_elimination();
    case Job::kRank:
      return next_measure();
    case Job::kPayout:
      return start_payout();
    case Job::kChallenge:
      return start_challenge();
  }
}

void AdultingState::work_actions(ActionList& out) const {
  switch (phase_) {
    case Phase::kDeclare:
      for (int v = measure_[idx(current_)]; v <= kMaxDeclare; ++v) out.push_back(kDeclareBase + v);
      return;
    case Phase::kRankChallenge:
      for (int s = 0; s < num_players(); ++s) {
        if ((contestants_ >> s) & 1u) out.push_back(kRankBase + s);
      }
      return;
    default:
      return legal_step_actions(out);
  }
}

bool AdultingState::is_legal_work(Action action) const {
  switch (phase_) {
    case Phase::kDeclare:
      return action >= kDeclareBase + measure_[idx(current_)] && action <= kDeclareBase + kMaxDeclare;
    case Phase::kRankChallenge:
      return action >= kRankBase && action < kRankBase + num_players() && ((contestants_ >> (action - kRankBase)) & 1u);
    case Phase::kEliminate:
      return action >= 0 && action < num_players() && ((contestants_ >> action) & 1u);
    case Phase::kRuling: {
      const double r = config().ruling;
      const double right = config().ruling_right;
      return (action == 0 && r < 1.0) || (action == 1 && r > 0.0 && right > 0.0) ||
             (action == 2 && r > 0.0 && right < 1.0);
    }
    case Phase::kMeasure:
    case Phase::kQuality:
      return action >= 0 && action < kMeasureValues;
    case Phase::kPayout:
      return action >= 0 && action < kPayoutValues;
    default:
      return is_legal_step(action);
  }
}

Action AdultingState::work_sample_chance_outcome(Rng& rng) const {
  switch (phase_) {
    case Phase::kEliminate: {
      // Uniform over the contestants in seat order, as listed.
      int n = draw_uniform_index(card_count(contestants_), rng);
      for (int s = 0; s < num_players(); ++s) {
        if (((contestants_ >> s) & 1u) && n-- == 0) return s;
      }
      KIBITZ_CHECK(false, "adulting: no contestant left to eliminate");
      return kInvalidAction;  // not reached
    }
    case Phase::kRuling: {
      // The reference walk over the listed outcomes, in their order.
      const double r = config().ruling;
      const double right = config().ruling_right;
      double u = rng.uniform_double();
      Action last = 0;
      if (r < 1.0) {
        last = 0;
        if ((u -= 1.0 - r) < 0) return 0;
      }
      if (r > 0.0 && right > 0.0) {
        last = 1;
        if ((u -= r * right) < 0) return 1;
      }
      if (r > 0.0 && right < 1.0) {
        last = 2;
        if ((u -= r * (1.0 - right)) < 0) return 2;
      }
      return last;
    }
    case Phase::kMeasure:
    case Phase::kQuality:
      return draw_uniform_index(kMeasureValues, rng);
    case Phase::kPayout:
      return draw_uniform_index(kPayoutValues, rng);
    default:
      return legal_sample_outcome(rng);
  }
}

void AdultingState::work_chance_outcomes(ChanceOutcomeList& out) const {
  auto uniform = [&out](int values) {
    for (int v = 0; v < values; ++v) out.push_back({v, 1.0 / values});
  };
  switch (phase_) {
    case Phase::kEliminate: {
      const double p = 1.0 / card_count(contestants_);
      for (int s = 0; s < num_players(); ++s) {
        if ((contestants_ >> s) & 1u) out.push_back({s, p});
      }
      return;
    }
    case Phase::kRuling: {
      const double r = config().ruling;
      const double right = config().ruling_right;
      if (r < 1.0) out.push_back({0, 1.0 - r});
      if (r > 0.0 && right > 0.0) out.push_back({1, r * right});
      if (r > 0.0 && right < 1.0) out.push_back({2, r * (1.0 - right)});
      return;
    }
    case Phase::kMeasure:
    case Phase::kQuality:
      return uniform(kMeasureValues);
    case Phase::kPayout:
      return uniform(kPayoutValues);
    default:
      return legal_step_outcomes(out);
  }
}

void AdultingState::apply_work(Action action) {
  switch (phase_) {
    case Phase::kEliminate:
      return apply_eliminate(action);
    case Phase::kRuling:
      return apply_ruling(action);
    case Phase::kMeasure:
      return apply_measure(action);
    case Phase::kDeclare:
      return apply_declare(action - kDeclareBase);
    case Phase::kPayout:
      return apply_payout(action);
    case Phase::kQuality:
      return apply_quality(action);
    case Phase::kRankChallenge:
      return apply_rank(action - kRankBase);
    default:
      return apply_legal_step(action);
  }
}

// Work pay from the bank; the paid contestant may take extra before the job
// goes on (take_from_bank, bank_pay.cc). Rank and challenge pay leave the
// disqualified out themselves; in a category job every elimination is paid,
// a failed motion's mover's included (the text: the mover "is eliminated").
void AdultingState::pay_from_bank(int seat, int amount) {
  if (amount <= 0) return after_work_payment();
  take_from_bank(seat, amount, BankPay::kWork);
}

// Continues the job after a payment (and its fines).
void AdultingState::after_work_payment() {
  switch (game_->card(card_).job) {
    case Job::kCategory:
      return next_elimination();
    case Job::kRank:
      return rank_pay();
    case Job::kPayout:
      if (++seq_pos_ < seq_len_) return set_phase(Phase::kPayout, kChancePlayer);
      return end_work();
    case Job::kChallenge:
      return challenge_pay();
  }
}

void AdultingState::end_work() { start_sorting(); }

// --- Category ------------------------------------------------------------------

// Chance eliminates the contestants one at a time; the last one left is the
// last eliminated without a draw. A mover a failed motion eliminated comes
// first: that elimination followed the one just paid.
void AdultingState::next_elimination() {
  if (moved_out_ >= 0) return eliminate_mover();
  const int left = card_count(contestants_);
  if (left == 0) return end_work();
  if (left == 1) return apply_eliminate(std::countr_zero(contestants_));
  set_phase(Phase::kEliminate, kChancePlayer);
}

void AdultingState::apply_eliminate(int seat) {
  const bool last = card_count(contestants_) == 1;
  contestants_ &= ~(1u << seat);
  ++eliminated_;
  last_eliminated_ = seat;
  ruling_ = 0;
  push(EventKind::kEliminate, seat);
  // The last one left was not eliminated by anyone: no ruling.
  if (last || config().ruling <= 0.0) return after_ruling();
  set_phase(Phase::kRuling, kChancePlayer);
}

void AdultingState::apply_ruling(int outcome) {
  ruling_ = outcome;
  push(EventKind::kRuling, last_eliminated_, outcome);
  after_ruling();
}

// After an elimination: a ruling may be appealed (once a round each) and
// then give rise to impeachment (legal_appeal.cc, legal_impeach.cc) before
// the eliminated is paid.
void AdultingState::after_ruling() {
  if (!config().legal || ruling_ == 0) return pay_eliminated();
  if ((appealed_ >> last_eliminated_) & 1u) return start_impeach(false);
  set_phase(Phase::kAppealAsk, last_eliminated_);
}

// The k-th eliminated takes k monies.
void AdultingState::pay_eliminated() { pay_from_bank(last_eliminated_, eliminated_); }

// The mover of a failed motion, eliminated by it (its kEliminate event was
// written then, legal_impeach.cc), is paid as the next one out: no ruling,
// so no appeal and no impeachment over it.
void AdultingState::eliminate_mover() {
  last_eliminated_ = moved_out_;
  moved_out_ = -1;
  ++eliminated_;
  ruling_ = 0;
  pay_eliminated();
}

// --- Rank ----------------------------------------------------------------------

void AdultingState::next_measure() {
  if (seq_pos_ < seq_len_) return set_phase(Phase::kMeasure, kChancePlayer);
  seq_pos_ = 0;
  set_phase(Phase::kDeclare, seq_[0]);
}

void AdultingState::apply_measure(int value) {
  const int seat = seq_[idx(seq_pos_++)];
  measure_[idx(seat)] = static_cast<std::int8_t>(value);
  push(EventKind::kMeasure, seat, value);
  next_measure();
}

void AdultingState::apply_declare(int value) {
  declared_[idx(current_)] = static_cast<std::int8_t>(value);
  push(EventKind::kDeclare, current_, value);
  after_declare();
}

// Lawsuits against this declaration come first (legal_lawsuit.cc).
void AdultingState::after_declare() {
  if (!config().legal) return next_declare();
  legal_target_ = current_;
  ask_pos_ = 0;
  next_sue_ask();
}

void AdultingState::next_declare() {
  if (++seq_pos_ < seq_len_) return set_phase(Phase::kDeclare, seq_[idx(seq_pos_)]);
  seq_pos_ = -1;  // rank_pay starts at the first contestant
  rank_pay();
}

// Each contestant not disqualified receives `players` minus the number of
// such contestants who declared more, in order.
void AdultingState::rank_pay() {
  while (++seq_pos_ < seq_len_) {
    const int seat = seq_[idx(seq_pos_)];
    if ((disqualified_ >> seat) & 1u) continue;
    int above = 0;
    for (int i = 0; i < seq_len_; ++i) {
      const int other = seq_[idx(i)];
      if (!((disqualified_ >> other) & 1u) && declared_[idx(other)] > declared_[idx(seat)]) ++above;
    }
    return pay_from_bank(seat, num_players() - above);
  }
  end_work();
}

// --- Payout --------------------------------------------------------------------

void AdultingState::start_payout() { set_phase(Phase::kPayout, kChancePlayer); }

void AdultingState::apply_payout(int value) {
  const int seat = seq_[idx(seq_pos_)];
  push(EventKind::kPayout, seat, value);
  pay_from_bank(seat, value);
}

// --- Challenge -------------------------------------------------------------------

void AdultingState::start_challenge() { set_phase(Phase::kQuality, kChancePlayer); }

void AdultingState::apply_quality(int value) {
  const int seat = seq_[idx(seq_pos_)];
  quality_[idx(seat)] = static_cast<std::int8_t>(value);
  push(EventKind::kQuality, seat, value);
  if (++seq_pos_ < seq_len_) return;  // the next quality, still chance
  ranked_ = 0;
  if (card_count(contestants_) <= 1) {
    if (contestants_ != 0) return apply_rank(std::countr_zero(contestants_));
    return end_work();
  }
  set_phase(Phase::kRankChallenge, dealer_);
}

// The dealer names the contestants best first; the last one left is ranked
// without a choice.
void AdultingState::apply_rank(int seat) {
  contestants_ &= ~(1u << seat);
  ranking_[idx(ranked_++)] = static_cast<std::int8_t>(seat);
  push(EventKind::kRank, dealer_, seat);
  if (card_count(contestants_) == 1) return apply_rank(std::countr_zero(contestants_));
  if (contestants_ != 0) return set_phase(Phase::kRankChallenge, dealer_);
  after_ranking();
}

// The ranking is complete: impeachment comes before the pay (legal_impeach.cc).
void AdultingState::after_ranking() {
  if (config().legal) return start_impeach(true);
  seq_pos_ = -1;
  challenge_pay();
}

// Pays the ranking: the first not disqualified `players` monies, the next
// one less, and so on (the order closes up over the disqualified).
void AdultingState::challenge_pay() {
  while (++seq_pos_ < ranked_) {
    const int seat = ranking_[idx(seq_pos_)];
    if ((disqualified_ >> seat) & 1u) continue;
    int place = 0;
    for (int i = 0; i < seq_pos_; ++i) place += ((disqualified_ >> ranking_[idx(i)]) & 1u) ? 0 : 1;
    return pay_from_bank(seat, num_players() - place);
  }
  end_work();
}

}  // namespace kibitz::adulting
