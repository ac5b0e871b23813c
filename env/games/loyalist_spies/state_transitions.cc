// The phase transitions of a Loyalist Spies round, one function per step
// of the rules: set-up, turns (flips, Jacks, Queens), missions (face-down
// cards, plays, reveal, draws and discards) and the round's end. Each moves
// the cards and who knows them, logs its event (push_event), and so what the
// seats observe, then moves the public machine (public_state.h), which says
// who acts next: the same machine every seat's stream reader runs.
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
  const int seat = pub_.count();
  ace_[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(card);
  aces_left_ &= ~card_bit(card);
  push_event(EventKind::kAce, seat, card, 0);
  pub_.ace_dealt();
  if (pub_.phase() == Phase::kDealAces) return;
  CardMask jokers = 0;
  for (int j = 0; j < config_->jokers; ++j) jokers |= card_bit(kFirstJoker + j);
  undealt_ = (kPackMask & ~kAceMask) | jokers;
}

void LoyalistSpiesState::apply_deal(int card) {
  const int receiver = pub_.actor();
  hand_[static_cast<std::size_t>(receiver)] |= card_bit(card);
  undealt_ &= ~card_bit(card);
  push_event(EventKind::kDeal, receiver, card, 0);
  const Next next = pub_.card_dealt();
  if (pub_.phase() == Phase::kDeal) return;
  if (config_->keep5) {
    dealt_ = hand_;
    last_keep_rank_ = -1;
  } else {
    deck_ = undealt_;
    undealt_ = 0;
  }
  follow(next);
}

void LoyalistSpiesState::apply_keep(int card) {
  const auto a = static_cast<std::size_t>(pub_.actor());
  kept_[a] |= card_bit(card);
  last_keep_rank_ = keep_rank(card);
  push_event(EventKind::kKeep, pub_.actor(), card, 0);
  const Next next = pub_.card_kept();
  if (pub_.count() == 0) last_keep_rank_ = -1;  // the seat has its five
  if (pub_.phase() == Phase::kKeep) return;
  finish_keep();
  follow(next);
}

void LoyalistSpiesState::finish_keep() {
  deck_ = 0;
  for (int s = 0; s < num_players(); ++s) {
    const auto i = static_cast<std::size_t>(s);
    deck_ |= dealt_[i] & ~kept_[i];
    deck_known_[i] = dealt_[i] & ~kept_[i];
    hand_[i] = kept_[i];
  }
}

// --- Turns ------------------------------------------------------------------

void LoyalistSpiesState::take_top(int card) {
  const int top_len = pub_.top_len();
  if (top_len > 0) {
    KIBITZ_DCHECK(prefix_[0] == card, "the fixed top card must come first");
    const std::uint8_t known = prefix_pos_known_[0];
    for (int i = 1; i < top_len; ++i) {
      prefix_[static_cast<std::size_t>(i - 1)] = prefix_[static_cast<std::size_t>(i)];
      prefix_pos_known_[static_cast<std::size_t>(i - 1)] =
          prefix_pos_known_[static_cast<std::size_t>(i)];
    }
    prefix_pos_known_[static_cast<std::size_t>(top_len - 1)] = 0;
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
  const int determiner = pub_.determiner();
  const Next next = pub_.flipped(card);
  push_event(EventKind::kFlip, determiner, card, 0);
  if (!is_joker(card)) {
    const int rank = rank_of(card);
    if (rank == kRankQueen) show_top_to_determiner_of(determiner);
    if (rank >= 2 && rank <= 10) start_mission_cards();
  }
  follow(next);
}

void LoyalistSpiesState::apply_jack(int target) {
  const int determiner = pub_.determiner();
  const auto t = static_cast<std::size_t>(target);
  const bool match = suit_of(ace_[t]) == pub_.jack_suit();
  ace_known_by_[t] |= seat_bit(determiner);
  if (match) {
    // The target's suit becomes known to all; the determiner's to the target.
    ace_known_by_[t] = static_cast<std::uint8_t>((1u << num_players()) - 1);
    ace_known_by_[static_cast<std::size_t>(determiner)] |= seat_bit(target);
  } else {
    suit_excluded_[t] |= static_cast<std::uint8_t>(1u << pub_.jack_suit());
  }
  push_event(EventKind::kJack, determiner, target, match ? 1 : 0);
  follow(pub_.jack_looked());
}

void LoyalistSpiesState::show_top_to_determiner_of(int determiner) {
  const auto d = static_cast<std::size_t>(determiner);
  for (int i = 0; i < pub_.top_len(); ++i) {
    const int c = prefix_[static_cast<std::size_t>(i)];
    prefix_seen_[d] |= card_bit(c);
    deck_known_[d] &= ~card_bit(c);
    prefix_pos_known_[static_cast<std::size_t>(i)] |= seat_bit(determiner);
  }
}

void LoyalistSpiesState::apply_peek(int card) {
  const int determiner = pub_.determiner();
  const auto d = static_cast<std::size_t>(determiner);
  const auto at = static_cast<std::size_t>(pub_.top_len());
  prefix_[at] = static_cast<std::int8_t>(card);
  prefix_pos_known_[at] = seat_bit(determiner);
  prefix_seen_[d] |= card_bit(card);
  deck_known_[d] &= ~card_bit(card);
  const Next next = pub_.peeked();
  push_event(EventKind::kPeek, determiner, card, 0);
  follow(next);
}

void LoyalistSpiesState::apply_order(int order) {
  const int determiner = pub_.determiner();
  const int top_len = pub_.top_len();
  const std::array<std::int8_t, kQueenLook> old = prefix_;
  const auto& perm = kOrders[static_cast<std::size_t>(order)];
  for (int i = 0; i < top_len; ++i) {
    prefix_[static_cast<std::size_t>(i)] =
        old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
    // Only the determiner knows the new order; the others keep knowing which
    // cards are on top, not where.
    prefix_pos_known_[static_cast<std::size_t>(i)] = seat_bit(determiner);
  }
  push_event(EventKind::kOrder, determiner, order, top_len);
  follow(pub_.ordered());
}

// --- Missions ---------------------------------------------------------------

void LoyalistSpiesState::start_mission_cards() {
  mission_set_ = 0;
  mission_total_ = 0;
  played_mask_ = 0;
  plays_.fill(-1);
}

void LoyalistSpiesState::apply_face_down(int card) {
  take_top(card);
  mission_set_ |= card_bit(card);
  mission_total_ += card_value(card);
  push_event(EventKind::kFaceDown, pub_.determiner(), card, pub_.missions());
  follow(pub_.face_down());
}

void LoyalistSpiesState::follow(Next next) {
  for (;;) {
    switch (next) {
      case Next::kReveal:
        next = reveal();
        continue;
      case Next::kRoundOver:
        end_round();
        return;
      case Next::kGoOn:
        break;
    }
    if (pub_.phase() != Phase::kPlay) return;
    const int seat = pub_.actor();
    const CardMask hand = hand_[static_cast<std::size_t>(seat)];
    if (hand & ~kJokerMask) return;
    // Nothing but Jokers (or nothing at all): this player plays no card.
    push_event(EventKind::kNoPlay, seat, popcount(hand), pub_.missions());
    next = pub_.passed();
  }
}

void LoyalistSpiesState::apply_play(int card) {
  const int seat = pub_.actor();
  const auto a = static_cast<std::size_t>(seat);
  hand_[a] &= ~card_bit(card);
  mission_set_ |= card_bit(card);
  mission_total_ += card_value(card);
  plays_[a] = static_cast<std::int8_t>(card);
  played_mask_ |= 1u << seat;
  push_event(EventKind::kPlay, seat, card, pub_.missions());
  follow(pub_.played());
}

Next LoyalistSpiesState::reveal() {
  const bool success = mission_total_ <= pub_.terms().covert;  // equal succeeds
  public_ |= mission_set_;
  for (int v = 0; v < num_players(); ++v) {
    const auto i = static_cast<std::size_t>(v);
    deck_known_[i] &= ~mission_set_;
    prefix_seen_[i] &= ~mission_set_;
    for (auto& held : known_held_[i]) held &= ~mission_set_;
  }
  push_event(EventKind::kReveal, pub_.determiner(), success ? 1 : 0, pub_.missions());
  return pub_.revealed(success);
}

void LoyalistSpiesState::apply_draw(int card) {
  const int seat = pub_.actor();
  const auto a = static_cast<std::size_t>(seat);
  take_top(card);
  hand_[a] |= card_bit(card);
  deck_known_[a] &= ~card_bit(card);
  prefix_seen_[a] &= ~card_bit(card);
  // Seats that knew which card lay on top know who holds it now.
  for (int v = 0; v < num_players(); ++v) {
    if (v != seat && ((top_known_by_ >> v) & 1u)) known_held_[static_cast<std::size_t>(v)][a] |= card_bit(card);
  }
  push_event(EventKind::kDraw, seat, card, pub_.refill_stage() ? 1 : 0);
  follow(pub_.drawn());
}

void LoyalistSpiesState::apply_discard(int card) {
  const int seat = pub_.actor();
  hand_[static_cast<std::size_t>(seat)] &= ~card_bit(card);
  discarded_ |= card_bit(card);
  push_event(EventKind::kDiscard, seat, card, 0);
  follow(pub_.discarded());
}

// --- Round end ----------------------------------------------------------------

void LoyalistSpiesState::end_round() {
  const int n = num_players();
  std::array<int, kMaxPlayers> suits{};
  std::array<bool, kMaxPlayers> traitor{};
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    suits[i] = suit_of(ace_[i]);
    traitor[i] = (hand_[i] & kJokerMask) != 0;
  }
  const RoundScore score =
      score_round(std::span<const int>(suits.data(), static_cast<std::size_t>(n)),
                  std::span<const bool>(traitor.data(), static_cast<std::size_t>(n)), pub_.tally());
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const int jokers = static_cast<int>(hand_[i] >> kFirstJoker);
    push_event(EventKind::kRoundEnd, s, static_cast<int>(score.roles[i]) | (jokers << 2),
               score.points[i]);
    if (config_->reward_score) last_rewards_[i] = score.points[i];
  }
  const bool over = pub_.end_round(std::span<const int>(score.points.data(), static_cast<std::size_t>(n)));
  if (over) {
    if (!config_->reward_score) returns(last_rewards_);
    return;
  }
  start_round();
}

}  // namespace kibitz::loyalist_spies
