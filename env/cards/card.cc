#include "env/cards/card.h"

#include <array>
#include <cctype>

#include "env/core/error.h"

namespace kibitz::cards {
namespace {

// Rank characters by rank number; index 0 is unused so rank r is kRankChars[r].
constexpr std::string_view kRankChars = "?A23456789TJQK";
constexpr std::array<std::string_view, kNumSuits> kSuitNames = {"Diamonds", "Spades", "Hearts",
                                                                "Clubs"};
constexpr std::array<char, kNumSuits> kSuitLetters = {'D', 'S', 'H', 'C'};
constexpr std::array<std::string_view, kMaxPacks> kBackNames = {"red", "blue", "fish", "corporate"};
constexpr int kLastCardId = kMaxPacks * kCardsPerPack;

// What a card name may look like; appended to every parse error so the user
// learns the valid forms from the message.
constexpr std::string_view kNameHelp =
    "a card is a rank (A 2-9 T J Q K, or 10), a suit (D S H C) and optionally a back "
    "(@red @blue @fish @corporate), e.g. \"AS\", \"10H@fish\"; a joker is \"Jk\", \"Jk2\" .. "
    "\"Jk16\"";

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

KibitzError bad_name(std::string_view text) {
  return error("bad card name \"", text, "\": ", kNameHelp);
}

// Rank 1..13 for a rank character, or 0 when it is not one.
int rank_from_char(char c) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto pos = kRankChars.find(upper, 1);
  return pos == std::string_view::npos ? 0 : static_cast<int>(pos);
}

// Suit index 0..3 for a suit letter, or -1 when it is not one.
int suit_from_char(char c) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int s = 0; s < kNumSuits; ++s) {
    if (kSuitLetters[static_cast<std::size_t>(s)] == upper) return s;
  }
  return -1;
}

// "Jk" is joker 0; "Jk<n>" with n in 2..kMaxJokers is joker n-1. "Jk1" and
// leading zeros are rejected so that every joker has exactly one name.
Card parse_joker(std::string_view text) {
  const std::string_view digits = text.substr(2);
  if (digits.empty()) return Card::joker(0);
  if (digits.size() > 2 || digits[0] == '0') throw bad_name(text);
  int n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') throw bad_name(text);
    n = n * 10 + (c - '0');
  }
  if (n < 2 || n > kMaxJokers) throw bad_name(text);
  return Card::joker(n - 1);
}

}  // namespace

Card Card::make(int pack, Suit suit, int rank) {
  const int s = static_cast<int>(suit);
  if (pack < 0 || pack >= kMaxPacks) {
    throw error("card pack ", pack, " is out of range: valid packs are 0..", kMaxPacks - 1);
  }
  if (s < 0 || s >= kNumSuits) {
    throw error("card suit ", s, " is out of range: valid suits are 0..", kNumSuits - 1);
  }
  if (rank < kAce || rank > kKing) {
    throw error("card rank ", rank, " is out of range: valid ranks are ", kAce, "..", kKing);
  }
  return Card(pack * kCardsPerPack + s * kNumRanks + rank);
}

Card Card::joker(int index) {
  if (index < 0 || index >= kMaxJokers) {
    throw error("joker index ", index, " is out of range: valid indices are 0..", kMaxJokers - 1);
  }
  return Card(kFirstJokerId + index);
}

bool Card::is_valid() const {
  return (id_ >= 1 && id_ <= kLastCardId) ||
         (id_ >= kFirstJokerId && id_ < kFirstJokerId + kMaxJokers);
}

// The id minus one splits as pack*52 + suit*13 + (rank-1), so division and
// remainder recover each part.
Suit Card::suit() const {
  KIBITZ_CHECK(id_ >= 1 && id_ <= kLastCardId, "suit() of card id ", id_, " (not a pack card)");
  return static_cast<Suit>(((id_ - 1) % kCardsPerPack) / kNumRanks);
}

int Card::rank() const {
  KIBITZ_CHECK(id_ >= 1 && id_ <= kLastCardId, "rank() of card id ", id_, " (not a pack card)");
  return (id_ - 1) % kNumRanks + 1;
}

int Card::pack() const {
  KIBITZ_CHECK(id_ >= 1 && id_ <= kLastCardId, "pack() of card id ", id_, " (not a pack card)");
  return (id_ - 1) / kCardsPerPack;
}

Back Card::back() const { return static_cast<Back>(pack()); }

std::string Card::to_string() const {
  if (!is_valid()) return "?" + std::to_string(id_);  // only seen when debugging a bug
  if (is_joker()) {
    const int index = id_ - kFirstJokerId;
    return index == 0 ? std::string("Jk") : "Jk" + std::to_string(index + 1);
  }
  std::string name{kRankChars[static_cast<std::size_t>(rank())], suit_letter(suit())};
  // The red pack is the default one, so its back is never written.
  if (pack() != 0) {
    name += '@';
    name += back_name(back());
  }
  return name;
}

Card parse_card(std::string_view text) {
  if (text.size() >= 2 && lower(text[0]) == 'j' && lower(text[1]) == 'k') return parse_joker(text);

  std::string_view body = text;
  int pack = 0;
  if (const auto at = text.find('@'); at != std::string_view::npos) {
    body = text.substr(0, at);
    const std::string_view back = text.substr(at + 1);
    pack = -1;
    for (int p = 0; p < kMaxPacks; ++p) {
      if (equals_ignoring_case(back, kBackNames[static_cast<std::size_t>(p)])) pack = p;
    }
    if (pack < 0) throw bad_name(text);
  }

  int rank = 0;
  std::string_view suit_part;
  if (body.size() == 3 && body[0] == '1' && body[1] == '0') {
    rank = 10;
    suit_part = body.substr(2);
  } else if (body.size() == 2) {
    rank = rank_from_char(body[0]);
    suit_part = body.substr(1);
  }
  if (rank == 0) throw bad_name(text);
  const int suit = suit_from_char(suit_part[0]);
  if (suit < 0) throw bad_name(text);
  return Card::make(pack, static_cast<Suit>(suit), rank);
}

std::string_view suit_name(Suit suit) { return kSuitNames.at(static_cast<std::size_t>(suit)); }

char suit_letter(Suit suit) { return kSuitLetters.at(static_cast<std::size_t>(suit)); }

std::string_view back_name(Back back) { return kBackNames.at(static_cast<std::size_t>(back)); }

}  // namespace kibitz::cards
