// Card: the card substrate shared by every game (rulings: spoon_nomic.md).
//
// A card has a Suit, a Rank and a Back (its pack). The canonical number of a
// card is   pack*52 + suit*13 + rank   (1 .. 52*packs), with
// Diamonds=0, Spades=1, Hearts=2, Clubs=3 and Ace=1 .. King=13, and packs in
// the order Red=0, Blue=1, Fish=2, Corporate=3. Jokers, which some games add,
// are numbered after the largest possible pack: kFirstJokerId + k.
// Every id fits in [0, kCardIdLimit), so a CardSet is a fixed bitmask.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kibitz::cards {

enum class Suit : std::uint8_t { kDiamonds = 0, kSpades = 1, kHearts = 2, kClubs = 3 };
enum class Back : std::uint8_t { kRed = 0, kBlue = 1, kFish = 2, kCorporate = 3 };

inline constexpr int kNumSuits = 4;
inline constexpr int kNumRanks = 13;      // Ace=1 .. King=13
inline constexpr int kCardsPerPack = 52;
inline constexpr int kMaxPacks = 4;
inline constexpr int kAce = 1, kJack = 11, kQueen = 12, kKing = 13;
inline constexpr int kFirstJokerId = kMaxPacks * kCardsPerPack + 1;  // 209
inline constexpr int kMaxJokers = 16;
inline constexpr int kCardIdLimit = 256;  // every id is below this

// A card by its canonical id; cheap to copy and compare.
class Card {
 public:
  constexpr Card() = default;
  static constexpr Card from_id(int id) { return Card(id); }
  // pack 0..kMaxPacks-1, suit, rank 1..13.
  static Card make(int pack, Suit suit, int rank);
  static Card joker(int index);  // index 0..kMaxJokers-1

  constexpr int id() const { return id_; }
  bool is_joker() const { return id_ >= kFirstJokerId; }
  bool is_valid() const;
  // Only for non-jokers.
  Suit suit() const;
  int rank() const;
  int pack() const;
  Back back() const;

  // "AS", "TD", "7H", "KC", "Jk" (joker); a card of another pack carries its
  // back: "AS@blue". Jokers of index > 0 are "Jk2", "Jk3", ...
  std::string to_string() const;

  friend constexpr bool operator==(Card a, Card b) { return a.id_ == b.id_; }
  friend constexpr auto operator<=>(Card a, Card b) { return a.id_ <=> b.id_; }

 private:
  explicit constexpr Card(int id) : id_(id) {}
  int id_ = 0;
};

// Parses one card name (inverse of Card::to_string; "10H" is accepted for
// "TH", suits and ranks in either case). Throws KibitzError naming the text.
Card parse_card(std::string_view text);

std::string_view suit_name(Suit suit);  // "Diamonds", ...
char suit_letter(Suit suit);            // 'D', 'S', 'H', 'C'
std::string_view back_name(Back back);  // "red", "blue", "fish", "corporate"

}  // namespace kibitz::cards
