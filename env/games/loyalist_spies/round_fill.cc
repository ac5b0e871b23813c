// RoundDraw (round_sampler.h): the cards still unplaced once the round's
// events are explained, and the keep5 deal that writes the other seats'
// dealt and kept cards.
#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {
namespace {

// a! / (a - b)!: the ways to fill b slots from a cards (0 when b > a), from
// a table built once (a and b are at most the 54 cards).
double falling(int a, int b) {
  static const auto table = [] {
    std::array<std::array<double, kNumCardIndices + 1>, kNumCardIndices + 1> t{};
    for (int x = 0; x <= kNumCardIndices; ++x) {
      t[static_cast<std::size_t>(x)][0] = 1;
      for (int y = 1; y <= x; ++y) {
        t[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)] =
            t[static_cast<std::size_t>(x)][static_cast<std::size_t>(y - 1)] * (x - y + 1);
      }
    }
    return t;
  }();
  if (b < 0 || a < 0 || b > a) return 0;
  return table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}

// Slot codes of the drawn-class slots: a token, a free face-down event, or a
// placeholder still on top.
constexpr int kFaceDownCode = 1000;
constexpr int kPlaceholderCode = 2000;

}  // namespace

// Everything still unknown gets the unplaced cards, uniformly among the
// fillings that fit: the other seats' first cards ("initial" slots) only
// cards the viewer never saw, deck cards (drawn tokens, face-down cards of
// an unrevealed mission, placeholders still on top) those or the cards the
// viewer gave up; a slot known to hold a playable card takes no Joker. The
// few free Jokers are placed first, each placement weighted by how many
// ways the other cards can then fill the rest; the other cards are then
// any injection, drawn uniformly.
bool RoundDraw::fill() {
  std::array<std::int8_t, kMaxTokens> initial{};
  std::array<std::int16_t, kMaxTokens + 2 * kMaxSlots> drawn{};
  int num_initial = 0, num_drawn = 0;
  for (int t = 0; t < num_tokens_; ++t) {
    const Token& tk = token(t);
    if (tk.card >= 0) continue;
    if (tk.drawn) {
      drawn[static_cast<std::size_t>(num_drawn++)] = static_cast<std::int16_t>(t);
    } else {
      initial[static_cast<std::size_t>(num_initial++)] = static_cast<std::int8_t>(t);
    }
  }
  for (int m = 0; m < plan_.missions; ++m) {
    if (plan_.reveal_event[static_cast<std::size_t>(m)] >= 0) continue;
    for (int i = 0; i < num_free_face_down_[static_cast<std::size_t>(m)]; ++i) {
      drawn[static_cast<std::size_t>(num_drawn++)] =
          static_cast<std::int16_t>(kFaceDownCode + free_face_down_[static_cast<std::size_t>(m)][static_cast<std::size_t>(i)]);
    }
  }
  for (int i = 0; i < wlen_; ++i) {
    const int item = world_[static_cast<std::size_t>(i)];
    if (!is_card(item)) drawn[static_cast<std::size_t>(num_drawn++)] = static_cast<std::int16_t>(kPlaceholderCode + item - kSlot);
  }
  CardMask free = (plan_.any_pool | plan_.deck_pool) & ~placed_;
  if (!place_fill_jokers(std::span<const std::int8_t>(initial.data(), static_cast<std::size_t>(num_initial)),
                         std::span<const std::int16_t>(drawn.data(), static_cast<std::size_t>(num_drawn)), free)) {
    return false;
  }
  // The other cards: any injection, uniformly (the initial slots first, as
  // their pool is the smaller).
  const CardMask pack = ~kJokerMask;
  for (int i = 0; i < num_initial; ++i) {
    Token& tk = token(initial[static_cast<std::size_t>(i)]);
    if (tk.card >= 0) continue;  // a Joker
    const CardMask options = free & plan_.any_pool & pack;
    if (options == 0) return false;
    tk.card = static_cast<std::int8_t>(random_card(options));
    free &= ~card_bit(tk.card);
  }
  for (int i = 0; i < num_drawn; ++i) {
    const int code = drawn[static_cast<std::size_t>(i)];
    std::int8_t* slot = code >= kPlaceholderCode ? &slot_fixed_[static_cast<std::size_t>(code - kPlaceholderCode)]
                        : code >= kFaceDownCode  ? &value_[static_cast<std::size_t>(code - kFaceDownCode)]
                                                 : &token(code).card;
    if (*slot >= 0) continue;  // a Joker
    const CardMask options = free & pack;
    if (options == 0) return false;
    *slot = static_cast<std::int8_t>(random_card(options));
    free &= ~card_bit(*slot);
  }
  return true;
}

// Where the free Jokers go: each to a slot that may hold one, or nowhere
// (still in the deck), with weight the number of ways the other cards can
// then fill every slot. Writes them and takes them out of `free`.
bool RoundDraw::place_fill_jokers(std::span<const std::int8_t> initial, std::span<const std::int16_t> drawn,
                                  CardMask& free) {
  const CardMask any = free & plan_.any_pool;
  const int an = popcount(any & ~kJokerMask);
  const int dn = popcount(free & ~kJokerMask) - an;
  const int num_i = static_cast<int>(initial.size());
  const int num_d = static_cast<int>(drawn.size());
  // Non-Joker fillings once `ji` initial and `jd` drawn-class slots hold Jokers.
  auto rest = [&](int ji, int jd) { return falling(an, num_i - ji) * falling(an + dn - (num_i - ji), num_d - jd); };
  std::array<int, kMaxJokers> jokers{};
  int num_jokers = 0;
  for_each_card(free & kJokerMask, [&](int j) { jokers[static_cast<std::size_t>(num_jokers++)] = j; });
  if (num_jokers == 0) return rest(0, 0) > 0;
  // Slots that may take a Joker, by class: 0 initial, 1 drawn-class.
  std::array<std::array<std::int16_t, kMaxTokens + 2 * kMaxSlots>, 2> open;
  std::array<int, 2> num_open{};
  for (const std::int8_t t : initial) {
    if (!token(t).non_joker) open[0][static_cast<std::size_t>(num_open[0]++)] = t;
  }
  for (const std::int16_t code : drawn) {
    if (code >= kFaceDownCode || !token(code).non_joker) open[1][static_cast<std::size_t>(num_open[1]++)] = code;
  }
  // Destinations: 0 an initial slot, 1 a drawn-class slot, 2 nowhere; one
  // choice per Joker, as a base-3 number. Weight: the ways to pick distinct
  // slots for that choice, times the fillings of the rest.
  std::array<double, 9> weight{};
  int choices = 1;
  for (int k = 0; k < num_jokers; ++k) choices *= 3;
  for (int c = 0; c < choices; ++c) {
    std::array<int, 2> taken{};
    double ways = 1;
    for (int k = 0, code = c; k < num_jokers; ++k, code /= 3) {
      const int dest = code % 3;
      if (dest == 2) continue;
      if (dest == 0 && !((any >> jokers[static_cast<std::size_t>(k)]) & 1u)) ways = 0;  // seen by the viewer: deck only
      ways *= num_open[static_cast<std::size_t>(dest)] - taken[static_cast<std::size_t>(dest)]++;
    }
    weight[static_cast<std::size_t>(c)] = ways <= 0 ? 0 : ways * rest(taken[0], taken[1]);
  }
  if (std::all_of(weight.begin(), weight.begin() + choices, [](double w) { return w <= 0; })) return false;
  const int c = chooser_->pick_weighted(std::span<const double>(weight.data(), static_cast<std::size_t>(choices)));
  for (int k = 0, code = c; k < num_jokers; ++k, code /= 3) {
    const int dest = code % 3;
    const int j = jokers[static_cast<std::size_t>(k)];
    free &= ~card_bit(j);
    if (dest == 2) continue;
    auto& slots = open[static_cast<std::size_t>(dest)];
    int& count = num_open[static_cast<std::size_t>(dest)];
    const int i = chooser_->pick(count);
    const int slot = slots[static_cast<std::size_t>(i)];
    slots[static_cast<std::size_t>(i)] = slots[static_cast<std::size_t>(--count)];
    std::int8_t* place = slot >= kPlaceholderCode ? &slot_fixed_[static_cast<std::size_t>(slot - kPlaceholderCode)]
                         : slot >= kFaceDownCode  ? &value_[static_cast<std::size_t>(slot - kFaceDownCode)]
                                                  : &token(slot).card;
    *place = static_cast<std::int8_t>(j);
  }
  return true;
}

void RoundDraw::emit() {
  // Cards held by tokens go to the events they stand for (direct deals too).
  for (int i = 0; i < num_links_; ++i) {
    const auto [e, t] = links_[static_cast<std::size_t>(i)];
    value(e) = token(t).card;
  }
  if (plan_.config->keep5) {
    std::array<CardMask, kMaxPlayers> kept{};
    for (int t = 0; t < num_tokens_; ++t) {
      const Token& tk = token(t);
      if (!tk.drawn) kept[static_cast<std::size_t>(tk.owner)] |= card_bit(tk.card);
    }
    deal_given_cards(kept);
  }
  // Another seat's Queen: it saw the placeholders' cards and chose the order
  // drawn for it.
  for (int e = plan_.first_turn_event; e < static_cast<int>(plan_.events.size()); ++e) {
    const Event& x = ev(e);
    if (x.seat == plan_.p) continue;
    if (x.kind == EventKind::kPeek) value(e) = static_cast<std::int8_t>(slot_card(choice_[static_cast<std::size_t>(e)] - kSlot));
    if (x.kind == EventKind::kOrder) value(e) = choice_[static_cast<std::size_t>(e)];
  }
}

// The keep5 deal of the other seats: each kept its five (in keep order), and
// was dealt them with a share of the cards given up, in any order; who was
// dealt which given-up card and the order of each seat's deal are facts no
// seat but the dealt one observes, drawn uniformly. A seat that kept Jk2
// without Jk was not dealt Jk (legal_keeps: one Joker of two is kept as Jk).
void RoundDraw::deal_given_cards(const std::array<CardMask, kMaxPlayers>& kept) {
  CardMask all_kept = 0;
  int keeper = -1;
  for (int q = 0; q < plan_.n; ++q) {
    if (q == plan_.p) continue;
    all_kept |= kept[static_cast<std::size_t>(q)];
    if ((kept[static_cast<std::size_t>(q)] & kJokerMask) == card_bit(kFirstJoker + 1)) keeper = q;
  }
  // Every seat's deal slots: its kept cards at random places, the rest open.
  std::array<std::array<std::int8_t, kMaxSeatEvents>, kMaxPlayers> hand{};
  std::array<std::int16_t, kNumCardIndices> open{};  // seat * 64 + place
  int num_open = 0;
  int keeper_open = 0;  // the keeper's open places come first in `open`
  for (int pass = 0; pass < 2; ++pass) {
    for (int q = 0; q < plan_.n; ++q) {
      if (q == plan_.p || (q == keeper) != (pass == 0)) continue;
      const auto qi = static_cast<std::size_t>(q);
      const int size = plan_.deal_count[qi];
      auto& h = hand[qi];
      std::fill(h.begin(), h.begin() + size, std::int8_t{-1});
      int place_count = size;
      std::array<std::int8_t, kMaxSeatEvents> places{};
      for (int i = 0; i < size; ++i) places[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(i);
      for_each_card(kept[qi], [&](int c) {
        const int i = chooser_->pick(place_count);
        h[static_cast<std::size_t>(places[static_cast<std::size_t>(i)])] = static_cast<std::int8_t>(c);
        places[static_cast<std::size_t>(i)] = places[static_cast<std::size_t>(--place_count)];
      });
      for (int i = 0; i < place_count; ++i) {
        open[static_cast<std::size_t>(num_open++)] = static_cast<std::int16_t>(q * 64 + places[static_cast<std::size_t>(i)]);
      }
      if (pass == 0) keeper_open = num_open;
    }
  }
  const CardMask given = plan_.universe & ~plan_.dealt_p & ~all_kept;
  KIBITZ_CHECK(popcount(given) == num_open, "given-up cards ", popcount(given), " for ", num_open, " places");
  auto put = [&](int at, int card) {
    const int code = open[static_cast<std::size_t>(at)];
    hand[static_cast<std::size_t>(code / 64)][static_cast<std::size_t>(code % 64)] = static_cast<std::int8_t>(card);
    open[static_cast<std::size_t>(at)] = open[static_cast<std::size_t>(--num_open)];
  };
  CardMask rest = given;
  if (keeper >= 0 && ((given >> kFirstJoker) & 1u)) {
    // Jk to a place outside the keeper's (the last of them moves into its slot).
    KIBITZ_CHECK(num_open > keeper_open, "no other seat to deal Jk to");
    const int at = keeper_open + chooser_->pick(num_open - keeper_open);
    put(at, kFirstJoker);
    rest &= ~card_bit(kFirstJoker);
  }
  for_each_card(rest, [&](int c) { put(chooser_->pick(num_open), c); });
  for (int q = 0; q < plan_.n; ++q) {
    if (q == plan_.p) continue;
    const auto qi = static_cast<std::size_t>(q);
    for (int k = 0; k < plan_.deal_count[qi]; ++k) {
      value(plan_.deal_event(q, k)) = hand[qi][static_cast<std::size_t>(k)];
    }
    // The keeps go in keep order: Jokers (the highest indices) first.
    int k = 0;
    for_each_card(kept[qi] & kJokerMask, [&](int c) { value(plan_.keep_event(q, k++)) = static_cast<std::int8_t>(c); });
    for_each_card(kept[qi] & ~kJokerMask, [&](int c) { value(plan_.keep_event(q, k++)) = static_cast<std::int8_t>(c); });
  }
}

}  // namespace kibitz::loyalist_spies
