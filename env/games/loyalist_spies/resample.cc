#include "env/games/loyalist_spies/resample.h"

#include <algorithm>
#include <array>
#include <span>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
namespace {

constexpr int kMaxAttempts = 64;
constexpr int kMissionRetries = 8;
constexpr int kMaxTokens = 64;  // 5 per seat plus every deck card drawn
constexpr int kMaxMissions = 16;
constexpr int kMaxSeatEvents = 64;  // deal or keep events of one seat in a round
constexpr int kSlot = 64;           // world top items from kSlot on are placeholders
constexpr int kMaxSlots = 63;       // placeholders in a round (one per card another seat peeks)

bool is_card(int item) { return item >= 0 && item < kSlot; }

int random_card(CardMask m, Rng& rng) {
  return nth_card(m, static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(popcount(m)))));
}

// A set of token ids, as a bitmask.
using TokenMask = std::uint64_t;
// A hand holds few tokens: stepping over the lower ones is cheapest.
int random_token(TokenMask m, Rng& rng) {
  for (auto k = rng.uniform_int(static_cast<std::uint64_t>(popcount(m))); k > 0; --k) m &= m - 1;
  return lowest_card(m);
}

bool is_consumption(EventKind kind) {
  return kind == EventKind::kFlip || kind == EventKind::kFaceDown || kind == EventKind::kDraw;
}

// A card another seat held this round: dealt into its first five or drawn.
struct Token {
  std::int8_t owner;
  std::int8_t card;  // -1 until decided
  bool drawn;        // came from the deck (else from the deal)
  bool non_joker;    // played, or in a final hand beyond its revealed Jokers
};

// What fixes the card at one top position after a reorder the viewer did not see.
struct Fate {
  enum Kind : std::uint8_t { kConsumed, kView, kCarried, kRemaining } kind;
  std::int16_t event;  // kConsumed: the event that took it
  std::int8_t value;   // kView: the card the viewer saw there
};

// Draws the hidden cards and choices of one round.
class RoundSampler {
 public:
  // must_play: a seat (not the viewer) now due to play on the current
  // mission, which therefore holds a card other than a Joker; or -1.
  RoundSampler(const Config& config, int viewer, std::span<const Event> events, int must_play,
               Rng& rng);

  // One attempt; true when a consistent world was drawn.
  bool draw();
  // The round's history entries, in order (true values where nothing was drawn).
  void write_actions(std::span<Action> out) const;

 private:
  // --- Preparation (once per round) ---
  void prepare();
  bool deck_only(int card) const { return (given_p_ >> card) & 1u; }

  // --- One attempt ---
  bool sample_aces();
  bool draw_setup();
  bool step(int e);
  bool arrange(int order_event);
  bool fits(int item, const Fate& fate, CardMask known_items) const;
  bool assign_mission(int m);
  int take_token_for(int seat, int card);
  int choose_joker(int seat, const Token& token);
  bool place_final_jokers();
  bool finish_pending_plays();
  bool keep_a_playable_card();
  bool fill();
  void emit();
  bool others_orders_offered() const;
  void deal_jk_away_from_jk2_keeper(std::span<std::int8_t> given,
                                    const std::array<CardMask, kMaxPlayers>& kept) const;
  int slot_card(int slot) const;

  int new_token(int owner, bool drawn, int card) {
    KIBITZ_CHECK(num_tokens_ < kMaxTokens, "too many tokens");
    tokens_[static_cast<std::size_t>(num_tokens_)] = {static_cast<std::int8_t>(owner),
                                                      static_cast<std::int8_t>(card), drawn, false};
    hand_[static_cast<std::size_t>(owner)] |= TokenMask{1} << num_tokens_;
    if (card >= 0) placed_ |= card_bit(card);
    return num_tokens_++;
  }
  Token& token(int t) { return tokens_[static_cast<std::size_t>(t)]; }
  const Token& token(int t) const { return tokens_[static_cast<std::size_t>(t)]; }
  void assign(int t, int card) {
    token(t).card = static_cast<std::int8_t>(card);
    placed_ |= card_bit(card);
  }
  const Event& ev(int e) const { return events_[static_cast<std::size_t>(e)]; }
  // Event e's card is token t's.
  void link(int e, int t) {
    links_[static_cast<std::size_t>(num_links_++)] = {static_cast<std::int16_t>(e),
                                                      static_cast<std::int8_t>(t)};
  }
  // Whether the world's top can be `card`, which the viewer sees taken: a
  // card the viewer knows on top must be it, and it cannot lie lower.
  bool top_shows(int card) const {
    if (wlen_ > 0 && is_card(world_[0]) && world_[0] != card) return false;
    for (int i = 1; i < wlen_; ++i) {
      if (world_[static_cast<std::size_t>(i)] == card) return false;
    }
    return true;
  }
  std::int8_t& value(int e) { return value_[static_cast<std::size_t>(e)]; }

  // Takes the world's top item for event e: the card the viewer knows there,
  // or -1 (a placeholder, now decided by e, or no fixed top at all).
  int take_world(int e) {
    if (wlen_ == 0) return -1;
    const int item = world_[0];
    for (int i = 1; i < wlen_; ++i)
      world_[static_cast<std::size_t>(i - 1)] = world_[static_cast<std::size_t>(i)];
    --wlen_;
    if (is_card(item)) return item;
    slot_event_[static_cast<std::size_t>(item - kSlot)] = static_cast<std::int16_t>(e);
    return -1;
  }
  void pop_true() {
    for (int i = 1; i < tlen_; ++i)
      true_top_[static_cast<std::size_t>(i - 1)] = true_top_[static_cast<std::size_t>(i)];
    if (tlen_ > 0) --tlen_;
  }

  const Config& config_;
  const int n_;
  const int p_;
  const int must_play_;
  std::span<const Event> events_;
  Rng& rng_;

  // Preparation.
  CardMask universe_ = 0;  // the round's cards besides the aces
  bool setup_done_ = false;
  int first_turn_event_ = 0;
  std::array<int, kMaxPlayers> ace_event_{};
  int aces_dealt_ = 0;
  unsigned ace_known_ = 0;  // seats whose ace the viewer knows
  std::array<unsigned, kMaxPlayers> excluded_{};
  std::array<std::array<std::int16_t, kMaxSeatEvents>, kMaxPlayers> deal_events_;
  std::array<int, kMaxPlayers> deal_count_{};
  std::array<std::array<std::int16_t, kKeepCount>, kMaxPlayers> keep_events_;
  std::array<int, kMaxPlayers> keep_count_{};
  CardMask dealt_p_ = 0, given_p_ = 0;
  CardMask any_pool_ = 0;   // never seen by the viewer
  CardMask deck_pool_ = 0;  // given up by the viewer, not seen since
  std::array<CardMask, kMaxPlayers> final_jokers_{};
  CardMask final_jokers_all_ = 0;
  int missions_ = 0;
  std::array<CardMask, kMaxMissions> set_{};
  std::array<int, kMaxMissions> reveal_event_{};
  std::array<int, kMaxMissions> viewer_play_{};
  std::array<std::array<std::int16_t, kMaxPlayers>, kMaxMissions> play_event_{};
  std::array<std::int8_t, kNumCardIndices> mission_of_card_{};
  CardMask set_cards_ = 0;  // every revealed mission card
  std::array<std::int16_t, kMaxRoundEvents> cons_events_;
  int num_cons_ = 0;

  // One attempt.
  std::array<std::int8_t, kMaxRoundEvents> value_;
  // Events whose card is a token's: (event, token) pairs.
  std::array<std::pair<std::int16_t, std::int8_t>, kMaxTokens + kMaxTokens> links_;
  int num_links_ = 0;
  std::array<Token, kMaxTokens> tokens_;
  int num_tokens_ = 0;
  std::array<TokenMask, kMaxPlayers> hand_{};
  CardMask placed_ = 0;
  std::array<CardMask, kMaxMissions> pinned_face_down_{};
  std::array<std::array<std::int16_t, kMissionDeckCards>, kMaxMissions> free_face_down_;
  std::array<int, kMaxMissions> num_free_face_down_{};
  std::array<std::int16_t, kMaxPlayers> pending_play_;  // play events awaiting the reveal
  int num_pending_ = 0;
  bool finals_placed_ = false;
  // The drawn world's top cards: a card the viewer knows there, or a
  // placeholder (kSlot + id) for one it does not, whose card is decided by
  // what later takes it (or by the fill, if it is still on top).
  std::array<std::int8_t, kQueenLook> world_{};
  int wlen_ = 0;
  int num_slots_ = 0;
  std::array<std::int16_t, kMaxSlots> slot_event_;   // the event that took it
  std::array<std::int8_t, kMaxSlots> slot_fixed_;    // the card the viewer later saw there
  std::array<std::int8_t, kMaxRoundEvents> choice_;  // another seat's peek item or order
  std::array<std::int8_t, kQueenLook> true_top_{};   // the true top cards
  int tlen_ = 0;
};

RoundSampler::RoundSampler(const Config& config, int viewer, std::span<const Event> events,
                           int must_play, Rng& rng)
    : config_(config),
      n_(config.players),
      p_(viewer),
      must_play_(must_play),
      events_(events),
      rng_(rng) {
  prepare();
}

void RoundSampler::prepare() {
  CardMask jokers = 0;
  for (int j = 0; j < config_.jokers; ++j) jokers |= card_bit(kFirstJoker + j);
  universe_ = (kPackMask & ~kAceMask) | jokers;
  for (auto& row : play_event_) row.fill(-1);
  reveal_event_.fill(-1);
  viewer_play_.fill(-1);
  mission_of_card_.fill(-1);

  // What the viewer saw this round, and what it saw after its keep.
  CardMask seen = 0, seen_later = 0;
  std::array<std::int8_t, kQueenLook> top{};
  int top_len = 0;
  int keeps = 0, deals = 0;
  // The set-up is over after 5 keeps (keep5) or 5 deals (direct) per seat.
  const int setup_entries = kKeepCount * n_;
  bool in_turns = false;
  const int size = static_cast<int>(events_.size());
  for (int e = 0; e < size; ++e) {
    const Event& x = ev(e);
    const auto s = static_cast<std::size_t>(x.seat);
    const CardMask bit = x.card >= 0 && x.card < kNumCardIndices ? card_bit(x.card) : 0;
    if (!in_turns &&
        (x.kind != EventKind::kAce && x.kind != EventKind::kDeal && x.kind != EventKind::kKeep)) {
      in_turns = true;
      first_turn_event_ = e;
    }
    switch (x.kind) {
      case EventKind::kAce:
        ace_event_[s] = e;
        ++aces_dealt_;
        if (x.seat == p_) ace_known_ |= 1u << p_;
        break;
      case EventKind::kDeal:
        deal_events_[s][static_cast<std::size_t>(deal_count_[s]++)] = static_cast<std::int16_t>(e);
        ++deals;
        if (x.seat == p_) {
          dealt_p_ |= bit;
          seen |= bit;
        }
        break;
      case EventKind::kKeep:
        keep_events_[s][static_cast<std::size_t>(keep_count_[s]++)] = static_cast<std::int16_t>(e);
        ++keeps;
        break;
      case EventKind::kJack: {
        const int target = x.card;
        const int suit = suit_of(ev(static_cast<int>(e) - 1).card);  // the Jack flipped just before
        if (x.seat == p_) ace_known_ |= 1u << target;
        if (x.aux) {
          ace_known_ |= 1u << target;
          if (target == p_) ace_known_ |= 1u << x.seat;
        } else {
          excluded_[static_cast<std::size_t>(target)] |= 1u << suit;
        }
        break;
      }
      case EventKind::kFlip:
        seen |= bit;
        seen_later |= bit;
        for (int i = 1; i < top_len; ++i)
          top[static_cast<std::size_t>(i - 1)] = top[static_cast<std::size_t>(i)];
        if (top_len > 0) --top_len;
        if (!is_joker(x.card) && rank_of(x.card) == kRankQueen && x.seat == p_) {
          for (int i = 0; i < top_len; ++i) {
            seen |= card_bit(top[static_cast<std::size_t>(i)]);
            seen_later |= card_bit(top[static_cast<std::size_t>(i)]);
          }
        }
        cons_events_[static_cast<std::size_t>(num_cons_++)] = static_cast<std::int16_t>(e);
        break;
      case EventKind::kPeek:
        top[static_cast<std::size_t>(top_len++)] = x.card;
        if (x.seat == p_) {
          seen |= bit;
          seen_later |= bit;
        }
        break;
      case EventKind::kOrder: {
        const std::array<std::int8_t, kQueenLook> old = top;
        for (int i = 0; i < top_len; ++i) {
          top[static_cast<std::size_t>(i)] = old[static_cast<std::size_t>(
              kOrders[static_cast<std::size_t>(x.card)][static_cast<std::size_t>(i)])];
        }
        break;
      }
      case EventKind::kFaceDown:
      case EventKind::kDraw:
        for (int i = 1; i < top_len; ++i)
          top[static_cast<std::size_t>(i - 1)] = top[static_cast<std::size_t>(i)];
        if (top_len > 0) --top_len;
        if (x.kind == EventKind::kDraw && x.seat == p_) {
          seen |= bit;
          seen_later |= bit;
        }
        cons_events_[static_cast<std::size_t>(num_cons_++)] = static_cast<std::int16_t>(e);
        break;
      case EventKind::kPlay:
        set_[x.aux] |= bit;
        play_event_[x.aux][s] = static_cast<std::int16_t>(e);
        if (x.seat == p_) viewer_play_[x.aux] = x.card;
        missions_ = std::max(missions_, x.aux + 1);
        break;
      case EventKind::kReveal:
        reveal_event_[x.aux] = e;
        missions_ = std::max(missions_, x.aux + 1);
        break;
      case EventKind::kRoundEnd:
        final_jokers_[s] = static_cast<CardMask>(x.card >> 2) << kFirstJoker;
        if (x.seat != p_) final_jokers_all_ |= final_jokers_[s];
        ace_known_ = (1u << n_) - 1;
        break;
      case EventKind::kNoPlay:
      case EventKind::kDiscard:
        break;
    }
    if (x.kind == EventKind::kFaceDown) {
      set_[x.aux] |= bit;
      missions_ = std::max(missions_, x.aux + 1);
    }
  }
  KIBITZ_CHECK(missions_ <= kMaxMissions, "too many missions");
  setup_done_ = (config_.keep5 ? keeps : deals) == setup_entries;
  if (!in_turns) first_turn_event_ = size;
  // Only revealed sets are public.
  for (int m = 0; m < missions_; ++m) {
    if (reveal_event_[static_cast<std::size_t>(m)] < 0) {
      set_[static_cast<std::size_t>(m)] = 0;
      continue;
    }
    const CardMask set = set_[static_cast<std::size_t>(m)];
    set_cards_ |= set;
    for_each_card(set, [&](int c) {
      mission_of_card_[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(m);
    });
  }
  seen |= set_cards_;
  seen_later |= set_cards_;
  if (config_.keep5 && setup_done_) {
    CardMask kept_p = 0;
    for (int i = 0; i < keep_count_[static_cast<std::size_t>(p_)]; ++i) {
      kept_p |= card_bit(
          ev(keep_events_[static_cast<std::size_t>(p_)][static_cast<std::size_t>(i)]).card);
    }
    given_p_ = dealt_p_ & ~kept_p;
  }
  any_pool_ = universe_ & ~seen & ~final_jokers_all_;
  deck_pool_ = given_p_ & ~seen_later & ~final_jokers_all_;
}

bool RoundSampler::draw() {
  for (int e = 0; e < static_cast<int>(events_.size()); ++e) value(e) = ev(e).card;
  num_links_ = 0;
  num_tokens_ = 0;
  hand_ = {};
  placed_ = 0;
  pinned_face_down_ = {};
  num_free_face_down_ = {};
  num_pending_ = 0;
  finals_placed_ = false;
  wlen_ = 0;
  tlen_ = 0;
  num_slots_ = 0;
  if (!sample_aces()) return false;
  if (!setup_done_) return draw_setup();

  for (int q = 0; q < n_; ++q) {
    if (q == p_) continue;
    if (config_.keep5) {
      for (int i = 0; i < kKeepCount; ++i) new_token(q, false, -1);
    } else {
      for (int i = 0; i < deal_count_[static_cast<std::size_t>(q)]; ++i) {
        link(deal_events_[static_cast<std::size_t>(q)][static_cast<std::size_t>(i)],
             new_token(q, false, -1));
      }
    }
  }
  for (int e = first_turn_event_; e < static_cast<int>(events_.size()); ++e) {
    if (!step(e)) return false;
  }
  if (!finish_pending_plays() || !keep_a_playable_card() || !fill()) return false;
  emit();
  return others_orders_offered();
}

// Another seat's order was drawn before the cards it moved were (they are
// decided by what later takes them): a world in which that order is one the
// game does not offer (keeps_joker_order) is drawn again.
bool RoundSampler::others_orders_offered() const {
  std::array<std::int8_t, kQueenLook> top{};
  int len = 0;
  for (int e = first_turn_event_; e < static_cast<int>(events_.size()); ++e) {
    const Event& x = ev(e);
    if (is_consumption(x.kind)) {
      for (int i = 1; i < len; ++i)
        top[static_cast<std::size_t>(i - 1)] = top[static_cast<std::size_t>(i)];
      if (len > 0) --len;
    } else if (x.kind == EventKind::kPeek) {
      top[static_cast<std::size_t>(len++)] = value_[static_cast<std::size_t>(e)];
    } else if (x.kind == EventKind::kOrder) {
      const int order = value_[static_cast<std::size_t>(e)];
      if (x.seat != p_ && !keeps_joker_order(order, std::span<const std::int8_t>(
                                                        top.data(), static_cast<std::size_t>(len))))
        return false;
      const std::array<std::int8_t, kQueenLook> old = top;
      for (int i = 0; i < len; ++i) {
        top[static_cast<std::size_t>(i)] = old[static_cast<std::size_t>(
            kOrders[static_cast<std::size_t>(order)][static_cast<std::size_t>(i)])];
      }
    }
  }
  return true;
}

bool RoundSampler::sample_aces() {
  // Slots: other seats whose ace the viewer does not know. Aces: the unseen ones.
  std::array<int, kMaxPlayers> slots{};
  int num_slots = 0;
  CardMask free_aces = kAceMask;
  for (int s = 0; s < aces_dealt_; ++s) {
    const int card = ev(ace_event_[static_cast<std::size_t>(s)]).card;
    if ((ace_known_ >> s) & 1u) {
      free_aces &= ~card_bit(card);
    } else {
      slots[static_cast<std::size_t>(num_slots++)] = s;
    }
  }
  if (num_slots == 0) return true;
  std::array<int, kMaxPlayers> aces{};
  int num_aces = 0;
  for_each_card(free_aces, [&](int c) { aces[static_cast<std::size_t>(num_aces++)] = c; });
  // Every injection of the free aces into the slots, uniformly among those no
  // Jack ruled out: each permutation's first num_slots aces is one injection,
  // and every injection appears equally often.
  std::array<std::array<int, kMaxPlayers>, 24> valid{};
  int num_valid = 0;
  do {
    bool ok = true;
    for (int i = 0; i < num_slots && ok; ++i) {
      const int suit = suit_of(aces[static_cast<std::size_t>(i)]);
      ok =
          !((excluded_[static_cast<std::size_t>(slots[static_cast<std::size_t>(i)])] >> suit) & 1u);
    }
    if (ok) valid[static_cast<std::size_t>(num_valid++)] = aces;
  } while (std::next_permutation(aces.begin(), aces.begin() + num_aces));
  if (num_valid == 0) return false;
  const auto& chosen = valid[rng_.uniform_int(static_cast<std::uint64_t>(num_valid))];
  for (int i = 0; i < num_slots; ++i) {
    const int s = slots[static_cast<std::size_t>(i)];
    value(ace_event_[static_cast<std::size_t>(s)]) =
        static_cast<std::int8_t>(chosen[static_cast<std::size_t>(i)]);
  }
  return true;
}

// Before the turns begin: the other seats' deal is any split of the cards the
// viewer was not dealt, and a seat that kept some kept the first of five.
bool RoundSampler::draw_setup() {
  std::array<std::int8_t, kNumCardIndices> pool{};
  int size = 0;
  for_each_card(universe_ & ~dealt_p_, [&](int c) {
    pool[static_cast<std::size_t>(size++)] = static_cast<std::int8_t>(c);
  });
  rng_.shuffle(std::span<std::int8_t>(pool.data(), static_cast<std::size_t>(size)));
  int next = 0;
  std::array<CardMask, kMaxPlayers> dealt{};
  for (int e = 0; e < static_cast<int>(events_.size()); ++e) {
    const Event& x = ev(e);
    if (x.kind != EventKind::kDeal || x.seat == p_) continue;
    KIBITZ_CHECK(next < size, "deal larger than the pool");
    value(e) = pool[static_cast<std::size_t>(next++)];
    dealt[static_cast<std::size_t>(x.seat)] |= card_bit(value(e));
  }
  for (int q = 0; q < n_; ++q) {
    const auto i = static_cast<std::size_t>(q);
    if (q == p_ || keep_count_[i] == 0) continue;
    // Five random cards of the hand, in keep order.
    std::array<std::int8_t, kNumCardIndices> cards{};
    int count = 0;
    for_each_card(dealt[i], [&](int c) {
      cards[static_cast<std::size_t>(count++)] = static_cast<std::int8_t>(c);
    });
    KIBITZ_CHECK(count >= kKeepCount, "hand too small to keep five");
    rng_.shuffle(std::span<std::int8_t>(cards.data(), static_cast<std::size_t>(count)));
    std::sort(cards.begin(), cards.begin() + kKeepCount,
              [](std::int8_t a, std::int8_t b) { return keep_rank(a) < keep_rank(b); });
    // One Joker of two is kept as Jk (legal_keeps): Jk2, lowest in keep
    // order without Jk, is first if it is there at all.
    if (cards[0] == kFirstJoker + 1 && ((dealt[i] >> kFirstJoker) & 1u)) cards[0] = kFirstJoker;
    for (int k = 0; k < keep_count_[i]; ++k)
      value(keep_events_[i][static_cast<std::size_t>(k)]) = cards[static_cast<std::size_t>(k)];
  }
  return true;
}

bool RoundSampler::step(int e) {
  const Event& x = ev(e);
  const auto s = static_cast<std::size_t>(x.seat);
  switch (x.kind) {
    case EventKind::kFlip: {
      if (!top_shows(x.card)) return false;
      take_world(e);
      pop_true();
      if (!is_joker(x.card) && rank_of(x.card) == kRankQueen && x.seat == p_) {
        // The viewer sees the top cards as they are.
        for (int i = 0; i < wlen_; ++i) {
          const int item = world_[static_cast<std::size_t>(i)];
          const int truth = true_top_[static_cast<std::size_t>(i)];
          if (is_card(item)) {
            if (item != truth) return false;
          } else {
            slot_fixed_[static_cast<std::size_t>(item - kSlot)] = static_cast<std::int8_t>(truth);
            world_[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(truth);
          }
        }
      }
      return true;
    }
    case EventKind::kPeek:
      true_top_[static_cast<std::size_t>(tlen_++)] = x.card;
      if (x.seat == p_) {
        world_[static_cast<std::size_t>(wlen_++)] = x.card;
      } else {
        KIBITZ_CHECK(num_slots_ < kMaxSlots, "too many placeholders");
        const int item = kSlot + num_slots_;
        slot_event_[static_cast<std::size_t>(num_slots_)] = -1;
        slot_fixed_[static_cast<std::size_t>(num_slots_)] = -1;
        ++num_slots_;
        world_[static_cast<std::size_t>(wlen_++)] = static_cast<std::int8_t>(item);
        choice_[static_cast<std::size_t>(e)] = static_cast<std::int8_t>(item);
      }
      return true;
    case EventKind::kOrder: {
      const auto& perm = kOrders[static_cast<std::size_t>(x.card)];
      const std::array<std::int8_t, kQueenLook> old = true_top_;
      for (int i = 0; i < tlen_; ++i)
        true_top_[static_cast<std::size_t>(i)] =
            old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
      if (x.seat == p_) {
        world_ = true_top_;
        return true;
      }
      return arrange(e);
    }
    case EventKind::kFaceDown: {
      const int item = take_world(e);
      pop_true();
      const auto m = static_cast<std::size_t>(x.aux);
      if (item >= 0) {
        value(e) = static_cast<std::int8_t>(item);
        placed_ |= card_bit(item);
        pinned_face_down_[m] |= card_bit(item);
      } else {
        free_face_down_[m][static_cast<std::size_t>(num_free_face_down_[m]++)] =
            static_cast<std::int16_t>(e);
      }
      return true;
    }
    case EventKind::kDraw: {
      if (x.seat == p_ && !top_shows(x.card)) return false;
      const int item = take_world(e);
      pop_true();
      if (x.seat == p_) return true;  // checked by top_shows before the pop
      link(e, new_token(x.seat, true, item));
      return true;
    }
    case EventKind::kPlay:
      if (x.seat != p_)
        pending_play_[static_cast<std::size_t>(num_pending_++)] = static_cast<std::int16_t>(e);
      return true;
    case EventKind::kNoPlay: {
      if (x.seat == p_) return true;
      // Nothing but Jokers in that hand.
      bool ok = true;
      for_each_card(hand_[s], [&](int t) {
        if (!ok) return;
        Token& tk = token(t);
        if (tk.card >= 0) {
          ok = is_joker(tk.card);
          return;
        }
        const int j = choose_joker(x.seat, tk);
        if (j < 0) {
          ok = false;
          return;
        }
        assign(t, j);
      });
      return ok;
    }
    case EventKind::kReveal:
      if (!assign_mission(x.aux)) return false;
      num_pending_ = 0;
      return true;
    case EventKind::kDiscard: {
      if (x.seat == p_) return true;
      // Any card may go; keep the ones the rest of the round still needs.
      TokenMask keep_back = 0;
      for_each_card(hand_[s], [&](int t) {
        const Token& tk = token(t);
        if (tk.card >= 0 && (((set_cards_ | final_jokers_[s]) >> tk.card) & 1u))
          keep_back |= TokenMask{1} << t;
      });
      const TokenMask candidates = (hand_[s] & ~keep_back) ? hand_[s] & ~keep_back : hand_[s];
      if (candidates == 0) return false;
      const int t = random_token(candidates, rng_);
      hand_[s] &= ~(TokenMask{1} << t);
      link(e, t);
      return true;
    }
    case EventKind::kRoundEnd:
      if (finals_placed_) return true;
      finals_placed_ = true;
      return place_final_jokers();
    default:
      return true;
  }
}

// Another seat reordered top cards the viewer had seen: draw their positions
// again among the orders that fit what happened to each position next.
bool RoundSampler::arrange(int order_event) {
  const int k = wlen_;
  CardMask known = 0;
  for (int i = 0; i < k; ++i) {
    if (is_card(world_[static_cast<std::size_t>(i)]))
      known |= card_bit(world_[static_cast<std::size_t>(i)]);
  }
  std::array<Fate, kQueenLook> fate{};
  for (int j = 0; j < k; ++j) fate[static_cast<std::size_t>(j)] = {Fate::kRemaining, -1, -1};
  std::array<std::int8_t, kQueenLook + kQueenLook> top{};  // the true top from here on
  int top_len = tlen_;
  std::copy_n(true_top_.begin(), tlen_, top.begin());
  int offset = 0;
  for (int f = order_event + 1; f < static_cast<int>(events_.size()) && offset < k; ++f) {
    const Event& x = ev(f);
    if (is_consumption(x.kind)) {
      fate[static_cast<std::size_t>(offset++)] = {Fate::kConsumed, static_cast<std::int16_t>(f),
                                                  -1};
      for (int i = 1; i < top_len; ++i)
        top[static_cast<std::size_t>(i - 1)] = top[static_cast<std::size_t>(i)];
      if (top_len > 0) --top_len;
      if (x.kind == EventKind::kFlip && !is_joker(x.card) && rank_of(x.card) == kRankQueen &&
          x.seat == p_) {
        // The viewer's own Queen: it sees what lies in the remaining positions.
        for (int j = offset; j < k; ++j) {
          fate[static_cast<std::size_t>(j)] = {Fate::kView, -1,
                                               top[static_cast<std::size_t>(j - offset)]};
        }
        break;
      }
    } else if (x.kind == EventKind::kPeek) {
      top[static_cast<std::size_t>(top_len++)] = x.card;
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
      ok = fits(world_[static_cast<std::size_t>(perm[static_cast<std::size_t>(j)])],
                fate[static_cast<std::size_t>(j)], known);
    }
    if (ok) valid[static_cast<std::size_t>(num_valid++)] = o;
  }
  if (num_valid == 0) return false;
  const int order = valid[rng_.uniform_int(static_cast<std::uint64_t>(num_valid))];
  choice_[static_cast<std::size_t>(order_event)] = static_cast<std::int8_t>(order);
  const auto& perm = kOrders[static_cast<std::size_t>(order)];
  const std::array<std::int8_t, kQueenLook> old = world_;
  for (int j = 0; j < k; ++j)
    world_[static_cast<std::size_t>(j)] =
        old[static_cast<std::size_t>(perm[static_cast<std::size_t>(j)])];
  return true;
}

bool RoundSampler::fits(int item, const Fate& fate, CardMask known_items) const {
  auto fixed = [&](int v) { return is_card(item) ? item == v : !((known_items >> v) & 1u); };
  if (!is_card(item)) item = -1;
  switch (fate.kind) {
    case Fate::kView:
      return fixed(fate.value);
    case Fate::kCarried:
      return true;
    case Fate::kRemaining:
      return item < 0 || !((set_cards_ >> item) & 1u);
    case Fate::kConsumed: {
      const Event& x = ev(fate.event);
      if (x.kind == EventKind::kFlip || (x.kind == EventKind::kDraw && x.seat == p_))
        return fixed(x.card);
      if (item < 0) return true;
      if (x.kind == EventKind::kFaceDown) {
        return reveal_event_[static_cast<std::size_t>(x.aux)] < 0 ||
               ((set_[static_cast<std::size_t>(x.aux)] >> item) & 1u);
      }
      // Drawn by another seat: a card seen later on a mission is that seat's play.
      const int m = mission_of_card_[static_cast<std::size_t>(item)];
      if (m >= 0 &&
          play_event_[static_cast<std::size_t>(m)][static_cast<std::size_t>(x.seat)] < fate.event)
        return false;
      if (is_joker(item) &&
          ((final_jokers_all_ & ~final_jokers_[static_cast<std::size_t>(x.seat)]) >> item & 1u))
        return false;
      return true;
    }
  }
  return false;
}

int RoundSampler::take_token_for(int seat, int card) {
  TokenMask options = 0;
  for_each_card(hand_[static_cast<std::size_t>(seat)], [&](int t) {
    const Token& tk = token(t);
    if (tk.card < 0 && (tk.drawn || !deck_only(card))) options |= TokenMask{1} << t;
  });
  const int t = random_token(options, rng_);
  assign(t, card);
  hand_[static_cast<std::size_t>(seat)] &= ~(TokenMask{1} << t);
  return t;
}

// Splits a revealed set between its face-down deck cards and the plays.
bool RoundSampler::assign_mission(int m) {
  const auto mi = static_cast<std::size_t>(m);
  CardMask left = set_[mi] & ~pinned_face_down_[mi];
  if (viewer_play_[mi] >= 0) left &= ~card_bit(viewer_play_[mi]);
  // A card the viewer knows a player held must be that player's play.
  std::array<std::int16_t, kMaxPlayers> open_plays{};
  int num_open = 0;
  for (int i = 0; i < num_pending_; ++i) {
    const int e = pending_play_[static_cast<std::size_t>(i)];
    const int q = ev(e).seat;
    int forced = -1;
    int count = 0;
    for_each_card(hand_[static_cast<std::size_t>(q)], [&](int t) {
      const Token& tk = token(t);
      if (tk.card >= 0 && ((left >> tk.card) & 1u)) {
        forced = t;
        ++count;
      }
    });
    if (count > 1) return false;
    if (count == 1) {
      left &= ~card_bit(token(forced).card);
      hand_[static_cast<std::size_t>(q)] &= ~(TokenMask{1} << forced);
      link(e, forced);
    } else {
      open_plays[static_cast<std::size_t>(num_open++)] = static_cast<std::int16_t>(e);
    }
  }
  if (left & placed_) return false;  // a set card the world already put elsewhere
  const int num_face_down = num_free_face_down_[mi];
  if (popcount(left) != num_face_down + num_open) return false;

  std::array<std::int8_t, kMissionDeckCards + kMaxPlayers> cards{};
  int num_cards = 0;
  // Most constrained first: Jokers (face down only), then cards that can only
  // have come from the deck.
  for (CardMask group :
       {left & kJokerMask, left & given_p_ & ~kJokerMask, left & ~given_p_ & ~kJokerMask}) {
    const int begin = num_cards;
    for_each_card(group, [&](int c) {
      cards[static_cast<std::size_t>(num_cards++)] = static_cast<std::int8_t>(c);
    });
    rng_.shuffle(
        std::span<std::int8_t>(cards.data() + begin, static_cast<std::size_t>(num_cards - begin)));
  }
  // Which open plays could take a card: any unassigned token, or a drawn one
  // (for cards that can only have come from the deck).
  unsigned any_token = 0, drawn_token = 0;
  for (int j = 0; j < num_open; ++j) {
    const auto seat = static_cast<std::size_t>(ev(open_plays[static_cast<std::size_t>(j)]).seat);
    for_each_card(hand_[seat], [&](int t) {
      if (token(t).card >= 0) return;
      any_token |= 1u << j;
      if (token(t).drawn) drawn_token |= 1u << j;
    });
  }
  std::array<std::int8_t, kMissionDeckCards + kMaxPlayers> slot_of{};  // -1: face down
  for (int attempt = 0; attempt < kMissionRetries; ++attempt) {
    int face_down_left = num_face_down;
    unsigned used = 0;
    bool ok = true;
    for (int i = 0; i < num_cards && ok; ++i) {
      const int c = cards[static_cast<std::size_t>(i)];
      const unsigned options = is_joker(c) ? 0u : (deck_only(c) ? drawn_token : any_token) & ~used;
      const int total = face_down_left + popcount(options);
      if (total == 0) {
        ok = false;
        break;
      }
      const int r = static_cast<int>(rng_.uniform_int(static_cast<std::uint64_t>(total)));
      if (r < face_down_left) {
        slot_of[static_cast<std::size_t>(i)] = -1;
        --face_down_left;
      } else {
        const int j = nth_card(options, r - face_down_left);
        slot_of[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(j);
        used |= 1u << j;
      }
    }
    if (!ok) continue;
    int next_face_down = 0;
    for (int i = 0; i < num_cards; ++i) {
      const int c = cards[static_cast<std::size_t>(i)];
      if (slot_of[static_cast<std::size_t>(i)] < 0) {
        value(free_face_down_[mi][static_cast<std::size_t>(next_face_down++)]) =
            static_cast<std::int8_t>(c);
        placed_ |= card_bit(c);
      } else {
        const int e = open_plays[static_cast<std::size_t>(slot_of[static_cast<std::size_t>(i)])];
        link(e, take_token_for(ev(e).seat, c));
      }
    }
    return true;
  }
  return false;
}

int RoundSampler::choose_joker(int seat, const Token& tk) {
  CardMask options = (any_pool_ | (tk.drawn ? deck_pool_ : 0)) & kJokerMask & ~placed_;
  const CardMask own_finals = final_jokers_[static_cast<std::size_t>(seat)] & ~placed_ &
                              (tk.drawn ? ~CardMask{0} : ~given_p_);
  options |= own_finals;
  if (own_finals) options = own_finals;  // a Joker it is known to end with
  return options ? random_card(options, rng_) : -1;
}

// At a finished round's end the Jokers each seat showed are in its hand, and
// it holds no other Joker.
bool RoundSampler::place_final_jokers() {
  for (int q = 0; q < n_; ++q) {
    if (q == p_) continue;
    const auto qi = static_cast<std::size_t>(q);
    bool ok = true;
    CardMask in_hand = 0;
    for_each_card(hand_[qi], [&](int t) {
      const Token& tk = token(t);
      if (tk.card >= 0 && is_joker(tk.card)) {
        in_hand |= card_bit(tk.card);
        if (!((final_jokers_[qi] >> tk.card) & 1u)) ok = false;
      }
    });
    if (!ok) return false;
    for (CardMask left = final_jokers_[qi] & ~in_hand; left; left &= left - 1) {
      const int j = lowest_card(left);
      if ((placed_ >> j) & 1u) return false;
      TokenMask options = 0;
      for_each_card(hand_[qi], [&](int t) {
        const Token& tk = token(t);
        if (tk.card < 0 && (tk.drawn || !deck_only(j))) options |= TokenMask{1} << t;
      });
      if (!options) return false;
      assign(random_token(options, rng_), j);
    }
    for_each_card(hand_[qi], [&](int t) {
      if (token(t).card < 0) token(t).non_joker = true;
    });
  }
  return true;
}

// The current mission's plays, not yet revealed: any card but a Joker.
bool RoundSampler::finish_pending_plays() {
  for (int i = 0; i < num_pending_; ++i) {
    const int e = pending_play_[static_cast<std::size_t>(i)];
    const auto q = static_cast<std::size_t>(ev(e).seat);
    TokenMask options = 0;
    for_each_card(hand_[q], [&](int t) {
      if (token(t).card < 0 || !is_joker(token(t).card)) options |= TokenMask{1} << t;
    });
    if (!options) return false;
    const int t = random_token(options, rng_);
    if (token(t).card < 0) token(t).non_joker = true;
    hand_[q] &= ~(TokenMask{1} << t);
    link(e, t);
  }
  return true;
}

// The seat due to play now holds some card other than a Joker (else the game
// would already have moved past it).
bool RoundSampler::keep_a_playable_card() {
  if (must_play_ < 0) return true;
  TokenMask open = 0;
  bool has_card = false;
  for_each_card(hand_[static_cast<std::size_t>(must_play_)], [&](int t) {
    const Token& tk = token(t);
    if (tk.card < 0) {
      if (tk.non_joker) has_card = true;
      open |= TokenMask{1} << t;
    } else if (!is_joker(tk.card)) {
      has_card = true;
    }
  });
  if (has_card) return true;
  if (!open) return false;
  token(random_token(open, rng_)).non_joker = true;
  return true;
}

// Everything still unknown gets the unseen cards, uniformly: a seat's first
// five only cards the viewer never saw, the deck's draws anything unseen.
bool RoundSampler::fill() {
  // Unseen cards as arrays, so each pick is one draw and a swap-remove.
  std::array<std::int8_t, kNumCardIndices> any{}, deck{};
  int num_any = 0, num_deck = 0;
  for_each_card(any_pool_ & ~placed_, [&](int c) {
    any[static_cast<std::size_t>(num_any++)] = static_cast<std::int8_t>(c);
  });
  for_each_card(deck_pool_ & ~placed_, [&](int c) {
    deck[static_cast<std::size_t>(num_deck++)] = static_cast<std::int8_t>(c);
  });
  // A card from the first `from_any` of `any` or, when `with_deck`, the deck
  // pool too; not a Joker when `strict` (at most two Jokers: retry).
  auto pick = [&](bool with_deck, bool strict) -> int {
    const int total = num_any + (with_deck ? num_deck : 0);
    if (total == 0) return -1;
    for (int tries = 0; tries < 8; ++tries) {
      const int r = static_cast<int>(rng_.uniform_int(static_cast<std::uint64_t>(total)));
      auto& pool = r < num_any ? any : deck;
      int& size = r < num_any ? num_any : num_deck;
      const int i = r < num_any ? r : r - num_any;
      const int c = pool[static_cast<std::size_t>(i)];
      if (strict && is_joker(c)) continue;
      pool[static_cast<std::size_t>(i)] = pool[static_cast<std::size_t>(--size)];
      return c;
    }
    // Only Jokers keep coming up: look for a pack card directly.
    for (auto* pool : {&any, &deck}) {
      int& size = pool == &any ? num_any : num_deck;
      if (pool == &deck && !with_deck) break;
      for (int i = 0; i < size; ++i) {
        const int c = (*pool)[static_cast<std::size_t>(i)];
        if (is_joker(c)) continue;
        (*pool)[static_cast<std::size_t>(i)] = (*pool)[static_cast<std::size_t>(--size)];
        return c;
      }
    }
    return -1;
  };
  // Initial tokens before drawn ones (only they are limited to the cards
  // never seen), and within each the ones that must not be Jokers first.
  std::array<std::array<std::int8_t, kMaxTokens>, 4> groups;
  std::array<int, 4> group_size{};
  for (int t = 0; t < num_tokens_; ++t) {
    const Token& tk = token(t);
    if (tk.card >= 0) continue;
    const auto g = static_cast<std::size_t>((tk.drawn ? 2 : 0) + (tk.non_joker ? 0 : 1));
    groups[g][static_cast<std::size_t>(group_size[g]++)] = static_cast<std::int8_t>(t);
  }
  for (std::size_t g = 0; g < 4; ++g) {
    for (int i = 0; i < group_size[g]; ++i) {
      const int c = pick(g >= 2, g % 2 == 0);
      if (c < 0) return false;
      token(groups[g][static_cast<std::size_t>(i)]).card = static_cast<std::int8_t>(c);
    }
  }
  for (int m = 0; m < missions_; ++m) {
    const auto mi = static_cast<std::size_t>(m);
    if (reveal_event_[mi] >= 0) continue;
    for (int i = 0; i < num_free_face_down_[mi]; ++i) {
      const int c = pick(true, false);
      if (c < 0) return false;
      value(free_face_down_[mi][static_cast<std::size_t>(i)]) = static_cast<std::int8_t>(c);
    }
  }
  for (int i = 0; i < wlen_; ++i) {
    const int item = world_[static_cast<std::size_t>(i)];
    if (is_card(item)) continue;
    const int c = pick(true, false);
    if (c < 0) return false;
    slot_fixed_[static_cast<std::size_t>(item - kSlot)] = static_cast<std::int8_t>(c);
  }
  return true;
}

void RoundSampler::emit() {
  // Cards held by tokens go to the events they stand for (direct deals too).
  for (int i = 0; i < num_links_; ++i) {
    const auto [e, t] = links_[static_cast<std::size_t>(i)];
    value(e) = token(t).card;
  }
  if (config_.keep5) {
    // Each seat's five, plus a random share of what the others gave up.
    std::array<CardMask, kMaxPlayers> kept{};
    CardMask all_kept = 0;
    for (int t = 0; t < num_tokens_; ++t) {
      const Token& tk = token(t);
      if (!tk.drawn) {
        kept[static_cast<std::size_t>(tk.owner)] |= card_bit(tk.card);
        all_kept |= card_bit(tk.card);
      }
    }
    // Who gave up which card, and the order each seat's cards were dealt in,
    // are facts no seat ever observes: any split and order will do.
    std::array<std::int8_t, kNumCardIndices> given{};
    int num_given = 0;
    for_each_card(universe_ & ~dealt_p_ & ~all_kept, [&](int c) {
      given[static_cast<std::size_t>(num_given++)] = static_cast<std::int8_t>(c);
    });
    deal_jk_away_from_jk2_keeper(
        std::span<std::int8_t>(given.data(), static_cast<std::size_t>(num_given)), kept);
    int next = 0;
    for (int q = 0; q < n_; ++q) {
      const auto qi = static_cast<std::size_t>(q);
      if (q == p_) continue;
      std::array<std::int8_t, kMaxSeatEvents> hand{};
      int size = 0;
      for_each_card(kept[qi], [&](int c) {
        hand[static_cast<std::size_t>(size++)] = static_cast<std::int8_t>(c);
      });
      // Keep order: the Jokers (the highest indices, so last) move to the
      // front. (std::rotate, unlike stable_partition, never allocates.)
      const int jokers = popcount(kept[qi] & kJokerMask);
      std::rotate(hand.begin(), hand.begin() + size - jokers, hand.begin() + size);
      for (int k = 0; k < keep_count_[qi]; ++k)
        value(keep_events_[qi][static_cast<std::size_t>(k)]) = hand[static_cast<std::size_t>(k)];
      while (size < deal_count_[qi])
        hand[static_cast<std::size_t>(size++)] = given[static_cast<std::size_t>(next++)];
      for (int k = 0; k < deal_count_[qi]; ++k)
        value(deal_events_[qi][static_cast<std::size_t>(k)]) = hand[static_cast<std::size_t>(k)];
    }
    KIBITZ_CHECK(next == num_given, "given-up cards left over");
  }
  // Another seat's Queen: it saw the placeholders' cards and chose the order
  // drawn for it.
  for (int e = first_turn_event_; e < static_cast<int>(events_.size()); ++e) {
    const Event& x = ev(e);
    if (x.seat == p_) continue;
    if (x.kind == EventKind::kPeek)
      value(e) = static_cast<std::int8_t>(slot_card(choice_[static_cast<std::size_t>(e)] - kSlot));
    if (x.kind == EventKind::kOrder) value(e) = choice_[static_cast<std::size_t>(e)];
  }
}

// A seat that kept Jk2 without Jk was not dealt Jk (legal_keeps: one Joker
// of two is kept as Jk). `given` is split among the other seats in seat
// order, each taking its deal beyond its five; Jk, if given, goes to a share
// other than that seat's.
void RoundSampler::deal_jk_away_from_jk2_keeper(
    std::span<std::int8_t> given, const std::array<CardMask, kMaxPlayers>& kept) const {
  const auto jk = std::find(given.begin(), given.end(), static_cast<std::int8_t>(kFirstJoker));
  if (jk == given.end()) return;
  int keeper = -1;
  for (int q = 0; q < n_; ++q) {
    const CardMask jokers = kept[static_cast<std::size_t>(q)] & kJokerMask;
    if (q != p_ && jokers == card_bit(kFirstJoker + 1)) keeper = q;
  }
  if (keeper < 0) return;
  std::size_t begin = 0;  // where the current seat's share starts
  std::size_t keeper_begin = 0, keeper_end = 0, other = given.size();
  for (int q = 0; q < n_; ++q) {
    if (q == p_) continue;
    const std::size_t share =
        static_cast<std::size_t>(deal_count_[static_cast<std::size_t>(q)] - kKeepCount);
    if (q == keeper) {
      keeper_begin = begin;
      keeper_end = begin + share;
    } else if (share > 0 && other == given.size()) {
      other = begin;
    }
    begin += share;
  }
  const auto at = static_cast<std::size_t>(jk - given.begin());
  if (at < keeper_begin || at >= keeper_end) return;
  KIBITZ_CHECK(other < given.size(), "no other seat to deal Jk to");
  std::swap(given[at], given[other]);
}

int RoundSampler::slot_card(int slot) const {
  const auto i = static_cast<std::size_t>(slot);
  if (slot_fixed_[i] >= 0) return slot_fixed_[i];
  KIBITZ_CHECK(slot_event_[i] >= 0, "a placeholder never decided");
  return value_[static_cast<std::size_t>(slot_event_[i])];
}

// The history action of an event's value, by event kind (derived kinds,
// which write none, get 0): a table rather than a switch, since the kinds
// alternate unpredictably along a round.
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

void RoundSampler::write_actions(std::span<Action> out) const {
  std::size_t i = 0;
  for (int e = 0; e < static_cast<int>(events_.size()); ++e) {
    const Event& x = ev(e);
    if (!is_history_event(x.kind)) continue;
    out[i++] =
        kActionBaseOfKind[static_cast<std::size_t>(x.kind)] + value_[static_cast<std::size_t>(e)];
  }
  KIBITZ_CHECK(i == out.size(), "round length changed");
}

}  // namespace

void resample_world(const LoyalistSpiesState& state, Player viewer, Rng& rng,
                    LoyalistSpiesState& out, ResampleStats* stats) {
  KIBITZ_CHECK(viewer >= 0 && viewer < state.num_players(), "bad seat ", viewer);
  KIBITZ_CHECK(&out != &state, "resample into the state itself");
  const auto events = state.log().view();
  const int num_events = static_cast<int>(events.size());
  const std::vector<Action>& history = state.history();
  // Every round's entries are written below: drawn ones by the sampler, the
  // true ones copied only for a round that fell back (reading the history is
  // a cache miss when resampling many different states).
  static thread_local std::array<Action, kMaxRoundEvents * kMaxRoundsLimit> actions;
  const std::size_t length = history.size();

  const int n = state.num_players();
  int begin = 0;
  std::size_t action_begin = 0;
  while (begin < num_events) {
    // A finished round ends after its n round-end events; the current one
    // (from round_log_begin) runs to the end of the log.
    int end = begin;
    std::size_t entries = 0;
    if (begin >= state.round_log_begin()) {
      end = num_events;
      entries = length - action_begin;
    } else {
      int round_ends = 0;
      while (end < num_events && round_ends < n) {
        const Event& e = events[static_cast<std::size_t>(end)];
        round_ends += e.kind == EventKind::kRoundEnd;
        entries += is_history_event(e.kind);
        ++end;
      }
    }
    KIBITZ_CHECK(action_begin + entries <= length, "events and history disagree at round start ",
                 action_begin);
    const bool current = end == num_events;
    const int must_play =
        current && state.phase() == Phase::kPlay && state.current_player() != viewer
            ? state.current_player()
            : -1;
    RoundSampler sampler(
        state.config(), viewer,
        std::span<const Event>(events.data() + begin, static_cast<std::size_t>(end - begin)),
        must_play, rng);
    bool drawn = false;
    for (int attempt = 0; attempt < kMaxAttempts && !drawn; ++attempt) {
      drawn = sampler.draw();
      if (stats) ++stats->attempts;
    }
    if (drawn) {
      sampler.write_actions(std::span<Action>(actions.data() + action_begin, entries));
    } else {
      std::copy_n(history.begin() + static_cast<std::ptrdiff_t>(action_begin), entries,
                  actions.begin() + static_cast<std::ptrdiff_t>(action_begin));
      if (stats) ++stats->fallbacks;
    }
    begin = end;
    action_begin += entries;
  }
  KIBITZ_CHECK(action_begin == length, "events and history disagree: ", action_begin, " vs ",
               length);
  out.reset();
  out.replay_unchecked(std::span<const Action>(actions.data(), length));
}

void LoyalistSpiesState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(typeid(out) == typeid(LoyalistSpiesState), "resample into a state of another game");
  auto& world = static_cast<LoyalistSpiesState&>(out);
  KIBITZ_CHECK(world.game_ptr() == game_ptr() || world.game().spec() == game().spec(),
               "resample into a state of another game variant");
  resample_world(*this, player, rng, world, nullptr);
}

}  // namespace kibitz::loyalist_spies
