// The phase transitions of a Loyalist Spies round, one function per step
// of the rules: set-up, turns (flips, Jacks, Queens), missions (face-down
// cards, plays, reveal, draws and discards) and the round's end. Each logs
// its event (push_event), and so what the seats observe.
#include <algorithm>
#include <array>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
namespace {

std::uint8_t seat_bit(int seat) { return static_cast<std::uint8_t>(1u << seat); }

}  // namespace

// --- Set-up -----------------------------------------------------------------

void LoyalistSpiesState::apply_ace(int card) {
  ace_[static_cast<std::size_t>(count_)] = static_cast<std::int8_t>(card);
  aces_left_ &= ~card_bit(card);
  push_event(EventKind::kAce, count_, card, 0);
  if (++count_ < num_players()) return;
  // With 3 players the ace left over stays set aside, unseen.
  CardMask jokers = 0;
  for (int j = 0; j < config_->jokers; ++j) jokers |= card_bit(kFirstJoker + j);
  undealt_ = (kPackMask & ~kAceMask) | jokers;
  count_ = 0;
  actor_ = next_seat(first_determiner_);
  phase_ = Phase::kDeal;
}

void LoyalistSpiesState::apply_deal(int card) {
  const int receiver = actor_;  // dealing round-robin, from the seat after the first determiner
  hand_[static_cast<std::size_t>(receiver)] |= card_bit(card);
  undealt_ &= ~card_bit(card);
  push_event(EventKind::kDeal, receiver, card, 0);
  actor_ = next_seat(actor_);
  ++count_;
  if (config_->keep5) {
    if (undealt_ != 0) return;
    dealt_ = hand_;
    phase_ = Phase::kKeep;
    actor_ = first_determiner_;
    count_ = 0;
    steps_ = 0;
    last_keep_rank_ = -1;
    return;
  }
  if (count_ < kKeepCount * num_players()) return;
  deck_ = undealt_;
  undealt_ = 0;
  start_turn();
}

void LoyalistSpiesState::apply_keep(int card) {
  const auto a = static_cast<std::size_t>(actor_);
  kept_[a] |= card_bit(card);
  last_keep_rank_ = keep_rank(card);
  push_event(EventKind::kKeep, actor_, card, 0);
  if (++count_ < kKeepCount) return;
  count_ = 0;
  last_keep_rank_ = -1;
  actor_ = next_seat(actor_);
  if (++steps_ == num_players()) finish_keep();
}

void LoyalistSpiesState::finish_keep() {
  deck_ = 0;
  for (int s = 0; s < num_players(); ++s) {
    const auto i = static_cast<std::size_t>(s);
    deck_ |= dealt_[i] & ~kept_[i];
    deck_known_[i] = dealt_[i] & ~kept_[i];
    hand_[i] = kept_[i];
  }
  start_turn();
}

// --- Turns ------------------------------------------------------------------

void LoyalistSpiesState::start_turn() {
  kings_ = 0;
  jack_suit_ = -1;
  mission_active_ = false;
  steps_ = 0;
  if (deck_ == 0) {
    end_round();
  } else {
    phase_ = Phase::kFlip;
  }
}

void LoyalistSpiesState::end_turn() {
  determiner_ = next_seat(determiner_);
  start_turn();
}

void LoyalistSpiesState::take_top(int card) {
  if (prefix_len_ > 0) {
    KIBITZ_DCHECK(prefix_[0] == card, "the fixed top card must come first");
    const std::uint8_t known = prefix_pos_known_[0];
    for (int i = 1; i < prefix_len_; ++i) {
      prefix_[static_cast<std::size_t>(i - 1)] = prefix_[static_cast<std::size_t>(i)];
      prefix_pos_known_[static_cast<std::size_t>(i - 1)] =
          prefix_pos_known_[static_cast<std::size_t>(i)];
    }
    --prefix_len_;
    prefix_pos_known_[static_cast<std::size_t>(prefix_len_)] = 0;
    // Seats that knew where the card lay see it leave the top.
    for (int s = 0; s < num_players(); ++s) {
      if ((known >> s) & 1u) prefix_seen_[static_cast<std::size_t>(s)] &= ~card_bit(card);
    }
    top_known_by_ = known;
  } else {
    top_known_by_ = 0;
  }
  deck_ &= ~card_bit(card);
}

void LoyalistSpiesState::apply_flip(int card) {
  take_top(card);
  public_ |= card_bit(card);
  for (int s = 0; s < num_players(); ++s) {
    prefix_seen_[static_cast<std::size_t>(s)] &= ~card_bit(card);
    deck_known_[static_cast<std::size_t>(s)] &= ~card_bit(card);
  }
  push_event(EventKind::kFlip, determiner_, card, 0);
  if (is_joker(card)) {
    // Set aside; flip again (a King chain goes on). Nothing left: round over.
    if (deck_ == 0) end_round();
    return;
  }
  switch (rank_of(card)) {
    case kRankKing:
      ++kings_;
      if (deck_ == 0) end_round();
      return;
    case kRankJack:
      jack_suit_ = suit_of(card);
      phase_ = Phase::kJackTarget;
      return;
    case kRankQueen:
      start_queen();
      return;
    default:
      start_mission(card);
      return;
  }
}

void LoyalistSpiesState::apply_jack(int target) {
  const auto t = static_cast<std::size_t>(target);
  const bool match = suit_of(ace_[t]) == jack_suit_;
  ace_known_by_[t] |= seat_bit(determiner_);
  if (match) {
    // The target's suit becomes known to all; the determiner's to the target.
    ace_known_by_[t] = static_cast<std::uint8_t>((1u << num_players()) - 1);
    ace_known_by_[static_cast<std::size_t>(determiner_)] |= seat_bit(target);
  } else {
    suit_excluded_[t] |= static_cast<std::uint8_t>(1u << jack_suit_);
  }
  push_event(EventKind::kJack, determiner_, target, match ? 1 : 0);
  end_turn();
}

void LoyalistSpiesState::start_queen() {
  const auto d = static_cast<std::size_t>(determiner_);
  queen_len_ = std::min(kQueenLook, popcount(deck_));
  // The determiner sees the cards already fixed on top as well.
  for (int i = 0; i < prefix_len_; ++i) {
    const int c = prefix_[static_cast<std::size_t>(i)];
    prefix_seen_[d] |= card_bit(c);
    deck_known_[d] &= ~card_bit(c);
    prefix_pos_known_[static_cast<std::size_t>(i)] |= seat_bit(determiner_);
  }
  if (prefix_len_ < queen_len_) {
    phase_ = Phase::kQueenPeek;
  } else {
    after_peek();
  }
}

void LoyalistSpiesState::apply_peek(int card) {
  const auto d = static_cast<std::size_t>(determiner_);
  prefix_[static_cast<std::size_t>(prefix_len_)] = static_cast<std::int8_t>(card);
  prefix_pos_known_[static_cast<std::size_t>(prefix_len_)] = seat_bit(determiner_);
  ++prefix_len_;
  prefix_seen_[d] |= card_bit(card);
  deck_known_[d] &= ~card_bit(card);
  push_event(EventKind::kPeek, determiner_, card, 0);
  if (prefix_len_ == queen_len_) after_peek();
}

void LoyalistSpiesState::after_peek() {
  if (prefix_len_ >= 2) {
    phase_ = Phase::kQueenOrder;
  } else {
    end_turn();
  }
}

void LoyalistSpiesState::apply_order(int order) {
  const std::array<std::int8_t, kQueenLook> old = prefix_;
  const auto& perm = kOrders[static_cast<std::size_t>(order)];
  for (int i = 0; i < prefix_len_; ++i) {
    prefix_[static_cast<std::size_t>(i)] =
        old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
    // Only the determiner knows the new order; the others keep knowing which
    // cards are on top, not where.
    prefix_pos_known_[static_cast<std::size_t>(i)] = seat_bit(determiner_);
  }
  push_event(EventKind::kOrder, determiner_, order, prefix_len_);
  end_turn();
}

// --- Missions ---------------------------------------------------------------

void LoyalistSpiesState::start_mission(int card) {
  mission_active_ = true;
  mission_suit_ = suit_of(card);
  mission_rank_ = rank_of(card);
  terms_ = mission_terms(mission_rank_, mission_suit_, kings_);
  mission_set_ = 0;
  mission_total_ = 0;
  played_mask_ = 0;
  plays_.fill(-1);
  face_down_count_ = 0;
  face_down_left_ = std::min(kMissionDeckCards, popcount(deck_));
  steps_ = 0;
  if (face_down_left_ > 0) {
    phase_ = Phase::kFaceDown;
  } else {
    next_player_to_play();
  }
}

void LoyalistSpiesState::apply_face_down(int card) {
  take_top(card);
  mission_set_ |= card_bit(card);
  mission_total_ += card_value(card);
  ++face_down_count_;
  push_event(EventKind::kFaceDown, determiner_, card, missions_);
  if (--face_down_left_ == 0) next_player_to_play();
}

void LoyalistSpiesState::next_player_to_play() {
  const int n = num_players();
  while (steps_ < n) {
    const int s = seat_after(determiner_, steps_);
    if (hand_[static_cast<std::size_t>(s)] & ~kJokerMask) {
      actor_ = s;
      phase_ = Phase::kPlay;
      return;
    }
    // Nothing but Jokers (or nothing at all): this player plays no card.
    push_event(EventKind::kNoPlay, s, popcount(hand_[static_cast<std::size_t>(s)]), missions_);
    ++steps_;
  }
  reveal();
}

void LoyalistSpiesState::apply_play(int card) {
  const auto a = static_cast<std::size_t>(actor_);
  hand_[a] &= ~card_bit(card);
  mission_set_ |= card_bit(card);
  mission_total_ += card_value(card);
  plays_[a] = static_cast<std::int8_t>(card);
  played_mask_ |= 1u << actor_;
  push_event(EventKind::kPlay, actor_, card, missions_);
  ++steps_;
  next_player_to_play();
}

void LoyalistSpiesState::reveal() {
  const bool success = mission_total_ <= terms_.covert;  // equal succeeds
  tally_.add(mission_suit_, terms_.vp, success);
  public_ |= mission_set_;
  for (int v = 0; v < num_players(); ++v) {
    const auto i = static_cast<std::size_t>(v);
    deck_known_[i] &= ~mission_set_;
    prefix_seen_[i] &= ~mission_set_;
    for (auto& held : known_held_[i]) held &= ~mission_set_;
  }
  push_event(EventKind::kReveal, determiner_, success ? 1 : 0, missions_);
  ++missions_;
  mission_active_ = false;
  const SuitEffect effect = suit_effect(mission_suit_, success, config_->hearts_discard);
  steps_ = 0;
  if (effect.discard) {
    next_discarder();
  } else if (effect.draws > 0) {
    refill_stage_ = false;
    for (int s = 0; s < num_players(); ++s) {
      draws_owed_[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(effect.draws);
    }
    next_drawer();
  } else {
    start_refill();
  }
}

void LoyalistSpiesState::next_drawer() {
  const int n = num_players();
  while (steps_ < n && deck_ != 0) {
    const int s = seat_after(determiner_, steps_);
    if (draws_owed_[static_cast<std::size_t>(s)] > 0) {
      actor_ = s;
      phase_ = Phase::kDraw;
      return;
    }
    ++steps_;
  }
  // Done, or the deck ran out: nobody draws any more.
  draws_owed_ = {};
  if (refill_stage_) {
    end_turn();
  } else {
    start_refill();
  }
}

void LoyalistSpiesState::start_refill() {
  if (!config_->refill) {
    end_turn();
    return;
  }
  refill_stage_ = true;
  steps_ = 0;
  for (int s = 0; s < num_players(); ++s) {
    const int short_by = kRefillTo - popcount(hand_[static_cast<std::size_t>(s)]);
    draws_owed_[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(std::max(0, short_by));
  }
  next_drawer();
}

void LoyalistSpiesState::apply_draw(int card) {
  const auto a = static_cast<std::size_t>(actor_);
  take_top(card);
  hand_[a] |= card_bit(card);
  deck_known_[a] &= ~card_bit(card);
  prefix_seen_[a] &= ~card_bit(card);
  // Seats that knew which card lay on top know who holds it now.
  for (int v = 0; v < num_players(); ++v) {
    if (v != actor_ && ((top_known_by_ >> v) & 1u))
      known_held_[static_cast<std::size_t>(v)][a] |= card_bit(card);
  }
  push_event(EventKind::kDraw, actor_, card, refill_stage_ ? 1 : 0);
  if (--draws_owed_[a] == 0) ++steps_;
  next_drawer();
}

void LoyalistSpiesState::next_discarder() {
  const int n = num_players();
  while (steps_ < n) {
    const int s = seat_after(determiner_, steps_);
    if (hand_[static_cast<std::size_t>(s)] != 0) {
      actor_ = s;
      phase_ = Phase::kDiscard;
      return;
    }
    ++steps_;  // an empty hand discards nothing
  }
  start_refill();
}

void LoyalistSpiesState::apply_discard(int card) {
  hand_[static_cast<std::size_t>(actor_)] &= ~card_bit(card);
  discarded_ |= card_bit(card);
  push_event(EventKind::kDiscard, actor_, card, 0);
  ++steps_;
  next_discarder();
}

// --- Round end ----------------------------------------------------------------

void LoyalistSpiesState::end_round() {
  const int n = num_players();
  mission_active_ = false;
  std::array<int, kMaxPlayers> suits{};
  std::array<bool, kMaxPlayers> traitor{};
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    suits[i] = suit_of(ace_[i]);
    traitor[i] = (hand_[i] & kJokerMask) != 0;
  }
  const RoundScore score =
      score_round(std::span<const int>(suits.data(), static_cast<std::size_t>(n)),
                  std::span<const bool>(traitor.data(), static_cast<std::size_t>(n)), tally_);
  bool beaten = false;
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    totals_[i] += score.points[i];
    beaten = beaten || totals_[i] > config_->target_score;
    const int jokers = static_cast<int>(hand_[i] >> kFirstJoker);
    push_event(EventKind::kRoundEnd, s, static_cast<int>(score.roles[i]) | (jokers << 2),
               score.points[i]);
    if (config_->reward_score) last_rewards_[i] = score.points[i];
  }
  ++round_;
  const bool over =
      config_->rounds > 0 ? round_ == config_->rounds : (beaten || round_ == config_->max_rounds);
  if (over) {
    phase_ = Phase::kTerminal;
    if (!config_->reward_score) returns(last_rewards_);
    return;
  }
  start_round();
}

}  // namespace kibitz::loyalist_spies
