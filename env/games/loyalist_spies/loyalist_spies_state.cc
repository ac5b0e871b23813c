// The Loyalist Spies State: set-up, who acts, the legal moves and chance
// outcomes, applying a move (the phase transitions themselves are in
// state_transitions.cc, the full description in state_text.cc), returns.
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

}  // namespace

LoyalistSpiesState::LoyalistSpiesState(std::shared_ptr<const Game> game)
    : GameState(std::move(game)),
      config_(&static_cast<const LoyalistSpiesGame&>(this->game()).config()),
      pub_(*config_) {
  start_round();
  current_ = compute_current_player();
}

void LoyalistSpiesState::reset() {
  mutable_history().clear();
  pub_.restart();
  log_.clear();
  restart_observation_log();
  last_rewards_ = {};
  start_round();
  current_ = compute_current_player();
}

// The cards' side of a new round (the public side is pub_'s own).
void LoyalistSpiesState::start_round() {
  last_keep_rank_ = -1;
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
  prefix_pos_known_ = {};
  prefix_seen_ = {};
  deck_known_ = {};
  known_held_ = {};
  ace_known_by_ = {};
  suit_excluded_ = {};
  mission_set_ = 0;
  mission_total_ = 0;
  played_mask_ = 0;
  plays_.fill(-1);
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
  const int who = kWho[static_cast<std::size_t>(pub_.phase())];
  return who == kActor ? pub_.actor() : who == kDeterminer ? pub_.determiner() : who;
}

CardMask LoyalistSpiesState::chance_set() const {
  switch (pub_.phase()) {
    case Phase::kDealAces:
      return aces_left_;
    case Phase::kDeal:
      return undealt_;
    case Phase::kFlip:
    case Phase::kFaceDown:
    case Phase::kDraw:
      return pub_.top_len() > 0 ? card_bit(prefix_[0]) : deck_;
    case Phase::kQueenPeek: {
      CardMask fixed = 0;
      for (int i = 0; i < pub_.top_len(); ++i) fixed |= card_bit(prefix_[static_cast<std::size_t>(i)]);
      return deck_ & ~fixed;
    }
    default:
      return 0;
  }
}

CardMask LoyalistSpiesState::legal_keeps() const {
  const auto a = static_cast<std::size_t>(pub_.actor());
  CardMask avail = to_keep_order(hand_[a] & ~kept_[a]);
  if (last_keep_rank_ >= 0) avail &= ~((CardMask{2} << last_keep_rank_) - 1);
  // Leave enough cards above the choice to complete the five.
  for (int still = kKeepCount - pub_.count() - 1; still > 0 && avail; --still) {
    avail &= ~card_bit(highest_card(avail));
  }
  // Jk and Jk2 are the same card to the rules: keeping one of two is `keep
  // Jk`, so Jk2 is kept only after Jk (or without it in the hand).
  if (avail & 1u) avail &= ~CardMask{2};
  return from_keep_order(avail);
}

bool LoyalistSpiesState::is_offered_order(int order) const {
  return order < num_orders(pub_.top_len()) && keeps_joker_order(order, top_cards());
}

void LoyalistSpiesState::legal_actions(ActionList& out) const {
  out.clear();
  const auto a = static_cast<std::size_t>(pub_.actor());
  const int determiner = pub_.determiner();
  switch (pub_.phase()) {
    case Phase::kKeep:
      for_each_card(legal_keeps(), [&](int c) { out.push_back(kKeepBase + c); });
      return;
    case Phase::kJackTarget:
      for (int t = 0; t < num_players(); ++t) {
        if (t != determiner) out.push_back(kPeekBase + t);
      }
      return;
    case Phase::kQueenOrder:
      for (int k = 0; k < num_orders(pub_.top_len()); ++k) {
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
  const auto a = static_cast<std::size_t>(pub_.actor());
  const int determiner = pub_.determiner();
  switch (pub_.phase()) {
    case Phase::kKeep:
      return action < kPlayBase && ((legal_keeps() >> action) & 1u);
    case Phase::kJackTarget:
      return action >= kPeekBase && action < kPeekBase + num_players() &&
             action - kPeekBase != determiner;
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
  switch (pub_.phase()) {
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
  // A quiet state (State::stop_logging) skips the event-to-entry dispatch
  // and the entries it would build.
  if (logging()) log_event(e);
}

// --- Returns ------------------------------------------------------------------

void LoyalistSpiesState::returns(std::span<double> out) const {
  const int n = num_players();
  std::fill(out.begin(), out.end(), 0.0);
  if (config_->reward_score) {
    for (int s = 0; s < n; ++s) out[static_cast<std::size_t>(s)] = pub_.total(s);
    return;
  }
  if (pub_.phase() != Phase::kTerminal) return;
  int best = pub_.total(0);
  for (int s = 1; s < n; ++s) best = std::max(best, pub_.total(s));
  int winners = 0;
  for (int s = 0; s < n; ++s) winners += pub_.total(s) == best ? 1 : 0;
  if (winners == n) return;  // everyone ties
  for (int s = 0; s < n; ++s) {
    out[static_cast<std::size_t>(s)] = pub_.total(s) == best ? 1.0 / winners : -1.0 / (n - winners);
  }
}

void LoyalistSpiesState::rewards(std::span<double> out) const {
  std::copy_n(last_rewards_.begin(), out.size(), out.begin());
}

}  // namespace kibitz::loyalist_spies
