// Laws taking effect (docs/rules/laws_and_disorder.md "Taking effect",
// "Off-turn choices", "Triggers"): the queue of one action's effects in
// order, the triggered laws, and the choices the subject makes: which cards
// to give or lose, and to whom. Discards by choice (losses, the hand limit,
// the merchant's trade) share begin_discards.
#include "env/core/error.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {
namespace {

// recipient_of's answers besides a seat.
constexpr int kNobody = -1;  // the recipient position is unheld: the gift is lost
constexpr int kSelf = -2;    // the giver holds the recipient position: they keep it
constexpr int kChoose = -3;  // the giver chooses among the other players

}  // namespace

void LawsAndDisorderState::queue_effect(const TableLaw& law, int subject) {
  KIBITZ_CHECK(queue_size_ < kMaxQueue, "laws_and_disorder: effect queue overflow");
  queue_[idx(queue_size_++)] = PendingEffect{law.law, law.serial, static_cast<std::int8_t>(subject)};
}

// Every holder of the law's subject: the one holder of a job (or nobody), or
// with ANY-POSITION every player, in seat order from the turn's player.
void LawsAndDisorderState::queue_for_holders(const TableLaw& law) {
  const Kind subject = law.law.cards[0];
  if (subject == Kind::kAnyPosition) {
    for (int i = 0; i < players(); ++i) queue_effect(law, (turn_player_ + i) % players());
  } else {
    queue_effect(law, holder_[static_cast<std::size_t>(*laws_and_disorder::position_of(subject))]);
  }
}

// The laws with this WHEN, in order of creation. `only` >= 0: the turn's
// start or an ability, for that player alone when they hold the subject (any
// position: always); -1: a law made, for every holder.
void LawsAndDisorderState::queue_triggers(When when, int only, int skip_serial) {
  for (int slot = 0; slot < num_laws_; ++slot) {
    const TableLaw& law = laws_[idx(slot)];
    if (law.serial == skip_serial || law_when(law.law) != when) continue;
    if (only < 0) {
      queue_for_holders(law);
      continue;
    }
    const Kind subject = law.law.cards[0];
    if (subject == Kind::kAnyPosition || position_of_[idx(only)] == static_cast<int>(*laws_and_disorder::position_of(subject))) {
      queue_effect(law, only);
    }
  }
}

// Applies the queued effects in order until one waits for a choice or a
// draw (its step calls resume(kEffect) when done); an empty queue hands the
// turn back to its player's main step. No effect queues another: no chains.
void LawsAndDisorderState::run_effects() {
  while (queue_head_ < queue_size_) {
    if (!start_effect(queue_[idx(queue_head_)])) return;
    ++queue_head_;
  }
  queue_size_ = queue_head_ = 0;
  to_main();
}

bool LawsAndDisorderState::start_effect(const PendingEffect& effect) {
  const int serial = effect.serial;
  if (effect.subject < 0) {
    emit_public(make_obs(Obs::kNoHolder).add(serial));
    return true;
  }
  const int s = effect.subject;
  emit_public(make_obs(Obs::kEffect).add(serial).add(s));
  const LawParts parts = parts_of(effect.law);
  const int amount = object_amount(parts.object);
  const bool cards = object_is_cards(parts.object);
  switch (parts.verb) {
    case Verb::kGains:
      if (!cards) {
        monies_[idx(s)] += amount;
        emit_public(make_obs(Obs::kGains).add(s).add(amount).add(serial));
        return true;
      }
      emit_public(make_obs(Obs::kGainsCards).add(s).add(std::min(amount, deck_size_)).add(serial));
      if (deck_size_ == 0) return true;
      begin_draws(s, amount, Resume::kEffect);
      return false;
    case Verb::kLoses: {
      if (!cards) {
        const int lost = std::min(amount, monies_[idx(s)]);
        monies_[idx(s)] -= lost;
        emit_public(make_obs(Obs::kLoses).add(s).add(lost).add(serial));
        return true;
      }
      const int lost = std::min(amount, hand_size(s));
      emit_public(make_obs(Obs::kLosesCards).add(s).add(lost).add(serial));
      if (lost == 0) return true;
      begin_discards(s, amount, Resume::kEffect);
      return false;
    }
    case Verb::kGives: return start_give(effect, parts);
  }
  return true;
}

// To whom the subject gives: a seat, kNobody, kSelf, or kChoose when the
// recipient is ANY-POSITION or missing and more than one other player could
// take it.
int LawsAndDisorderState::recipient_of(const PendingEffect& effect, const LawParts& parts, bool* choose) const {
  *choose = false;
  const int s = effect.subject;
  if (parts.has_recipient()) {
    const Kind recipient = effect.law.cards[idx(parts.recipient_index)];
    if (recipient != Kind::kAnyPosition) {
      const int holder = holder_[static_cast<std::size_t>(*laws_and_disorder::position_of(recipient))];
      if (holder < 0) return kNobody;
      return holder == s ? kSelf : holder;
    }
  }
  if (players() == 2) return 1 - s;
  *choose = true;
  return kChoose;
}

bool LawsAndDisorderState::start_give(const PendingEffect& effect, const LawParts& parts) {
  const int s = effect.subject;
  const int amount = object_amount(parts.object);
  const bool cards = object_is_cards(parts.object);
  const int have = cards ? hand_size(s) : monies_[idx(s)];
  if (have == 0) {
    emit_public(make_obs(Obs::kNothingToGive).add(s));
    return true;
  }
  bool choose = false;
  const int to = recipient_of(effect, parts, &choose);
  if (to == kSelf) {
    emit_public(make_obs(Obs::kKeeps).add(s));
    return true;
  }
  give_amount_ = std::min(amount, have);
  actor_ = static_cast<std::int8_t>(s);
  if (cards) {
    emit_public(make_obs(Obs::kGivesCards).add(s).add(give_amount_).add(effect.serial));
    num_picked_ = 0;
    if (have > amount) {
      // The subject picks the cards one at a time, then the recipient.
      picks_left_ = amount;
      phase_ = Phase::kPick;
      return false;
    }
    for (int k = 0; k < kNumKinds; ++k) {
      for (int c = 0; c < hands_[idx(s)][idx(k)]; ++c) picked_[idx(num_picked_++)] = static_cast<Kind>(k);
    }
  }
  if (choose) {
    phase_ = Phase::kRecipient;
    return false;
  }
  finish_give(to);
  return true;
}

// Moves the picked cards, or give_amount_ monies, from the subject to `to`
// (kNobody: the gift is lost).
void LawsAndDisorderState::finish_give(int to) {
  const PendingEffect& effect = queue_[idx(queue_head_)];
  const int s = effect.subject;
  const bool cards = object_is_cards(parts_of(effect.law).object);
  if (to == kNobody) emit_public(make_obs(Obs::kNobodyReceives).add(s));
  if (!cards) {
    monies_[idx(s)] -= give_amount_;
    if (to == kNobody) {
      emit_public(make_obs(Obs::kLoses).add(s).add(give_amount_).add(effect.serial));
    } else {
      monies_[idx(to)] += give_amount_;
      emit_public(make_obs(Obs::kGivesMonies).add(s).add(give_amount_).add(to).add(effect.serial));
    }
    return;
  }
  if (to == kNobody) {
    for (int i = 0; i < num_picked_; ++i) discard_card(s, picked_[idx(i)]);
    return;
  }
  Observation seen = make_obs(Obs::kHandOver).add(s).add(num_picked_);
  for (int i = 0; i < num_picked_; ++i) {
    remove_card(s, picked_[idx(i)]);
    take_card(to, picked_[idx(i)]);
    seen.add(static_cast<int>(picked_[idx(i)]));
  }
  seen.add(to);
  emit_split(static_cast<Audience>(seat_bit(s) | seat_bit(to)), seen,
             make_obs(Obs::kHandOverHidden).add(s).add(num_picked_).add(to));
}

// --- The subject's choices ----------------------------------------------------------

// Cards not yet picked: the picks stay in the hand until the hand-over.
void LawsAndDisorderState::pick_actions(ActionList& out) const {
  KindCounts left = hands_[idx(actor_)];
  for (int i = 0; i < num_picked_; ++i) --left[static_cast<std::size_t>(picked_[idx(i)])];
  for (int k = 0; k < kNumKinds; ++k) {
    if (left[idx(k)] > 0) out.push_back(kPickBase + k);
  }
}

void LawsAndDisorderState::apply_pick(Kind kind) {
  const int s = actor_;
  picked_[idx(num_picked_++)] = kind;
  emit_split(seat_bit(s), make_obs(Obs::kPickSeen).add(s).add(static_cast<int>(kind)), make_obs(Obs::kPick).add(s));
  if (--picks_left_ > 0) return;
  const PendingEffect& effect = queue_[idx(queue_head_)];
  bool choose = false;
  const int to = recipient_of(effect, parts_of(effect.law), &choose);
  if (choose) {
    phase_ = Phase::kRecipient;
    return;
  }
  finish_give(to);
  resume(Resume::kEffect);
}

void LawsAndDisorderState::recipient_actions(ActionList& out) const {
  for (int p = 0; p < players(); ++p) {
    if (p != actor_) out.push_back(kToBase + p);
  }
}

void LawsAndDisorderState::apply_recipient(int to) {
  finish_give(to);
  resume(Resume::kEffect);
}

// --- Discards -------------------------------------------------------------------------

// `count` discards by `player`, as far as the hand goes: all of a hand that
// has no more cards than that at once, otherwise one choice per card.
void LawsAndDisorderState::begin_discards(int player, int count, Resume then) {
  const int size = hand_size(player);
  count = std::min(count, size);
  if (count == size) {
    for (int k = 0; k < kNumKinds; ++k) {
      while (hands_[idx(player)][idx(k)] > 0) discard_card(player, static_cast<Kind>(k));
    }
    resume(then);
    return;
  }
  discards_left_ = count;
  discard_player_ = static_cast<std::int8_t>(player);
  after_discard_ = then;
  actor_ = static_cast<std::int8_t>(player);
  phase_ = Phase::kDiscard;
}

void LawsAndDisorderState::discard_card(int player, Kind kind) {
  remove_card(player, kind);
  ++discard_size_;
  emit_split(seat_bit(player), make_obs(Obs::kDiscardSeen).add(player).add(static_cast<int>(kind)),
             make_obs(Obs::kDiscard).add(player));
}

void LawsAndDisorderState::discard_actions(ActionList& out) const {
  for (int k = 0; k < kNumKinds; ++k) {
    if (hands_[idx(discard_player_)][idx(k)] > 0) out.push_back(kPickBase + k);
  }
}

void LawsAndDisorderState::apply_discard(Kind kind) {
  discard_card(discard_player_, kind);
  if (--discards_left_ == 0) resume(after_discard_);
}

}  // namespace kibitz::laws_and_disorder
