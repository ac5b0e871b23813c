// Card numbering inside Loyalist Spies: a compact index 0..53 so that any set
// of the game's cards is one 64-bit mask (cheap to copy, test and count).
//
// Index = kibitz::cards::Card::id() - 1 for the 52 pack cards, i.e.
// suit * 13 + (rank - 1) with Diamonds=0, Spades=1, Hearts=2, Clubs=3 and
// Ace=1 .. King=13; the two Jokers are 52 ("Jk") and 53 ("Jk2"). Names are the
// card substrate's ("7H", "TD", "QS", "Jk").
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "env/core/bits.h"

namespace kibitz::loyalist_spies {

using CardMask = std::uint64_t;

inline constexpr int kNumSuits = 4;
inline constexpr int kSuitDiamonds = 0, kSuitSpades = 1, kSuitHearts = 2, kSuitClubs = 3;
inline constexpr int kNumPackCards = 52;
inline constexpr int kMaxJokers = 2;
inline constexpr int kNumCardIndices = kNumPackCards + kMaxJokers;  // 54
inline constexpr int kFirstJoker = kNumPackCards;
inline constexpr int kRankJack = 11, kRankQueen = 12, kRankKing = 13;

inline constexpr CardMask card_bit(int card) { return CardMask{1} << card; }
inline constexpr bool is_joker(int card) { return card >= kFirstJoker; }
inline constexpr int suit_of(int card) { return card / 13; }      // pack cards only
inline constexpr int rank_of(int card) { return card % 13 + 1; }  // pack cards only: 1..13
// A card's worth on a mission: 2-10 face value, J 11, Q 12, K 13, Joker 0.
inline constexpr int card_value(int card) { return is_joker(card) ? 0 : rank_of(card); }
inline constexpr int ace_of_suit(int suit) { return suit * 13; }
inline constexpr bool is_ace(int card) { return !is_joker(card) && rank_of(card) == 1; }

inline constexpr CardMask kJokerMask = card_bit(kFirstJoker) | card_bit(kFirstJoker + 1);
inline constexpr CardMask kAceMask = card_bit(ace_of_suit(0)) | card_bit(ace_of_suit(1)) |
                                     card_bit(ace_of_suit(2)) | card_bit(ace_of_suit(3));
inline constexpr CardMask kPackMask = (CardMask{1} << kNumPackCards) - 1;

// The builds target baseline x86-64, where std::popcount is a library call;
// this branch-free count is several times faster there.
inline int popcount(CardMask m) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return std::popcount(m);
#else
  m = m - ((m >> 1) & 0x5555555555555555ULL);
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
#endif
}
inline int lowest_card(CardMask m) { return std::countr_zero(m); }
inline int highest_card(CardMask m) { return 63 - std::countl_zero(m); }

// The n-th card (0-based, ascending index) of the mask; n < popcount(m).
inline int nth_card(CardMask m, int n) { return nth_set_bit(m, n); }

// Calls f(card) for every card of the mask in ascending index order.
template <typename F>
inline void for_each_card(CardMask m, F&& f) {
  while (m) {
    f(std::countr_zero(m));
    m &= m - 1;
  }
}

// "7H", "TD", "Jk", "Jk2". A number outside 0..53 is a KibitzError naming it.
std::string card_name(int card);
// The same, from a table built once (no allocation): for text built often.
std::string_view card_name_view(int card);
// Space-separated names in ascending index order.
std::string cards_string(CardMask cards);

// Appends text and integers to `s` (no temporary strings to concatenate).
inline void append_to(std::string&) {}
template <typename T, typename... Rest>
void append_to(std::string& s, const T& first, const Rest&... rest) {
  if constexpr (std::is_integral_v<T>) {
    s += std::to_string(first);
  } else {
    s += first;
  }
  append_to(s, rest...);
}
// Inverse of card_name (the substrate's spellings, "10H" too); a Joker beyond
// Jk2 or a non-red-pack card is a KibitzError naming the text.
int parse_card(std::string_view text);
// The letter of a suit: D S H C; and its name.
char suit_letter(int suit);
std::string_view suit_name(int suit);

}  // namespace kibitz::loyalist_spies
