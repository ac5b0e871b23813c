// The public rules of Loyalist Spies (public_state.h), step by step: the
// order of a round's set-up, turns, missions, draws and discards as the
// rules text gives it, over counts of cards rather than cards.
#include "env/games/loyalist_spies/public_state.h"

#include <algorithm>

namespace kibitz::loyalist_spies {

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::kDealAces: return "aces";
    case Phase::kDeal: return "deal";
    case Phase::kKeep: return "keep";
    case Phase::kFlip: return "flip";
    case Phase::kJackTarget: return "jack";
    case Phase::kQueenPeek: return "queen peek";
    case Phase::kQueenOrder: return "queen order";
    case Phase::kFaceDown: return "face down";
    case Phase::kPlay: return "play";
    case Phase::kDraw: return "draw";
    case Phase::kDiscard: return "discard";
    case Phase::kTerminal: return "over";
  }
  return "?";
}

void PublicState::restart() {
  round_ = 0;
  totals_ = {};
  start_round();
}

void PublicState::start_round() {
  phase_ = Phase::kDealAces;
  first_ = round_ % config_->players;
  det_ = first_;
  actor_ = 0;
  steps_ = 0;
  count_ = 0;
  hands_ = {};
  deck_ = 0;
  top_len_ = 0;
  queen_len_ = 0;
  turn_flips_ = 0;
  kings_ = 0;
  jack_suit_ = -1;
  mission_active_ = false;
  refill_stage_ = false;
  mission_suit_ = -1;
  mission_rank_ = 0;
  terms_ = {};
  face_down_left_ = 0;
  face_down_count_ = 0;
  plays_ = 0;
  draws_owed_ = {};
  missions_ = 0;
  tally_ = {};
}

bool PublicState::end_round(std::span<const int> points) {
  bool beaten = false;
  for (int s = 0; s < config_->players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    totals_[i] += points[i];
    beaten = beaten || totals_[i] > config_->target_score;
  }
  ++round_;
  const bool over = config_->rounds > 0 ? round_ == config_->rounds : (beaten || round_ == config_->max_rounds);
  if (over) {
    phase_ = Phase::kTerminal;
    mission_active_ = false;
  } else {
    start_round();
  }
  return over;
}

// --- Set-up -------------------------------------------------------------------

void PublicState::ace_dealt() {
  if (++count_ < config_->players) return;
  // With 3 players the ace left over stays set aside, unseen.
  count_ = 0;
  actor_ = next_seat(first_);
  phase_ = Phase::kDeal;
}

Next PublicState::card_dealt() {
  ++hands_[static_cast<std::size_t>(actor_)];
  actor_ = next_seat(actor_);  // dealing round-robin, from the seat after the first determiner
  ++count_;
  if (config_->keep5) {
    if (count_ < config_->cards_in_play()) return Next::kGoOn;
    phase_ = Phase::kKeep;
    actor_ = first_;
    count_ = 0;
    steps_ = 0;
    return Next::kGoOn;
  }
  if (count_ < kKeepCount * config_->players) return Next::kGoOn;
  deck_ = config_->deck_cards();
  return start_turn();
}

Next PublicState::card_kept() {
  if (++count_ < kKeepCount) return Next::kGoOn;
  count_ = 0;
  actor_ = next_seat(actor_);
  if (++steps_ < config_->players) return Next::kGoOn;
  // Every seat holds its five; the cards given up form the deck.
  std::fill_n(hands_.begin(), config_->players, kKeepCount);
  deck_ = config_->deck_cards();
  return start_turn();
}

// --- Turns ----------------------------------------------------------------------

Next PublicState::start_turn() {
  turn_flips_ = 0;
  kings_ = 0;
  jack_suit_ = -1;
  mission_active_ = false;
  steps_ = 0;
  phase_ = Phase::kFlip;
  return deck_ == 0 ? Next::kRoundOver : Next::kGoOn;
}

Next PublicState::end_turn() {
  det_ = next_seat(det_);
  return start_turn();
}

void PublicState::take_top() {
  --deck_;
  if (top_len_ > 0) --top_len_;
}

Next PublicState::flipped(int card) {
  take_top();
  ++turn_flips_;
  if (is_joker(card) || rank_of(card) == kRankKing) {
    // A Joker is set aside, a King adds to the next mission's VP: flip
    // again, unless the deck is empty.
    kings_ += is_joker(card) ? 0 : 1;
    return deck_ == 0 ? Next::kRoundOver : Next::kGoOn;
  }
  switch (rank_of(card)) {
    case kRankJack:
      jack_suit_ = suit_of(card);
      phase_ = Phase::kJackTarget;
      return Next::kGoOn;
    case kRankQueen:
      return start_queen();
    default:
      return start_mission(card);
  }
}

Next PublicState::jack_looked() { return end_turn(); }

Next PublicState::start_queen() {
  queen_len_ = std::min(kQueenLook, deck_);
  if (top_len_ < queen_len_) {
    phase_ = Phase::kQueenPeek;
    return Next::kGoOn;
  }
  return after_peek();
}

Next PublicState::peeked() {
  if (++top_len_ < queen_len_) return Next::kGoOn;
  return after_peek();
}

Next PublicState::after_peek() {
  if (top_len_ < 2) return end_turn();  // one card has no order to choose
  phase_ = Phase::kQueenOrder;
  return Next::kGoOn;
}

Next PublicState::ordered() { return end_turn(); }

// --- Missions -----------------------------------------------------------------

Next PublicState::start_mission(int card) {
  mission_active_ = true;
  mission_suit_ = suit_of(card);
  mission_rank_ = rank_of(card);
  terms_ = mission_terms(mission_rank_, mission_suit_, kings_);
  face_down_count_ = 0;
  face_down_left_ = std::min(kMissionDeckCards, deck_);
  plays_ = 0;
  steps_ = 0;
  if (face_down_left_ == 0) return next_player_to_play();
  phase_ = Phase::kFaceDown;
  return Next::kGoOn;
}

Next PublicState::face_down() {
  take_top();
  ++face_down_count_;
  if (--face_down_left_ > 0) return Next::kGoOn;
  return next_player_to_play();
}

Next PublicState::next_player_to_play() {
  if (steps_ == config_->players) return Next::kReveal;
  actor_ = seat_after(det_, steps_);
  phase_ = Phase::kPlay;
  return Next::kGoOn;
}

Next PublicState::played() {
  --hands_[static_cast<std::size_t>(actor_)];
  ++plays_;
  ++steps_;
  return next_player_to_play();
}

Next PublicState::passed() {
  ++steps_;
  return next_player_to_play();
}

Next PublicState::revealed(bool success) {
  tally_.add(mission_suit_, terms_.vp, success);
  ++missions_;
  mission_active_ = false;
  const SuitEffect effect = suit_effect(mission_suit_, success, config_->hearts_discard);
  steps_ = 0;
  if (effect.discard) return next_discarder();
  if (effect.draws == 0) return start_refill();
  refill_stage_ = false;
  std::fill_n(draws_owed_.begin(), config_->players, static_cast<std::int8_t>(effect.draws));
  return next_drawer();
}

Next PublicState::next_discarder() {
  for (; steps_ < config_->players; ++steps_) {  // an empty hand discards nothing
    const int s = seat_after(det_, steps_);
    if (hands_[static_cast<std::size_t>(s)] != 0) {
      actor_ = s;
      phase_ = Phase::kDiscard;
      return Next::kGoOn;
    }
  }
  return start_refill();
}

Next PublicState::discarded() {
  --hands_[static_cast<std::size_t>(actor_)];
  ++steps_;
  return next_discarder();
}

Next PublicState::start_refill() {
  if (!config_->refill) return end_turn();
  refill_stage_ = true;
  steps_ = 0;
  for (int s = 0; s < config_->players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    draws_owed_[i] = static_cast<std::int8_t>(std::max(0, kRefillTo - hands_[i]));
  }
  return next_drawer();
}

Next PublicState::next_drawer() {
  for (; steps_ < config_->players && deck_ != 0; ++steps_) {
    const int s = seat_after(det_, steps_);
    if (draws_owed_[static_cast<std::size_t>(s)] > 0) {
      actor_ = s;
      phase_ = Phase::kDraw;
      return Next::kGoOn;
    }
  }
  // Done, or the deck ran out: nobody draws any more.
  draws_owed_ = {};
  return refill_stage_ ? end_turn() : start_refill();
}

Next PublicState::drawn() {
  take_top();
  const auto a = static_cast<std::size_t>(actor_);
  ++hands_[a];
  if (--draws_owed_[a] == 0) ++steps_;
  return next_drawer();
}

}  // namespace kibitz::loyalist_spies
