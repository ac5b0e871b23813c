#include "env/cards/card_set.h"

#include "env/core/error.h"

namespace kibitz::cards {
namespace {

// Position of the k-th (0-based) set bit of w; k < popcount(w). Halves the
// word by popcount down to one byte, then steps over at most seven bits, so
// it costs a handful of operations whatever k is.
int select_bit(std::uint64_t w, int k) {
  int base = 0;
  for (int width = 32; width >= 8; width /= 2) {
    const int low_count = std::popcount(w & ((std::uint64_t{1} << width) - 1));
    if (k >= low_count) {
      k -= low_count;
      w >>= width;
      base += width;
    }
  }
  for (; k > 0; --k) w &= w - 1;  // drop the lowest set bits before the target
  return base + std::countr_zero(w);
}

// Splits text at spaces and tabs; calls f(token) for every non-empty token.
template <typename F>
void for_each_token(std::string_view text, F&& f) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t start = text.find_first_not_of(" \t\n", pos);
    if (start == std::string_view::npos) return;
    std::size_t end = text.find_first_of(" \t\n", start);
    if (end == std::string_view::npos) end = text.size();
    f(text.substr(start, end - start));
    pos = end;
  }
}

bool is_bare_joker(std::string_view token) {
  return token.size() == 2 && (token[0] == 'j' || token[0] == 'J') &&
         (token[1] == 'k' || token[1] == 'K');
}

}  // namespace

Card CardSet::nth(int k) const {
  KIBITZ_CHECK(k >= 0 && k < size(), "CardSet::nth(", k, ") of a set of ", size(), " cards");
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t w = words_[static_cast<std::size_t>(i)];
    const int count = std::popcount(w);
    if (k < count) return Card::from_id(i * 64 + select_bit(w, k));
    k -= count;
  }
  KIBITZ_CHECK(false, "unreachable: k was below size()");
  return Card();
}

Card CardSet::first() const {
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t w = words_[static_cast<std::size_t>(i)];
    if (w != 0) return Card::from_id(i * 64 + std::countr_zero(w));
  }
  KIBITZ_CHECK(false, "CardSet::first() of an empty set");
  return Card();
}

std::vector<Card> CardSet::to_vector() const {
  std::vector<Card> cards;
  cards.reserve(static_cast<std::size_t>(size()));
  for_each([&](Card c) { cards.push_back(c); });
  return cards;
}

std::string CardSet::to_string() const {
  std::string text;
  for_each([&](Card c) {
    if (!text.empty()) text += ' ';
    text += c.to_string();
  });
  return text;
}

CardSet CardSet::full_pack(int pack) {
  if (pack < 0 || pack >= kMaxPacks) {
    throw error("pack ", pack, " is out of range: valid packs are 0..", kMaxPacks - 1);
  }
  CardSet set;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    for (int rank = kAce; rank <= kKing; ++rank) {
      set.insert(Card::make(pack, static_cast<Suit>(suit), rank));
    }
  }
  return set;
}

std::vector<Card> parse_card_list(std::string_view text) {
  std::vector<Card> cards;
  CardSet seen;
  for_each_token(text, [&](std::string_view token) {
    Card card;
    if (is_bare_joker(token)) {
      // A bare "Jk" means "another joker": the lowest one not yet written.
      int index = 0;
      while (index < kMaxJokers && seen.contains(Card::joker(index))) ++index;
      if (index == kMaxJokers) {
        throw error("too many jokers at \"", token, "\": at most ", kMaxJokers, " exist");
      }
      card = Card::joker(index);
    } else {
      card = parse_card(token);
    }
    if (seen.contains(card)) {
      throw error("card \"", token, "\" is repeated in \"", text, "\"; every card exists once");
    }
    seen.insert(card);
    cards.push_back(card);
  });
  return cards;
}

CardSet parse_cards(std::string_view text) {
  CardSet set;
  for (Card c : parse_card_list(text)) set.insert(c);
  return set;
}

}  // namespace kibitz::cards
