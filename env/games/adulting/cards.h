// Adulting's cards as data: a card's back (suits, effect) and front (job,
// sorting question), the built-in 40-card deck, and deck files (JSON, read
// with cereal; schema in docs/rules/adulting.md "Deck files").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::adulting {

// Mantle columns are the first three suits; spades are wild.
enum class Suit : std::uint8_t { kHearts = 0, kClubs = 1, kDiamonds = 2, kSpades = 3, kNone = 4 };
inline constexpr int kNumColumns = 3;

enum class Effect : std::uint8_t { kNone, kBank, kTax, kPeek, kSteal, kQualify };
enum class Job : std::uint8_t { kCategory, kRank, kPayout, kChallenge };

inline constexpr int kMinDeckCards = 4;
inline constexpr int kMaxDeckCards = 64;
inline constexpr int kMaxEffectAmount = 10;
inline constexpr std::size_t kMaxCardNameLength = 12;

struct Card {
  std::string name;             // unique in the deck: letters and digits
  Suit suit = Suit::kHearts;    // primary suit of the back
  Suit second = Suit::kNone;    // a dual card's second suit, else kNone
  Effect effect = Effect::kNone;
  int amount = 0;               // kBank and kTax only
  Job job = Job::kCategory;
  std::string job_text;
  std::string question;
  double adult = 0.5;           // chance that a player's true answer is adult

  // Whether the card may go into mantle column `column` (0..2): its primary
  // or second suit, or any column when either suit is spades.
  bool fits_column(int column) const;
  // Spades is either suit of the back: it counts toward the game's end once
  // scored onto a mantle.
  bool is_spade() const { return suit == Suit::kSpades || second == Suit::kSpades; }
  // The back as people read it: "H", "S", "H/C", "D+tax1", "H+peek".
  std::string back_name() const;
};

struct Deck {
  std::vector<Card> cards;
  int size() const { return static_cast<int>(cards.size()); }
  // The index of the card named `name` (any case), or -1.
  int find(std::string_view name) const;
};

// The built-in deck (docs/rules/adulting.md "Cards").
const Deck& default_deck();

// Reads and validates a deck file. A KibitzError names the file, the card
// (by name, or by position when the name is the problem) and the field.
Deck load_deck_file(const std::string& path);
// The same for JSON text already read; `source` names it in errors.
Deck parse_deck_json(std::string_view json, const std::string& source);

// Words used in deck files, errors and action text.
std::string_view suit_word(Suit suit);      // "hearts"
char suit_letter(Suit suit);               // 'H'
std::string_view effect_word(Effect effect);  // "tax"
std::string_view job_word(Job job);        // "rank"

}  // namespace kibitz::adulting
