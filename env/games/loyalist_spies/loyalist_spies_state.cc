#include "env/games/loyalist_spies/loyalist_spies_state.h"

#include <algorithm>
#include <vector>

#include "env/core/error.h"

namespace kibitz::loyalist_spies {
namespace {

constexpr int kJokerBits = kMaxJokers;

// Card masks in keep order (keep_rank) and back.
CardMask to_keep_order(CardMask cards) {
  return ((cards & kPackMask) << kJokerBits) | (cards >> kFirstJoker);
}
CardMask from_keep_order(CardMask ranks) {
  return ((ranks >> kJokerBits) & kPackMask) | ((ranks & 3u) << kFirstJoker);
}

std::uint8_t seat_bit(int seat) { return static_cast<std::uint8_t>(1u << seat); }

}  // namespace

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::kDealAces:
      return "aces";
    case Phase::kDeal:
      return "deal";
    case Phase::kKeep:
      return "keep";
    case Phase::kFlip:
      return "flip";
    case Phase::kJackTarget:
      return "jack";
    case Phase::kQueenPeek:
      return "queen peek";
    case Phase::kQueenOrder:
      return "queen order";
    case Phase::kFaceDown:
      return "face down";
    case Phase::kPlay:
      return "play";
    case Phase::kDraw:
      return "draw";
    case Phase::kDiscard:
      return "discard";
    case Phase::kTerminal:
      return "over";
  }
  return "?";
}

LoyalistSpiesState::LoyalistSpiesState(std::shared_ptr<const Game> game)
    : GameState(std::move(game)),
      config_(&static_cast<const LoyalistSpiesGame&>(this->game()).config()) {
  start_round();
  current_ = compute_current_player();
}

void LoyalistSpiesState::reset() {
  mutable_history().clear();
  round_ = 0;
  log_.clear();
  mutable_observation_log().clear();
  totals_ = {};
  last_rewards_ = {};
  start_round();
  current_ = compute_current_player();
}

void LoyalistSpiesState::start_round() {
  phase_ = Phase::kDealAces;
  first_determiner_ = round_ % num_players();
  determiner_ = first_determiner_;
  actor_ = 0;
  steps_ = 0;
  count_ = 0;
  last_keep_rank_ = -1;
  refill_stage_ = false;
  ace_.fill(-1);
  aces_left_ = kAceMask;
  undealt_ = 0;
  hand_ = {};
  dealt_ = {};
  kept_ = {};
  deck_ = 0;
  public_ = 0;
  discarded_ = 0;
  prefix_ = {};
  prefix_len_ = 0;
  queen_len_ = 0;
  prefix_pos_known_ = {};
  prefix_seen_ = {};
  deck_known_ = {};
  known_held_ = {};
  ace_known_by_ = {};
  suit_excluded_ = {};
  kings_ = 0;
  jack_suit_ = -1;
  mission_active_ = false;
  mission_suit_ = -1;
  mission_rank_ = 0;
  terms_ = {};
  face_down_left_ = 0;
  face_down_count_ = 0;
  mission_set_ = 0;
  mission_total_ = 0;
  played_mask_ = 0;
  plays_.fill(-1);
  draws_owed_ = {};
  missions_ = 0;
  tally_ = {};
  round_log_begin_ = log_.size();
}

Player LoyalistSpiesState::compute_current_player() const {
  // Who acts in each phase, by table: this runs after every action, and a
  // switch here costs an indirect jump that the phase changes mispredict.
  constexpr int kActor = -100, kDeterminer = -101;
  constexpr std::array<int, kNumPhases> kWho = {
      kChancePlayer,  // kDealAces
      kChancePlayer,  // kDeal
      kActor,         // kKeep
      kChancePlayer,  // kFlip
      kDeterminer,    // kJackTarget
      kChancePlayer,  // kQueenPeek
      kDeterminer,    // kQueenOrder
      kChancePlayer,  // kFaceDown
      kActor,         // kPlay
      kChancePlayer,  // kDraw
      kActor,         // kDiscard
      kTerminalPlayer,
  };
  static_assert(static_cast<int>(Phase::kTerminal) + 1 == kNumPhases);
  const int who = kWho[static_cast<std::size_t>(phase_)];
  return who == kActor ? actor_ : who == kDeterminer ? determiner_ : who;
}

bool LoyalistSpiesState::knows_ace(Player viewer, Player seat) const {
  if (viewer == seat || phase_ == Phase::kTerminal) return true;
  return (ace_known_by_[static_cast<std::size_t>(seat)] >> viewer) & 1u;
}

CardMask LoyalistSpiesState::chance_set() const {
  switch (phase_) {
    case Phase::kDealAces:
      return aces_left_;
    case Phase::kDeal:
      return undealt_;
    case Phase::kFlip:
    case Phase::kFaceDown:
    case Phase::kDraw:
      return prefix_len_ > 0 ? card_bit(prefix_[0]) : deck_;
    case Phase::kQueenPeek: {
      CardMask fixed = 0;
      for (int i = 0; i < prefix_len_; ++i) fixed |= card_bit(prefix_[static_cast<std::size_t>(i)]);
      return deck_ & ~fixed;
    }
    default:
      return 0;
  }
}

CardMask LoyalistSpiesState::legal_keeps() const {
  const auto a = static_cast<std::size_t>(actor_);
  CardMask avail = to_keep_order(hand_[a] & ~kept_[a]);
  if (last_keep_rank_ >= 0) avail &= ~((CardMask{2} << last_keep_rank_) - 1);
  // Leave enough cards above the choice to complete the five.
  for (int still = kKeepCount - count_ - 1; still > 0 && avail; --still) {
    avail &= ~card_bit(highest_card(avail));
  }
  // Jk and Jk2 are the same card to the rules: keeping one of two is `keep
  // Jk`, so Jk2 is kept only after Jk (or without it in the hand).
  if (avail & 1u) avail &= ~CardMask{2};
  return from_keep_order(avail);
}

bool LoyalistSpiesState::is_offered_order(int order) const {
  return order < num_orders(prefix_len_) &&
         keeps_joker_order(order, std::span<const std::int8_t>(
                                      prefix_.data(), static_cast<std::size_t>(prefix_len_)));
}

void LoyalistSpiesState::legal_actions(ActionList& out) const {
  out.clear();
  const auto a = static_cast<std::size_t>(actor_);
  switch (phase_) {
    case Phase::kKeep:
      for_each_card(legal_keeps(), [&](int c) { out.push_back(kKeepBase + c); });
      return;
    case Phase::kJackTarget:
      for (int t = 0; t < num_players(); ++t) {
        if (t != determiner_) out.push_back(kPeekBase + t);
      }
      return;
    case Phase::kQueenOrder:
      for (int k = 0; k < num_orders(prefix_len_); ++k) {
        if (is_offered_order(k)) out.push_back(kOrderBase + k);
      }
      return;
    case Phase::kPlay:
      for_each_card(hand_[a] & ~kJokerMask, [&](int c) { out.push_back(kPlayBase + c); });
      return;
    case Phase::kDiscard:
      for_each_card(hand_[a], [&](int c) { out.push_back(kDiscardBase + c); });
      return;
    case Phase::kTerminal:
      return;
    default:
      for_each_card(chance_set(), [&](int c) { out.push_back(c); });
      return;
  }
}

bool LoyalistSpiesState::is_legal(Action action) const {
  if (action < 0) return false;
  const auto a = static_cast<std::size_t>(actor_);
  switch (phase_) {
    case Phase::kKeep:
      return action < kPlayBase && ((legal_keeps() >> action) & 1u);
    case Phase::kJackTarget:
      return action >= kPeekBase && action < kPeekBase + num_players() &&
             action - kPeekBase != determiner_;
    case Phase::kQueenOrder:
      return action >= kOrderBase && action < kNumActions && is_offered_order(action - kOrderBase);
    case Phase::kPlay:
      return action >= kPlayBase && action < kDiscardBase &&
             (((hand_[a] & ~kJokerMask) >> (action - kPlayBase)) & 1u);
    case Phase::kDiscard:
      return action >= kDiscardBase && action < kPeekBase &&
             ((hand_[a] >> (action - kDiscardBase)) & 1u);
    case Phase::kTerminal:
      return false;
    default:
      return action < kNumCardIndices && ((chance_set() >> action) & 1u);
  }
}

void LoyalistSpiesState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(is_chance_node(), "chance_outcomes at a player node");
  const CardMask set = chance_set();
  const int count = popcount(set);
  const double p = 1.0 / count;
  // Sized once, then written through a pointer: no capacity check per
  // outcome on this hot path (a deal has up to 50).
  out.resize(static_cast<std::size_t>(count));
  ChanceOutcome* next = out.data();
  for_each_card(set, [&](int c) { *next++ = {c, p}; });
}

Action LoyalistSpiesState::sample_chance_outcome(Rng& rng) const {
  KIBITZ_CHECK(is_chance_node(), "sample_chance_outcome at a player node");
  const CardMask set = chance_set();
  return nth_card(set, draw_uniform_index(popcount(set), rng));
}

void LoyalistSpiesState::replay_unchecked(std::span<const Action> actions) {
  if (actions.empty()) return;
  // Only the last transition's rewards survive (end_round writes them, the
  // next action clears them), and nothing reads current_ in between.
  for (std::size_t i = 0; i + 1 < actions.size(); ++i) transition(actions[i]);
  do_apply_action(actions.back());
  std::vector<Action>& history = mutable_history();
  history.insert(history.end(), actions.begin(), actions.end());
}

void LoyalistSpiesState::do_apply_action(Action action) {
  last_rewards_ = {};
  transition(action);
  current_ = compute_current_player();
}

void LoyalistSpiesState::transition(Action action) {
  switch (phase_) {
    case Phase::kDealAces:
      apply_ace(action);
      break;
    case Phase::kDeal:
      apply_deal(action);
      break;
    case Phase::kKeep:
      apply_keep(action - kKeepBase);
      break;
    case Phase::kFlip:
      apply_flip(action);
      break;
    case Phase::kJackTarget:
      apply_jack(action - kPeekBase);
      break;
    case Phase::kQueenPeek:
      apply_peek(action);
      break;
    case Phase::kQueenOrder:
      apply_order(action - kOrderBase);
      break;
    case Phase::kFaceDown:
      apply_face_down(action);
      break;
    case Phase::kPlay:
      apply_play(action - kPlayBase);
      break;
    case Phase::kDraw:
      apply_draw(action);
      break;
    case Phase::kDiscard:
      apply_discard(action - kDiscardBase);
      break;
    case Phase::kTerminal:
      KIBITZ_CHECK(false, "action on a finished game");
      break;
  }
}

void LoyalistSpiesState::push_event(EventKind kind, int seat, int card, int aux) {
  const Event e{kind, static_cast<std::int8_t>(seat), static_cast<std::int8_t>(card),
                static_cast<std::uint8_t>(aux)};
  log_.push_back(e);
  log_event(e);
}

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

// --- Round end and returns --------------------------------------------------

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

void LoyalistSpiesState::returns(std::span<double> out) const {
  const int n = num_players();
  std::fill(out.begin(), out.end(), 0.0);
  if (config_->reward_score) {
    for (int s = 0; s < n; ++s)
      out[static_cast<std::size_t>(s)] = totals_[static_cast<std::size_t>(s)];
    return;
  }
  if (phase_ != Phase::kTerminal) return;
  const int best = *std::max_element(totals_.begin(), totals_.begin() + n);
  const int winners = static_cast<int>(std::count(totals_.begin(), totals_.begin() + n, best));
  if (winners == n) return;  // everyone ties
  for (int s = 0; s < n; ++s) {
    out[static_cast<std::size_t>(s)] =
        totals_[static_cast<std::size_t>(s)] == best ? 1.0 / winners : -1.0 / (n - winners);
  }
}

void LoyalistSpiesState::rewards(std::span<double> out) const {
  std::copy_n(last_rewards_.begin(), out.size(), out.begin());
}

// --- Strings (action_to_string and string_to_action: action_text.cc) --------

std::string LoyalistSpiesState::to_string() const {
  const int n = num_players();
  std::string s;
  s.reserve(512);
  auto seat = [&](int p) {
    s += 'P';
    s += static_cast<char>('0' + p);
  };
  auto cards = [&](CardMask m) {
    s += '[';
    bool first = true;
    for_each_card(m, [&](int c) {
      if (!first) s += ' ';
      first = false;
      s += card_name_view(c);
    });
    s += ']';
  };
  s += "round ";
  s += std::to_string(round_ + (phase_ == Phase::kTerminal ? 0 : 1));
  s += " phase ";
  s += phase_name(phase_);
  s += " determiner ";
  seat(determiner_);
  s += "\naces";
  for (int p = 0; p < n; ++p) {
    s += ' ';
    seat(p);
    s += ' ';
    s += ace(p) < 0 ? std::string_view("?") : card_name_view(ace(p));
  }
  s += "\nhands";
  for (int p = 0; p < n; ++p) {
    s += ' ';
    seat(p);
    s += ' ';
    cards(hand(p));
    if (phase_ == Phase::kKeep) {
      s += " kept ";
      cards(kept(p));
    }
  }
  s += "\ndeck ";
  s += std::to_string(deck_size());
  s += ' ';
  cards(deck_);
  s += " top [";
  for (int i = 0; i < prefix_len_; ++i) {
    if (i > 0) s += ' ';
    s += card_name_view(prefix_[static_cast<std::size_t>(i)]);
  }
  s += "]\npublic ";
  cards(public_);
  s += " discarded ";
  cards(discarded_);
  if (mission_active_) {
    s += "\nmission ";
    s += card_name_view(mission_suit_ * 13 + mission_rank_ - 1);
    append_to(s, " kings ", kings_, " covert ", terms_.covert, " VP ", terms_.vp, " set ");
    cards(mission_set_);
    append_to(s, " total ", mission_total_);
  }
  append_to(s, "\nmissions ", missions_, " succeeded ", tally_.successes, " failed ",
            tally_.failures, "; totals");
  for (int p = 0; p < n; ++p) append_to(s, " ", totals_[static_cast<std::size_t>(p)]);
  if (phase_ == Phase::kTerminal) append_last_round(s);
  return s;
}

void LoyalistSpiesState::append_last_round(std::string& s) const {
  // The last mission is still in the mission fields (only a new round or
  // mission clears them); the roles and points are in the round-end events,
  // the last num_players() of the log.
  if (missions_ == 0) {
    s += "\nlast round: no missions";
  } else {
    append_to(s, "\nlast mission ", card_name_view(mission_suit_ * 13 + mission_rank_ - 1),
              " covert ", terms_.covert, " VP ", terms_.vp, " revealed [",
              cards_string(mission_set_), "] = ", mission_total_,
              mission_total_ <= terms_.covert ? ": success" : ": failed");
  }
  s += "\nround end:";
  const int n = num_players();
  for (int i = log_.size() - n; i < log_.size(); ++i) {
    const Event& e = log_[i];
    KIBITZ_CHECK(e.kind == EventKind::kRoundEnd, "a finished game's log ends with the round end");
    append_to(s, " ", seat_name(e.seat), " ", card_name_view(ace(e.seat)), " ",
              role_name(static_cast<Role>(e.card & 3)));
    const CardMask jokers = static_cast<CardMask>(e.card >> 2) << kFirstJoker;
    if (jokers) append_to(s, " (", cards_string(jokers), ")");
    append_to(s, " +", e.aux, ";");
  }
}

}  // namespace kibitz::loyalist_spies
