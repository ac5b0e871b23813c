// CardSet: a set of cards as a fixed 256-bit mask (no allocation, cheap to
// copy). Iteration is in ascending id order.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "env/cards/card.h"

namespace kibitz::cards {

class CardSet {
 public:
  constexpr CardSet() = default;

  bool contains(Card c) const { return (words_[word(c)] >> bit(c)) & 1u; }
  void insert(Card c) { words_[word(c)] |= std::uint64_t{1} << bit(c); }
  void erase(Card c) { words_[word(c)] &= ~(std::uint64_t{1} << bit(c)); }
  int size() const {
    int n = 0;
    for (auto w : words_) n += std::popcount(w);
    return n;
  }
  bool empty() const { return (words_[0] | words_[1] | words_[2] | words_[3]) == 0; }
  void clear() { words_ = {}; }

  // The k-th card in ascending id order (0-based, k < size()).
  Card nth(int k) const;
  // The lowest card; the set must not be empty.
  Card first() const;

  CardSet& operator|=(const CardSet& o) {
    for (std::size_t i = 0; i < 4; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  CardSet& operator&=(const CardSet& o) {
    for (std::size_t i = 0; i < 4; ++i) words_[i] &= o.words_[i];
    return *this;
  }
  CardSet& operator-=(const CardSet& o) {
    for (std::size_t i = 0; i < 4; ++i) words_[i] &= ~o.words_[i];
    return *this;
  }
  friend CardSet operator|(CardSet a, const CardSet& b) { return a |= b; }
  friend CardSet operator&(CardSet a, const CardSet& b) { return a &= b; }
  friend CardSet operator-(CardSet a, const CardSet& b) { return a -= b; }
  friend bool operator==(const CardSet&, const CardSet&) = default;

  // Calls f(Card) for every card in ascending order.
  template <typename F>
  void for_each(F&& f) const {
    for (int i = 0; i < 4; ++i) {
      std::uint64_t w = words_[static_cast<std::size_t>(i)];
      while (w) {
        const int b = std::countr_zero(w);
        f(Card::from_id(i * 64 + b));
        w &= w - 1;
      }
    }
  }
  std::vector<Card> to_vector() const;

  // Space-separated card names in ascending id order.
  std::string to_string() const;

  // One full pack (52 cards) of the given back, without jokers.
  static CardSet full_pack(int pack);

 private:
  static std::size_t word(Card c) { return static_cast<std::size_t>(c.id()) >> 6; }
  static unsigned bit(Card c) { return static_cast<unsigned>(c.id()) & 63u; }
  std::array<std::uint64_t, 4> words_{};
};

// Parses space-separated names such as "AS KH 7D Jk"; each "Jk" takes the
// next joker not yet in the set. A repeated card or bad name is a KibitzError.
CardSet parse_cards(std::string_view text);
// The same, keeping the written order (for scripted deals).
std::vector<Card> parse_card_list(std::string_view text);

}  // namespace kibitz::cards
