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

namespace internal {
// kNthBitOfByte[b][r]: the position of the r-th (0-based) set bit of byte b.
inline constexpr auto kNthBitOfByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (int b = 0; b < 256; ++b) {
    int r = 0;
    for (int bit = 0; bit < 8; ++bit) {
      if (((b >> bit) & 1) == 0) continue;
      table[static_cast<std::size_t>(b)][static_cast<std::size_t>(r++)] =
          static_cast<std::uint8_t>(bit);
    }
  }
  return table;
}();
}  // namespace internal

// The n-th card (0-based, ascending index) of the mask; n < popcount(m).
// Branch-free, so drawing a random card from a deck costs the same wherever
// the card lies: per-byte counts as in popcount, their running sums by one
// multiplication, the byte holding the card from a parallel compare of those
// sums with n, then a table lookup inside the byte.
inline int nth_card(CardMask m, int n) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
  std::uint64_t c = m - ((m >> 1) & 0x5555555555555555ULL);
  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  // Byte i of `sums`: the cards in bytes 0..i (at most 64, so no carries).
  const std::uint64_t sums = c * kOnes;
  // Bit 7 of byte i is set iff sums_i <= n (0x80 + n - sums_i stays >= 0x40:
  // no borrows); the sums grow with i, so counting those bytes finds the
  // byte that holds the card.
  const std::uint64_t at_most_n = ((static_cast<std::uint64_t>(n) * kOnes) | kHighs) - sums;
  const int byte = static_cast<int>((((at_most_n & kHighs) >> 7) * kOnes) >> 56);
  const int shift = 8 * byte;
  const int before = static_cast<int>(((sums << 8) >> shift) & 0xFF);
  const auto bits = static_cast<std::size_t>((m >> shift) & 0xFF);
  return shift + internal::kNthBitOfByte[bits][static_cast<std::size_t>(n - before)];
}

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
