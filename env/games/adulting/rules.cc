// The steps of an Adulting round outside the work phase: the scoring phase
// and its effects, the draw and the next top card's back, income, sorting,
// bidding, the dealer's rotation and the end (docs/rules/adulting.md).
#include <algorithm>
#include <bit>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

// --- Legal moves ---------------------------------------------------------------

bool AdultingState::can_discard(int seat, int card) const {
  switch (game_->card(card).effect) {
    case Effect::kNone:
      return false;
    case Effect::kSteal:
      // A Steal needs someone else holding a card (ours: otherwise it has no target).
      for (int s = 0; s < num_players(); ++s) {
        if (s != seat && hands_[idx(s)] != 0) return true;
      }
      return false;
    default:
      return true;
  }
}

bool AdultingState::is_target(int seat) const {
  // A Peek names anyone else (target_ >= 0 while it waits); a Steal a player
  // holding a card.
  return seat != actor_ && (target_ >= 0 || hands_[idx(seat)] != 0);
}

void AdultingState::score_actions(ActionList& out) const {
  const int seat = current_;
  const CardMask hand = hands_[idx(seat)];
  for (CardMask rest = hand; rest != 0; rest &= rest - 1) {
    const int c = std::countr_zero(rest);
    const unsigned columns = game_->card(c).columns;
    for (int col = 0; col < kNumColumns; ++col) {
      if ((columns >> col) & 1u) out.push_back(score_action(c, col));
    }
  }
  for (CardMask rest = hand; rest != 0; rest &= rest - 1) {
    const int c = std::countr_zero(rest);
    if (can_discard(seat, c)) out.push_back(kDiscardBase + c);
  }
  out.push_back(kPass);
}

bool AdultingState::is_legal_score(Action action) const {
  const CardMask hand = hands_[idx(current_)];
  if (action == kPass) return true;
  if (action >= kScoreBase && action < kDiscardBase) {
    const int c = (action - kScoreBase) / kNumColumns;
    return ((hand >> c) & 1u) && ((game_->card(c).columns >> ((action - kScoreBase) % kNumColumns)) & 1u);
  }
  if (action >= kDiscardBase && action < kPass) {
    const int c = action - kDiscardBase;
    return ((hand >> c) & 1u) && can_discard(current_, c);
  }
  return false;
}

int AdultingState::max_bid(int seat) const { return std::clamp(monies_[idx(seat)], 0, kMaxBid); }

// --- The game's start, the top card and the draw ---------------------------

void AdultingState::start_game() {
  deck_ = game_->all_cards();
  choose_top();
}

// The deck's new top card shows its back: drawn by chance unless every card
// left has one back. Continues the game when no chance is needed.
void AdultingState::choose_top() {
  if (deck_ == 0) {
    top_back_ = -1;
    if (card_ < 0) return begin_round();
    return after_draw();
  }
  const int back = game_->card(std::countr_zero(deck_)).back;
  if ((deck_ & ~game_->back_cards(back)) == 0) return apply_top_back(back);
  set_phase(Phase::kTopBack, kChancePlayer);
}

void AdultingState::apply_top_back(int back) {
  top_back_ = back;
  push(EventKind::kTopBack, 0, back);
  // At the start of the game no card is drawn yet: round 1 begins.
  if (card_ < 0) return begin_round();
  after_draw();
}

void AdultingState::begin_round() {
  push(EventKind::kRound, dealer_, round_);
  if (round_ == 0) return start_draw();
  seq_pos_ = 0;
  seq_len_ = config().dealer_scoring ? 1 : num_players();
  next_scorer();
}

// The next player of the scoring phase who holds a card, from the dealer
// going left; a player with an empty hand can only pass and is skipped.
void AdultingState::next_scorer() {
  while (seq_pos_ < seq_len_) {
    const int seat = seat_after(dealer_, seq_pos_++);
    if (hands_[idx(seat)] != 0) return set_phase(Phase::kScore, seat);
  }
  start_draw();
}

void AdultingState::apply_score(int card, int column) {
  const int seat = current_;
  hands_[idx(seat)] &= ~card_bit(card);
  mantle_[idx(seat)] |= card_bit(card);
  ++columns_[idx(seat)][idx(column)];
  column_cards_[idx(seat)][idx(column)] |= card_bit(card);
  push(EventKind::kScore, seat, card, column);
  if (game_->card(card).spade && ++spades_ == 3) return end_game(0);
  next_scorer();
}

void AdultingState::apply_discard(int card) {
  const int seat = current_;
  const CardInfo& info = game_->card(card);
  hands_[idx(seat)] &= ~card_bit(card);
  discard_ |= card_bit(card);
  push(EventKind::kDiscard, seat, card);
  switch (info.effect) {
    case Effect::kBank:
      // Paid from the bank: open to fines, then the next scorer.
      return take_from_bank(seat, info.amount, BankPay::kEffect);
    case Effect::kTax: {
      // With the legal system monies can be private (unseen extras): then a
      // payment of 0 is written too, so the stream always says how far each
      // payer could pay (the sampler relies on it).
      const bool write_zero = config().legal && !config().bidding;
      for (int k = 1; k < num_players(); ++k) {
        const int payer = seat_after(seat, k);
        const int paid = std::min<int>(info.amount, monies_[idx(payer)]);
        if (paid == 0 && !write_zero) continue;
        monies_[idx(payer)] -= paid;
        monies_[idx(seat)] += paid;
        push(EventKind::kPay, payer, seat, paid);
      }
      break;
    }
    case Effect::kPeek:
    case Effect::kSteal:
      actor_ = seat;
      target_ = info.effect == Effect::kPeek ? 0 : -1;  // is_target: -1 asks for a hand
      return set_phase(Phase::kTarget, seat);
    case Effect::kQualify:
      qualify_effect_ |= 1u << seat;
      break;
    case Effect::kNone:
      KIBITZ_CHECK(false, "discarding a card without effect");
  }
  next_scorer();
}

void AdultingState::apply_target(int target) {
  if (target_ >= 0) {  // Peek
    // The hand is kept before the event is pushed: pushing it logs the
    // observations, the hand seen among them.
    peeked_.push_back(hands_[idx(target)]);
    push(EventKind::kPeek, actor_, target, peeked_.size() - 1);
    return next_scorer();
  }
  push(EventKind::kStealFrom, actor_, target);
  target_ = target;
  // One card: nothing for chance to choose.
  if (card_count(hands_[idx(target)]) == 1) return apply_steal(std::countr_zero(hands_[idx(target)]));
  set_phase(Phase::kStealCard, kChancePlayer);
}

void AdultingState::apply_steal(int card) {
  hands_[idx(target_)] &= ~card_bit(card);
  hands_[idx(actor_)] |= card_bit(card);
  push(EventKind::kSteal, actor_, card, target_);
  next_scorer();
}

void AdultingState::start_draw() {
  if (deck_ == 0) return end_game(1);
  const CardMask candidates = deck_ & game_->back_cards(top_back_);
  if (card_count(candidates) == 1) return apply_draw(std::countr_zero(candidates));
  set_phase(Phase::kDrawCard, kChancePlayer);
}

void AdultingState::apply_draw(int card) {
  deck_ &= ~card_bit(card);
  card_ = card;
  push(EventKind::kDraw, dealer_, card);
  choose_top();
}

void AdultingState::after_draw() {
  if (!config().bidding) return start_work();
  for (int s = 0; s < num_players(); ++s) monies_[idx(s)] += config().income;
  push(EventKind::kIncome, 0, config().income);
  start_sorting();
}

// --- Sorting ---------------------------------------------------------------------

// The claimants, in order from the dealer's left: everyone but those through
// by a qualify effect and those disqualified this round.
void AdultingState::start_sorting() {
  qualified_ = qualify_effect_ & ~disqualified_;
  seq_len_ = 0;
  for (int k = 1; k <= num_players(); ++k) {
    const int seat = seat_after(dealer_, k);
    if (((qualify_effect_ | disqualified_) >> seat) & 1u) continue;
    seq_[idx(seq_len_++)] = static_cast<std::int8_t>(seat);
  }
  seq_pos_ = 0;
  next_truth();
}

// Truths in claim order; chance draws one unless the card's adult chance is 0 or 1.
void AdultingState::next_truth() {
  const double p = game_->card(card_).adult;
  while (seq_pos_ < seq_len_) {
    if (p > 0.0 && p < 1.0) return set_phase(Phase::kTruth, kChancePlayer);
    record_truth(p >= 1.0);
  }
  seq_pos_ = 0;
  next_claim();
}

void AdultingState::record_truth(bool adult) {
  const int seat = seq_[idx(seq_pos_++)];
  if (adult) truths_ |= 1u << seat;
  push(EventKind::kTruth, seat, adult ? 1 : 0);
}

void AdultingState::apply_truth(bool adult) {
  record_truth(adult);
  next_truth();
}

void AdultingState::next_claim() {
  if (seq_pos_ < seq_len_) return set_phase(Phase::kClaim, seq_[idx(seq_pos_)]);
  start_bidding();
}

void AdultingState::apply_claim(bool adult) {
  const int seat = current_;
  push(EventKind::kClaim, seat, adult ? 1 : 0);
  if (!adult) {
    ++seq_pos_;
    return next_claim();
  }
  vote_pos_ = 0;
  ups_ = downs_ = 0;
  next_voter();
}

// Everyone but the claimant votes, in order from the dealer's left.
void AdultingState::next_voter() {
  const int claimant = seq_[idx(seq_pos_)];
  while (vote_pos_ < num_players()) {
    const int voter = seat_after(dealer_, ++vote_pos_);
    if (voter != claimant) return set_phase(Phase::kVote, voter);
  }
  const bool stands = downs_ <= ups_;
  if (stands) qualified_ |= 1u << claimant;
  push(EventKind::kVerdict, claimant, stands ? 1 : 0);
  ++seq_pos_;
  next_claim();
}

void AdultingState::apply_vote(bool up) {
  push(EventKind::kVote, current_, up ? 1 : 0);
  ++(up ? ups_ : downs_);
  next_voter();
}

// --- Bidding ---------------------------------------------------------------------

void AdultingState::start_bidding() {
  if (qualified_ == 0) {
    discard_ |= card_bit(card_);
    push(EventKind::kNoTaker, dealer_, card_);
    return end_round();
  }
  seq_len_ = 0;
  for (int k = 1; k <= num_players(); ++k) {
    const int seat = seat_after(dealer_, k);
    if ((qualified_ >> seat) & 1u) seq_[idx(seq_len_++)] = static_cast<std::int8_t>(seat);
  }
  seq_pos_ = 0;
  set_phase(Phase::kBid, seq_[0]);
}

void AdultingState::apply_bid(int bid) {
  bids_[idx(current_)] = static_cast<std::uint8_t>(bid);
  push(EventKind::kCommit, current_, bid);
  if (++seq_pos_ < seq_len_) return set_phase(Phase::kBid, seq_[idx(seq_pos_)]);
  reveal_bids();
}

// All bids shown together: the highest takes the card and pays the bank; on
// a tie the first in order takes it and the other tied bidders are refunded
// from the bank (next_refund, bank_pay.cc).
void AdultingState::reveal_bids() {
  push(EventKind::kReveal, dealer_);
  int best = -1;
  int winner = -1;
  for (int i = 0; i < seq_len_; ++i) {
    const int seat = seq_[idx(i)];
    if (bids_[idx(seat)] > best) {
      best = bids_[idx(seat)];
      winner = seat;
    }
  }
  monies_[idx(winner)] -= best;
  hands_[idx(winner)] |= card_bit(card_);
  push(EventKind::kWin, winner, card_, best);
  taker_ = winner;
  payee_pos_ = 0;
  next_refund();
}

void AdultingState::end_round() {
  card_ = -1;
  qualify_effect_ = qualified_ = truths_ = disqualified_ = 0;
  ++round_;
  dealer_ = seat_after(dealer_, 1);
  begin_round();
}

void AdultingState::end_game(int reason) {
  end_reason_ = reason;
  push(EventKind::kEnd, dealer_, reason);
  set_phase(Phase::kTerminal, kTerminalPlayer);
}

}  // namespace kibitz::adulting
