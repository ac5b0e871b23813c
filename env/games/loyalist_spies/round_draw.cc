// RoundDraw (round_sampler.h): one attempt at a round, event by event: the
// aces, the set-up, the top of the deck, and the history it writes.
#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {
namespace {

bool is_consumption(EventKind kind) {
  return kind == EventKind::kFlip || kind == EventKind::kFaceDown || kind == EventKind::kDraw;
}

// The history action of an event's value, by event kind (derived kinds,
// which write none, get 0).
constexpr std::array<Action, 14> kActionBaseOfKind = [] {
  std::array<Action, 14> base{};
  base[static_cast<std::size_t>(EventKind::kKeep)] = kKeepBase;
  base[static_cast<std::size_t>(EventKind::kJack)] = kPeekBase;
  base[static_cast<std::size_t>(EventKind::kOrder)] = kOrderBase;
  base[static_cast<std::size_t>(EventKind::kPlay)] = kPlayBase;
  base[static_cast<std::size_t>(EventKind::kDiscard)] = kDiscardBase;
  return base;
}();
static_assert(static_cast<std::size_t>(EventKind::kRoundEnd) + 1 == kActionBaseOfKind.size());

}  // namespace

void RoundDraw::reset() {
  // value_ is written only for the events whose card is hidden (val()).
  num_links_ = 0;
  num_tokens_ = 0;
  open_drawn_ = 0;
  drawn_slots_seen_ = 0;
  hand_ = {};
  placed_ = 0;
  pinned_face_down_ = {};
  num_free_face_down_ = {};
  num_pending_ = 0;
  finals_placed_ = false;
  wlen_ = 0;
  num_slots_ = 0;
}

bool RoundDraw::draw(Chooser& chooser) {
  chooser_ = &chooser;
  reset();
  if (!sample_aces()) return false;
  if (!plan_.setup_done) return draw_setup();
  for (int q = 0; q < plan_.n; ++q) {
    if (q == plan_.p) continue;
    const auto qi = static_cast<std::size_t>(q);
    if (plan_.config->keep5) {
      for (int i = 0; i < kKeepCount; ++i) new_token(q, false, -1);
    } else {
      for (int i = 0; i < plan_.deal_count[qi]; ++i) link(plan_.deal_event(q, i), new_token(q, false, -1));
    }
  }
  for (int e = plan_.first_turn_event; e < static_cast<int>(plan_.events.size()); ++e) {
    if (!step(e)) return false;
  }
  if (!finish_pending_plays() || !keep_a_playable_card() || !fill()) return false;
  emit();
  return others_orders_offered();
}

bool RoundDraw::sample_aces() {
  // Slots: seats whose ace the viewer does not know. Aces: the unseen ones.
  std::array<int, kMaxPlayers> slots{};
  int num_slots = 0;
  CardMask free_aces = kAceMask;
  bool excluded = false;
  for (int s = 0; s < plan_.aces_dealt; ++s) {
    const int card = ev(plan_.ace_event[static_cast<std::size_t>(s)]).card;
    if (card != kHidden) {
      free_aces &= ~card_bit(card);
    } else {
      slots[static_cast<std::size_t>(num_slots++)] = s;
      excluded = excluded || plan_.excluded[static_cast<std::size_t>(s)] != 0;
    }
  }
  if (num_slots == 0) return true;
  auto set_ace = [&](int i, int ace) {
    value(plan_.ace_event[static_cast<std::size_t>(slots[static_cast<std::size_t>(i)])]) = static_cast<std::int8_t>(ace);
  };
  if (!excluded) {
    // Uniform over the injections: each slot a random ace of those left.
    for (int i = 0; i < num_slots; ++i) {
      const int ace = random_card(free_aces);
      free_aces &= ~card_bit(ace);
      set_ace(i, ace);
    }
    return true;
  }
  // Every injection of the free aces into the slots, uniformly among those no
  // Jack ruled out: each permutation's first num_slots aces is one injection,
  // and every injection appears equally often.
  std::array<int, kMaxPlayers> aces{};
  int num_aces = 0;
  for_each_card(free_aces, [&](int c) { aces[static_cast<std::size_t>(num_aces++)] = c; });
  std::array<std::array<int, kMaxPlayers>, 24> valid{};
  int num_valid = 0;
  do {
    bool ok = true;
    for (int i = 0; i < num_slots && ok; ++i) {
      const int suit = suit_of(aces[static_cast<std::size_t>(i)]);
      ok = !((plan_.excluded[static_cast<std::size_t>(slots[static_cast<std::size_t>(i)])] >> suit) & 1u);
    }
    if (ok) valid[static_cast<std::size_t>(num_valid++)] = aces;
  } while (std::next_permutation(aces.begin(), aces.begin() + num_aces));
  if (num_valid == 0) return false;
  const auto& chosen = valid[static_cast<std::size_t>(chooser_->pick(num_valid))];
  for (int i = 0; i < num_slots; ++i) set_ace(i, chosen[static_cast<std::size_t>(i)]);
  return true;
}

// Before the turns begin: the other seats' deal is a uniform deal of the
// cards the viewer was not dealt, and their keeps so far are uniform among
// the keep sequences the rules allow.
bool RoundDraw::draw_setup() {
  std::array<std::int8_t, kNumCardIndices> pool{};
  int size = 0;
  for_each_card(plan_.universe & ~plan_.dealt_p, [&](int c) { pool[static_cast<std::size_t>(size++)] = static_cast<std::int8_t>(c); });
  std::array<CardMask, kMaxPlayers> dealt{};
  for (int e = 0; e < static_cast<int>(plan_.events.size()); ++e) {
    const Event& x = ev(e);
    if (x.kind != EventKind::kDeal || x.seat == plan_.p) continue;
    if (size == 0) return false;
    const int i = chooser_->pick(size);
    value(e) = pool[static_cast<std::size_t>(i)];
    pool[static_cast<std::size_t>(i)] = pool[static_cast<std::size_t>(--size)];
    dealt[static_cast<std::size_t>(x.seat)] |= card_bit(value(e));
  }
  for (int q = 0; q < plan_.n; ++q) {
    if (q != plan_.p && plan_.keep_count[static_cast<std::size_t>(q)] > 0 &&
        !keep_sequence(q, dealt[static_cast<std::size_t>(q)])) {
      return false;
    }
  }
  return true;
}

// A seat's first k keeps: a uniform k-subset of the first h - 5 + k cards of
// its hand in keep order (each keep leaves enough cards above it to complete
// five), refused when it keeps Jk2 without Jk though dealt Jk (legal_keeps).
bool RoundDraw::keep_sequence(int seat, CardMask dealt) {
  const auto qi = static_cast<std::size_t>(seat);
  const int k = plan_.keep_count[qi];
  std::array<std::int8_t, kNumCardIndices> cards{};  // the hand in keep order: Jokers first
  int h = 0;
  for_each_card(dealt & kJokerMask, [&](int c) { cards[static_cast<std::size_t>(h++)] = static_cast<std::int8_t>(c); });
  for_each_card(dealt & ~kJokerMask, [&](int c) { cards[static_cast<std::size_t>(h++)] = static_cast<std::int8_t>(c); });
  const int m = h - kKeepCount + k;
  if (m < k) return false;
  std::array<std::int8_t, kNumCardIndices> index{};
  for (int i = 0; i < m; ++i) index[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(i);
  for (int i = 0; i < k; ++i) {  // partial Fisher-Yates: the first k of a random order
    const int j = i + chooser_->pick(m - i);
    std::swap(index[static_cast<std::size_t>(i)], index[static_cast<std::size_t>(j)]);
  }
  std::sort(index.begin(), index.begin() + k);
  CardMask kept = 0;
  for (int i = 0; i < k; ++i) {
    const int c = cards[static_cast<std::size_t>(index[static_cast<std::size_t>(i)])];
    kept |= card_bit(c);
    value(plan_.keep_event(seat, i)) = static_cast<std::int8_t>(c);
  }
  const bool jk2_alone = ((kept >> (kFirstJoker + 1)) & 1u) && !((kept >> kFirstJoker) & 1u);
  return !(jk2_alone && ((dealt >> kFirstJoker) & 1u));
}

bool RoundDraw::on_flip(int e) {
  const Event& x = ev(e);
  if (!top_shows(x.card)) return false;
  take_world(e);
  const KnownRound::TopView* view = plan_.known->view_at(e);
  if (view == nullptr) return true;
  // The viewer's own Queen: it sees the cards fixed on top as they are.
  if (view->len != wlen_) return false;
  for (int i = 0; i < wlen_; ++i) {
    const int item = world_[static_cast<std::size_t>(i)];
    const int seen = view->cards[static_cast<std::size_t>(i)];
    if (is_card(item)) {
      if (item != seen) return false;
    } else {
      slot_fixed_[static_cast<std::size_t>(item - kSlot)] = static_cast<std::int8_t>(seen);
      world_[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(seen);
    }
  }
  return true;
}

bool RoundDraw::step(int e) {
  const Event& x = ev(e);
  const bool own = x.seat == plan_.p;
  switch (x.kind) {
    case EventKind::kFlip:
      return on_flip(e);
    case EventKind::kPeek:
      if (own) {
        world_[static_cast<std::size_t>(wlen_++)] = x.card;
      } else {
        if (num_slots_ >= kMaxSlots || wlen_ >= kQueenLook) return false;
        const int item = kSlot + num_slots_;
        slot_event_[static_cast<std::size_t>(num_slots_)] = -1;
        slot_fixed_[static_cast<std::size_t>(num_slots_)] = -1;
        ++num_slots_;
        world_[static_cast<std::size_t>(wlen_++)] = static_cast<std::int8_t>(item);
        choice_[static_cast<std::size_t>(e)] = static_cast<std::int8_t>(item);
      }
      return true;
    case EventKind::kOrder: {
      if (!own) return arrange(e);
      // The viewer's own order: it saw every card it moved.
      const auto& perm = kOrders[static_cast<std::size_t>(x.card)];
      const std::array<std::int8_t, kQueenLook> old = world_;
      for (int i = 0; i < wlen_; ++i) world_[static_cast<std::size_t>(i)] = old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
      return true;
    }
    case EventKind::kFaceDown: {
      const int item = take_world(e);
      const auto m = static_cast<std::size_t>(x.aux);
      if (item >= 0) {
        value(e) = static_cast<std::int8_t>(item);
        placed_ |= card_bit(item);
        pinned_face_down_[m] |= card_bit(item);
      } else {
        value(e) = -1;  // decided by the reveal, or by the fill
        free_face_down_[m][static_cast<std::size_t>(num_free_face_down_[m]++)] = static_cast<std::int16_t>(e);
      }
      return true;
    }
    case EventKind::kDraw: {
      if (own) {
        if (!top_shows(x.card)) return false;
        take_world(e);
        return true;
      }
      const int t = new_token(x.seat, true, take_world(e));
      if (t < 0) return false;
      link(e, t);
      return true;
    }
    case EventKind::kPlay:
      if (!own) pending_play_[static_cast<std::size_t>(num_pending_++)] = static_cast<std::int16_t>(e);
      return true;
    case EventKind::kNoPlay:
      return own || no_play(x.seat);
    case EventKind::kReveal:
      if (!assign_mission(x.aux)) return false;
      num_pending_ = 0;
      return true;
    case EventKind::kDiscard:
      return own || discard(e);
    case EventKind::kRoundEnd:
      if (finals_placed_) return true;
      finals_placed_ = true;
      return place_final_jokers();
    default:
      return true;
  }
}

// Another seat reordered top cards: draw their positions among the orders
// that fit what happened to each position next.
bool RoundDraw::arrange(int order_event) {
  const int k = wlen_;
  CardMask known = 0;
  for (int i = 0; i < k; ++i) {
    if (is_card(world_[static_cast<std::size_t>(i)])) known |= card_bit(world_[static_cast<std::size_t>(i)]);
  }
  std::array<Fate, kQueenLook> fate{};
  for (int j = 0; j < k; ++j) fate[static_cast<std::size_t>(j)] = {Fate::kRemaining, -1, -1};
  int offset = 0;  // positions already taken
  for (int f = order_event + 1; f < static_cast<int>(plan_.events.size()) && offset < k; ++f) {
    const Event& x = ev(f);
    if (is_consumption(x.kind)) {
      fate[static_cast<std::size_t>(offset++)] = {Fate::kConsumed, static_cast<std::int16_t>(f), -1};
      if (const KnownRound::TopView* view = x.kind == EventKind::kFlip ? plan_.known->view_at(f) : nullptr) {
        // The viewer's own Queen: it sees what lies in the remaining positions.
        if (view->len < k - offset) return false;
        for (int j = offset; j < k; ++j) {
          fate[static_cast<std::size_t>(j)] = {Fate::kView, -1, view->cards[static_cast<std::size_t>(j - offset)]};
        }
        break;
      }
    } else if (x.kind == EventKind::kOrder) {
      for (int j = offset; j < k; ++j) fate[static_cast<std::size_t>(j)] = {Fate::kCarried, -1, -1};
      break;
    } else if (x.kind == EventKind::kRoundEnd) {
      break;
    }
  }
  std::array<int, kNumOrders> valid{};
  int num_valid = 0;
  for (int o = 0; o < num_orders(k); ++o) {
    const auto& perm = kOrders[static_cast<std::size_t>(o)];
    bool ok = true;
    for (int j = 0; j < k && ok; ++j) {
      ok = fits(world_[static_cast<std::size_t>(perm[static_cast<std::size_t>(j)])], fate[static_cast<std::size_t>(j)], known);
    }
    if (ok) valid[static_cast<std::size_t>(num_valid++)] = o;
  }
  if (num_valid == 0) return false;
  const int order = valid[static_cast<std::size_t>(chooser_->pick(num_valid))];
  choice_[static_cast<std::size_t>(order_event)] = static_cast<std::int8_t>(order);
  const auto& perm = kOrders[static_cast<std::size_t>(order)];
  const std::array<std::int8_t, kQueenLook> old = world_;
  for (int j = 0; j < k; ++j) world_[static_cast<std::size_t>(j)] = old[static_cast<std::size_t>(perm[static_cast<std::size_t>(j)])];
  return true;
}

// Whether top item `item` (a known card or a placeholder) can end in a
// position whose next fate is `fate`: only what the observations rule out
// is refused, so every consistent order stays open.
bool RoundDraw::fits(int item, const Fate& fate, CardMask known_items) const {
  auto fixed = [&](int v) { return is_card(item) ? item == v : !((known_items >> v) & 1u); };
  if (!is_card(item)) item = -1;
  switch (fate.kind) {
    case Fate::kView:
      return fixed(fate.value);
    case Fate::kCarried:
      return true;
    case Fate::kRemaining:
      return item < 0 || !((plan_.set_cards >> item) & 1u);
    case Fate::kConsumed: {
      const Event& x = ev(fate.event);
      if (x.kind == EventKind::kFlip || (x.kind == EventKind::kDraw && x.seat == plan_.p)) return fixed(x.card);
      if (item < 0) return true;
      if (x.kind == EventKind::kFaceDown) {
        return plan_.reveal_event[static_cast<std::size_t>(x.aux)] < 0 ||
               ((plan_.set[static_cast<std::size_t>(x.aux)] >> item) & 1u);
      }
      // Drawn by another seat: a card seen later on a mission is that seat's play.
      const int m = plan_.mission_of_card[static_cast<std::size_t>(item)];
      if (m >= 0 && plan_.play_event[static_cast<std::size_t>(m)][static_cast<std::size_t>(x.seat)] < fate.event) return false;
      if (is_joker(item) &&
          ((plan_.final_jokers_all & ~plan_.final_jokers[static_cast<std::size_t>(x.seat)]) >> item & 1u)) {
        return false;
      }
      return true;
    }
  }
  return false;
}

// Another seat's order was drawn before the cards it moved were (they are
// decided by what later takes them): a world in which that order is one the
// game does not offer (keeps_joker_order) fails.
bool RoundDraw::others_orders_offered() const {
  std::array<std::int8_t, kQueenLook> top{};
  int len = 0;
  for (int e = plan_.first_turn_event; e < static_cast<int>(plan_.events.size()); ++e) {
    const Event& x = ev(e);
    if (is_consumption(x.kind)) {
      for (int i = 1; i < len; ++i) top[static_cast<std::size_t>(i - 1)] = top[static_cast<std::size_t>(i)];
      if (len > 0) --len;
    } else if (x.kind == EventKind::kPeek) {
      top[static_cast<std::size_t>(len++)] = static_cast<std::int8_t>(val(e));
    } else if (x.kind == EventKind::kOrder) {
      const int order = val(e);
      if (x.seat != plan_.p &&
          !keeps_joker_order(order, std::span<const std::int8_t>(top.data(), static_cast<std::size_t>(len)))) {
        return false;
      }
      const std::array<std::int8_t, kQueenLook> old = top;
      for (int i = 0; i < len; ++i) {
        top[static_cast<std::size_t>(i)] =
            old[static_cast<std::size_t>(kOrders[static_cast<std::size_t>(order)][static_cast<std::size_t>(i)])];
      }
    }
  }
  return true;
}

int RoundDraw::slot_card(int slot) const {
  const auto i = static_cast<std::size_t>(slot);
  if (slot_fixed_[i] >= 0) return slot_fixed_[i];
  KIBITZ_CHECK(slot_event_[i] >= 0, "a placeholder never decided");
  return val(slot_event_[i]);
}

void RoundDraw::write_actions(std::span<Action> out) const {
  std::size_t i = 0;
  for (int e = 0; e < static_cast<int>(plan_.events.size()); ++e) {
    const Event& x = ev(e);
    if (!is_history_event(x.kind)) continue;
    const int v = val(e);
    KIBITZ_DCHECK(v >= 0, "event ", e, " of kind ", static_cast<int>(x.kind), " was never drawn");
    out[i++] = kActionBaseOfKind[static_cast<std::size_t>(x.kind)] + v;
  }
  KIBITZ_CHECK(i == out.size(), "round length changed");
}

}  // namespace kibitz::loyalist_spies
