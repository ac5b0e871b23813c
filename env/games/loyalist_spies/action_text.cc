// Loyalist Spies actions as text: action_to_string, and what
// string_to_action reads besides those texts (read_action_text): other
// spellings of a card ("keep 10h"), a keep naming several cards in any order
// ("keep TH 3C 5D", each keep taking the next of them in keep order), an
// order written with spaces ("order 9c 3d kh"), and the reason when the move
// a text names is not possible (a keep out of keep order, a Joker played).
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
namespace {

constexpr std::string_view kKeepOrderText =
    "cards are kept one at a time in keep order (Jokers, then Diamonds, Spades, Hearts, Clubs, "
    "each 2 to K)";

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The cards of a list written with spaces and/or commas, in order; false,
// with the reason, when a word is not a card of the game.
bool parse_cards(std::string_view text, std::array<int, kNumCardIndices>& cards, int& count,
                 std::string& reason) {
  count = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',') {
      ++i;
      continue;
    }
    const std::size_t end = std::min(text.find_first_of(" ,", i), text.size());
    const std::string_view word = text.substr(i, end - i);
    try {
      const int card = parse_card(word);
      if (count == kNumCardIndices) return false;
      cards[static_cast<std::size_t>(count++)] = card;
    } catch (const KibitzError&) {
      reason = "'" + std::string(word) + "' is not a card (cards are written 7H, TD, QS, Jk, ...)";
      return false;
    }
    i = end;
  }
  return count > 0;
}

// A seat's keep: any of the cards named, in any order, that it has not kept
// yet; the next of them in keep order is the one kept now.
Action read_keep(const LoyalistSpiesState& state, Player seat, std::string_view list,
                 std::string& reason) {
  std::array<int, kNumCardIndices> cards{};
  int count = 0;
  if (!parse_cards(list, cards, count, reason)) return kInvalidAction;
  const CardMask hand = state.hand(seat);  // during the keep: every card dealt
  const CardMask kept = state.kept(seat);
  CardMask named = 0;
  for (int i = 0; i < count; ++i) {
    const int c = cards[static_cast<std::size_t>(i)];
    if (!((hand >> c) & 1u)) {
      reason = "you were not dealt " + card_name(c);
      return kInvalidAction;
    }
    named |= card_bit(c);
  }
  if (count == 1 && (kept & named)) {
    reason = "you already kept " + card_name(cards[0]);
    return kInvalidAction;
  }
  if (popcount(kept | named) > kKeepCount) {
    reason = "that would make " + std::to_string(popcount(kept | named)) + " cards; you keep 5";
    return kInvalidAction;
  }
  CardMask todo = named & ~kept;
  if (todo == 0) {
    reason = "you already kept all of them";
    return kInvalidAction;
  }
  // Jk and Jk2 are the same card to the rules: one of two is kept as Jk.
  const CardMask jk = card_bit(kFirstJoker), jk2 = card_bit(kFirstJoker + 1);
  if ((todo & jk2) && !(todo & jk) && (hand & jk) && !(kept & jk)) todo = (todo & ~jk2) | jk;
  int next = -1;
  for_each_card(todo, [&](int c) {
    if (next < 0 || keep_rank(c) < keep_rank(next)) next = c;
  });
  if (state.is_legal(kKeepBase + next)) return kKeepBase + next;
  int last = -1;
  for_each_card(kept, [&](int c) {
    if (last < 0 || keep_rank(c) > keep_rank(last)) last = c;
  });
  reason = std::string(kKeepOrderText);
  if (last >= 0 && keep_rank(last) > keep_rank(next)) {
    reason += ", and you already kept " + card_name(last) + ", which comes after " +
              card_name(next) + "; " + card_name(next) + " can no longer be kept";
  } else {
    int above = 0;
    for_each_card(hand & ~kept, [&](int c) { above += keep_rank(c) > keep_rank(next); });
    reason += ": after " + card_name(next) + " you hold only " + std::to_string(above) +
              " cards for the " + std::to_string(kKeepCount - popcount(kept) - 1) +
              " keeps still to come, so keep the cards before it first";
  }
  reason += " (naming all five in any order, as in 'keep TH 3C 5D 9S KD', keeps the next of them)";
  return kInvalidAction;
}

// A card played onto the mission or discarded, in another spelling.
Action read_card_move(const LoyalistSpiesState& state, Player seat, Action base,
                      std::string_view word, std::string& reason) {
  std::array<int, kNumCardIndices> cards{};
  int count = 0;
  if (!parse_cards(word, cards, count, reason) || count != 1) return kInvalidAction;
  const int c = cards[0];
  if (state.is_legal(base + c)) return base + c;
  if (!((state.hand(seat) >> c) & 1u)) {
    reason = "you do not hold " + card_name(c);
  } else if (base == kPlayBase && is_joker(c)) {
    reason = "Jokers may not be played onto a mission";
  }
  return kInvalidAction;
}

// The Queen's order, its cards separated by commas or spaces. Two orders
// that differ only in where Jk and Jk2 go are the same to the rules: the
// offered one is read for either.
Action read_order(const LoyalistSpiesState& state, std::string_view list, std::string& reason) {
  std::array<int, kNumCardIndices> cards{};
  int count = 0;
  if (!parse_cards(list, cards, count, reason)) return kInvalidAction;
  const std::span<const std::int8_t> top = state.top_cards();
  auto as_rules_see = [](int c) { return is_joker(c) ? kFirstJoker : c; };
  if (count == static_cast<int>(top.size())) {
    for (int k = 0; k < num_orders(count); ++k) {
      const auto& perm = kOrders[static_cast<std::size_t>(k)];
      bool same = true;
      for (int i = 0; i < count && same; ++i) {
        same = as_rules_see(top[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])]) ==
               as_rules_see(cards[static_cast<std::size_t>(i)]);
      }
      if (same && keeps_joker_order(k, top)) return kOrderBase + k;
    }
  }
  std::string shown;
  for (const std::int8_t c : top) shown += (shown.empty() ? "" : ",") + card_name(c);
  reason = "put back all " + std::to_string(top.size()) + " cards the Queen shows (" + shown +
           "), top first";
  return kInvalidAction;
}

}  // namespace

std::string LoyalistSpiesState::action_to_string(Player player, Action action) const {
  std::string s;
  auto seat = [&](int p) {
    s += 'P';
    s += static_cast<char>('0' + p);
  };
  if (player == kChancePlayer) {
    if (action < 0 || action >= kNumCardIndices) {
      throw error("loyalist_spies has no chance outcome ", action,
                  "; chance outcomes are cards 0..", kNumCardIndices - 1);
    }
    const std::string_view name = card_name_view(action);
    switch (pub_.phase()) {
      case Phase::kDealAces:
        s += "ace ";
        s += name;
        s += " to ";
        seat(pub_.count());
        return s;
      case Phase::kDeal:
        s += "deal ";
        s += name;
        s += " to ";
        seat(pub_.actor());
        return s;
      case Phase::kFlip:
        s += "flip ";
        break;
      case Phase::kQueenPeek:
        s += "queen shows ";
        break;
      case Phase::kFaceDown:
        s += "face down ";
        break;
      case Phase::kDraw:
        seat(pub_.actor());
        s += " draws ";
        break;
      default:
        s += "card ";
        break;
    }
    s += name;
    return s;
  }
  if (action < 0 || action >= kNumActions) {
    throw error("loyalist_spies has no action ", action, "; actions are 0..", kNumActions - 1);
  }
  if (action < kPlayBase) {
    s += "keep ";
    s += card_name_view(action - kKeepBase);
  } else if (action < kDiscardBase) {
    s += "play ";
    s += card_name_view(action - kPlayBase);
  } else if (action < kPeekBase) {
    s += "discard ";
    s += card_name_view(action - kDiscardBase);
  } else if (action < kOrderBase) {
    s += "peek ";
    seat(action - kPeekBase);
  } else {
    // An order is named by the cards it puts back, which exist only while a
    // Queen waits for it.
    const int k = action - kOrderBase;
    if (pub_.phase() != Phase::kQueenOrder || k >= num_orders(pub_.top_len())) {
      throw error("action ", action, " (Queen order ", k, ") has no name here: ",
                  pub_.phase() != Phase::kQueenOrder ? "no Queen is waiting for an order"
                                               : "the Queen shows only 2 cards");
    }
    s += "order ";
    for (int i = 0; i < pub_.top_len(); ++i) {
      if (i > 0) s += ',';
      s += card_name_view(prefix_[static_cast<std::size_t>(
          kOrders[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)])]);
    }
  }
  return s;
}

Action LoyalistSpiesState::read_action_text(Player player, std::string_view text,
                                            std::string& reason) const {
  if (player != current_ || player < 0) return kInvalidAction;
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos) return kInvalidAction;
  const std::string verb = lower(text.substr(0, space));
  const std::string_view rest = text.substr(space + 1);
  switch (pub_.phase()) {
    case Phase::kKeep:
      return verb == "keep" ? read_keep(*this, player, rest, reason) : kInvalidAction;
    case Phase::kPlay:
      return verb == "play" ? read_card_move(*this, player, kPlayBase, rest, reason)
                            : kInvalidAction;
    case Phase::kDiscard:
      return verb == "discard" ? read_card_move(*this, player, kDiscardBase, rest, reason)
                               : kInvalidAction;
    case Phase::kQueenOrder:
      return verb == "order" ? read_order(*this, rest, reason) : kInvalidAction;
    case Phase::kJackTarget:
      // "peek 2" for "peek P2".
      if (verb == "peek" && rest.size() == 1 && rest[0] >= '0' && rest[0] < '0' + num_players()) {
        if (rest[0] - '0' == pub_.determiner()) reason = "you cannot peek at your own ace";
        return kPeekBase + (rest[0] - '0');
      }
      return kInvalidAction;
    default:
      return kInvalidAction;
  }
}

}  // namespace kibitz::loyalist_spies
