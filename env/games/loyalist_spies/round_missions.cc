// RoundDraw (round_sampler.h): the other seats' hands through the turns —
// which of their cards went onto each revealed mission, what a seat that
// played nothing held, discards, and the Jokers shown at a round's end.
// Each choice is among everything the observations leave open.
#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {
namespace {

constexpr int kMissionRetries = 8;  // splits of one set tried by the fast draw before it gives up
// The least weight a drawn card keeps against a dealt one as the source of a
// play (so every consistent world stays possible).
constexpr double kRareDrawnShare = 0.02;

}  // namespace

// The card a seat played came from one of its cards without one yet: a
// drawn one for a card the viewer gave up, else either kind. Drawn ones are
// taken less often when the viewer's given-up cards need those places: they
// must end in the others' draws once the deck is too short to hold them,
// and a draw that held a card seen on a mission cannot hold one of them.
int RoundDraw::take_token_for(int seat, int card) {
  TokenMask initial = 0, drawn = 0;
  for_each_card(hand_[static_cast<std::size_t>(seat)], [&](int t) {
    const Token& tk = token(t);
    if (tk.card >= 0) return;
    (tk.drawn ? drawn : initial) |= TokenMask{1} << t;
  });
  if (plan_.deck_only(card)) initial = 0;
  KIBITZ_CHECK((initial | drawn) != 0, "no token of ", seat_name(seat), " can hold ", card_name(card));
  TokenMask options = initial | drawn;
  if (initial != 0 && drawn != 0 && plan_.deck_need > 0) {
    const int places = popcount(open_drawn_) + plan_.drawn_slots - drawn_slots_seen_;
    if (places - 1 < plan_.deck_need) {
      options = initial;  // a drawn one would leave too few places: no world
    } else {
      const double share = 1.0 - static_cast<double>(plan_.deck_need) / places;
      const std::array<double, 2> weights = {static_cast<double>(popcount(initial)),
                                             popcount(drawn) * std::max(share, kRareDrawnShare)};
      options = chooser_->pick_weighted(weights) == 0 ? initial : drawn;
    }
  }
  const int t = random_token(options);
  assign(t, card);
  hand_[static_cast<std::size_t>(seat)] &= ~(TokenMask{1} << t);
  return t;
}

// Splits a revealed set between its face-down deck cards and the plays.
bool RoundDraw::assign_mission(int m) {
  const auto mi = static_cast<std::size_t>(m);
  CardMask left = plan_.set[mi] & ~pinned_face_down_[mi];
  if (plan_.viewer_play[mi] >= 0) left &= ~card_bit(plan_.viewer_play[mi]);
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
  if (popcount(left) != num_free_face_down_[mi] + num_open) return false;
  return split_mission(m, std::span<const std::int16_t>(open_plays.data(), static_cast<std::size_t>(num_open)), left);
}

// Each card of `left`, the most constrained first (Jokers go face down only;
// a card the viewer gave up only to a seat that has drawn), goes to one of
// the face-down slots or plays still free, uniformly.
bool RoundDraw::split_mission(int m, std::span<const std::int16_t> open_plays, CardMask left) {
  const auto mi = static_cast<std::size_t>(m);
  const int num_face_down = num_free_face_down_[mi];
  const int num_open = static_cast<int>(open_plays.size());
  std::array<std::int8_t, kMissionDeckCards + kMaxPlayers> cards{};
  int num_cards = 0;
  for (CardMask group : {left & kJokerMask, left & plan_.given_p & ~kJokerMask, left & ~plan_.given_p & ~kJokerMask}) {
    for_each_card(group, [&](int c) { cards[static_cast<std::size_t>(num_cards++)] = static_cast<std::int8_t>(c); });
  }
  // Which open plays could take a card: any undecided token, or a drawn one
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
  // Destination of each card: a face-down slot (0..F-1) or F + the play.
  std::array<std::int8_t, kMissionDeckCards + kMaxPlayers> dest{};
  const int retries = chooser_->searching() ? 1 : kMissionRetries;
  // Drawn places beyond those the viewer's unseen given-up cards need: a
  // given-up card played from a draw takes one of them.
  const int spare = popcount(open_drawn_) + plan_.drawn_slots - drawn_slots_seen_ - plan_.deck_need;
  for (int attempt = 0; attempt < retries; ++attempt) {
    unsigned free_slots = (1u << num_face_down) - 1;
    unsigned used = 0;
    int spare_left = spare;
    bool ok = true;
    for (int i = 0; i < num_cards && ok; ++i) {
      const int c = cards[static_cast<std::size_t>(i)];
      const bool deck_only = plan_.deck_only(c);
      const unsigned plays =
          is_joker(c) || (deck_only && spare_left <= 0) ? 0u : (deck_only ? drawn_token : any_token) & ~used;
      const int total = popcount(free_slots) + popcount(plays);
      if (total == 0) {
        ok = false;
        break;
      }
      const int r = chooser_->pick(total);
      if (r < popcount(free_slots)) {
        const int slot = nth_card(free_slots, r);
        free_slots &= ~(1u << slot);
        dest[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(slot);
      } else {
        const int j = nth_card(plays, r - popcount(free_slots));
        used |= 1u << j;
        spare_left -= deck_only ? 1 : 0;
        dest[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(num_face_down + j);
      }
    }
    if (!ok) continue;
    for (int i = 0; i < num_cards; ++i) {
      const int c = cards[static_cast<std::size_t>(i)];
      const int d = dest[static_cast<std::size_t>(i)];
      if (d < num_face_down) {
        value(free_face_down_[mi][static_cast<std::size_t>(d)]) = static_cast<std::int8_t>(c);
        placed_ |= card_bit(c);
      } else {
        const int e = open_plays[static_cast<std::size_t>(d - num_face_down)];
        link(e, take_token_for(ev(e).seat, c));
      }
    }
    return true;
  }
  return false;
}

// A seat that played nothing held only Jokers: each of its cards is one of
// the Jokers it could hold (one it never gave up the viewer's way, or one
// it shows at the round's end).
bool RoundDraw::no_play(int seat) {
  const auto s = static_cast<std::size_t>(seat);
  bool ok = true;
  for_each_card(hand_[s], [&](int t) {
    if (!ok) return;
    Token& tk = token(t);
    if (tk.card >= 0) {
      ok = is_joker(tk.card);
      return;
    }
    const CardMask pools = plan_.any_pool | (tk.drawn ? plan_.deck_pool : 0);
    const CardMask own_finals = plan_.final_jokers[s] & (tk.drawn ? ~CardMask{0} : ~plan_.given_p);
    const CardMask options = (pools | own_finals) & kJokerMask & ~placed_;
    if (options == 0) {
      ok = false;
      return;
    }
    assign(t, random_card(options));
  });
  return ok;
}

// Any card may go; a card the round shows later (on a mission, or in the
// seat's hand at its end) cannot have been discarded.
bool RoundDraw::discard(int e) {
  const int seat = ev(e).seat;
  const auto s = static_cast<std::size_t>(seat);
  const CardMask needed = plan_.set_cards | plan_.final_jokers[s];
  TokenMask candidates = 0;
  for_each_card(hand_[s], [&](int t) {
    const Token& tk = token(t);
    if (tk.card < 0 || !((needed >> tk.card) & 1u)) candidates |= TokenMask{1} << t;
  });
  if (candidates == 0) return false;
  const int t = random_token(candidates);
  hand_[s] &= ~(TokenMask{1} << t);
  link(e, t);
  return true;
}

// At a finished round's end the Jokers each seat showed are in its hand, and
// it holds no other Joker.
bool RoundDraw::place_final_jokers() {
  for (int q = 0; q < plan_.n; ++q) {
    if (q == plan_.p) continue;
    const auto qi = static_cast<std::size_t>(q);
    const CardMask finals = plan_.final_jokers[qi];
    bool ok = true;
    CardMask in_hand = 0;
    for_each_card(hand_[qi], [&](int t) {
      const Token& tk = token(t);
      if (tk.card >= 0 && is_joker(tk.card)) {
        in_hand |= card_bit(tk.card);
        if (!((finals >> tk.card) & 1u)) ok = false;
      }
    });
    if (!ok) return false;
    for (CardMask left = finals & ~in_hand; left; left &= left - 1) {
      const int j = lowest_card(left);
      if ((placed_ >> j) & 1u) return false;
      TokenMask options = 0;
      for_each_card(hand_[qi], [&](int t) {
        const Token& tk = token(t);
        if (tk.card < 0 && (tk.drawn || !plan_.deck_only(j))) options |= TokenMask{1} << t;
      });
      if (!options) return false;
      assign(random_token(options), j);
    }
    for_each_card(hand_[qi], [&](int t) {
      if (token(t).card < 0) token(t).non_joker = true;
    });
  }
  return true;
}

// The current mission's plays, not yet revealed: any card but a Joker.
bool RoundDraw::finish_pending_plays() {
  for (int i = 0; i < num_pending_; ++i) {
    const int e = pending_play_[static_cast<std::size_t>(i)];
    const auto q = static_cast<std::size_t>(ev(e).seat);
    TokenMask options = 0;
    for_each_card(hand_[q], [&](int t) {
      if (token(t).card < 0 || !is_joker(token(t).card)) options |= TokenMask{1} << t;
    });
    if (!options) return false;
    const int t = random_token(options);
    if (token(t).card < 0) token(t).non_joker = true;
    hand_[q] &= ~(TokenMask{1} << t);
    link(e, t);
  }
  return true;
}

// The seat due to play now holds some card other than a Joker (else the game
// would already have moved past it).
bool RoundDraw::keep_a_playable_card() {
  const int seat = plan_.known->must_play;
  if (seat < 0) return true;
  TokenMask open = 0;
  bool has_card = false;
  for_each_card(hand_[static_cast<std::size_t>(seat)], [&](int t) {
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
  token(random_token(open)).non_joker = true;
  return true;
}

}  // namespace kibitz::loyalist_spies
