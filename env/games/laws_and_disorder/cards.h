// Laws and Disorder's cards as data: the 20 kinds of card (a job, the "any
// position" wildcard, an object, a verb or a WHEN), their names as actions
// write them, their counts, and the 78-card deck they make
// (docs/rules/laws_and_disorder.md "Cards"). Copies of a kind are
// interchangeable, so a card is its kind; the deck order below is the order
// before shuffling.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace kibitz::laws_and_disorder {

// The text's colours: blue jobs (and "any position"), yellow objects, pink
// verbs, purple WHEN cards.
enum class Colour : std::uint8_t { kBlue, kYellow, kPink, kPurple };

enum class Position : std::uint8_t { kJudge, kBanker, kThief, kScientist, kMerchant, kPriest };
inline constexpr int kNumPositions = 6;

enum class Verb : std::uint8_t { kGains, kLoses, kGives };
enum class When : std::uint8_t { kTurnStart, kLawMade, kAbility };

// The job kinds come first, in Position order, so that a Position converts
// to its job card's kind by value.
enum class Kind : std::uint8_t {
  kJudge, kBanker, kThief, kScientist, kMerchant, kPriest,
  kAnyPosition,
  kOneCard, kTwoCards,
  kOneMonies, kTwoMonies, kThreeMonies, kFourMonies, kFiveMonies,
  kGains, kLoses, kGives,
  kWhenTurnStart, kWhenLawMade, kWhenAbility,
};
inline constexpr int kNumKinds = 20;
inline constexpr int kDeckSize = 78;

struct KindInfo {
  Kind kind;
  std::string_view name;  // as actions write it: "2-MONIES"; unique
  std::string_view text;  // as the rules text's card list reads: "2 monies"
  Colour colour;
  int count;              // copies in the deck
};

// Every kind, in Kind order.
const std::array<KindInfo, kNumKinds>& all_kinds();
const KindInfo& kind_info(Kind kind);
std::string_view kind_name(Kind kind);

// The kind named `name` (any case), or nullopt.
std::optional<Kind> find_kind(std::string_view name);
// The same, or a KibitzError that names the unknown card.
Kind parse_kind(std::string_view name);

// The 78 cards in deck order (kinds in Kind order, each repeated `count`
// times); card ids index it.
const std::array<Kind, kDeckSize>& deck_kinds();
// The kind of card `card_id`; a KibitzError when the id is not in [0, 78).
Kind card_kind(int card_id);

Colour colour(Kind kind);

// The kind predicates below are inline: the legal-move list and the
// heuristic's law search call them in their innermost loops.

// A job card (blue, not "any position"), which may also be played to change
// position.
constexpr bool is_job(Kind kind) { return static_cast<int>(kind) < kNumPositions; }
// A card that may fill a law's subject or recipient slot: a job or "any
// position".
constexpr bool is_position_slot(Kind kind) { return is_job(kind) || kind == Kind::kAnyPosition; }
constexpr std::optional<Position> position_of(Kind kind) {  // job cards only
  if (!is_job(kind)) return std::nullopt;
  return static_cast<Position>(kind);
}
constexpr Kind job_card(Position position) { return static_cast<Kind>(position); }
std::string_view position_name(Position position);  // "JUDGE"

// Objects: how many, and whether cards (else monies).
constexpr int object_amount(Kind kind) {  // 0 for a non-object
  switch (kind) {
    case Kind::kOneCard: case Kind::kOneMonies: return 1;
    case Kind::kTwoCards: case Kind::kTwoMonies: return 2;
    case Kind::kThreeMonies: return 3;
    case Kind::kFourMonies: return 4;
    case Kind::kFiveMonies: return 5;
    default: return 0;
  }
}
constexpr bool object_is_cards(Kind kind) { return kind == Kind::kOneCard || kind == Kind::kTwoCards; }
constexpr std::optional<Verb> verb_of(Kind kind) {
  switch (kind) {
    case Kind::kGains: return Verb::kGains;
    case Kind::kLoses: return Verb::kLoses;
    case Kind::kGives: return Verb::kGives;
    default: return std::nullopt;
  }
}
constexpr std::optional<When> when_of(Kind kind) {
  switch (kind) {
    case Kind::kWhenTurnStart: return When::kTurnStart;
    case Kind::kWhenLawMade: return When::kLawMade;
    case Kind::kWhenAbility: return When::kAbility;
    default: return std::nullopt;
  }
}

}  // namespace kibitz::laws_and_disorder
