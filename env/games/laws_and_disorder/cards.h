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
// A job card (blue, not "any position"), which may also be played to change
// position.
bool is_job(Kind kind);
// A card that may fill a law's subject or recipient slot: a job or "any
// position".
bool is_position_slot(Kind kind);
std::optional<Position> position_of(Kind kind);  // job cards only
Kind job_card(Position position);
std::string_view position_name(Position position);  // "JUDGE"

// Objects: how many, and whether cards (else monies).
int object_amount(Kind kind);       // 0 for a non-object
bool object_is_cards(Kind kind);
std::optional<Verb> verb_of(Kind kind);
std::optional<When> when_of(Kind kind);

}  // namespace kibitz::laws_and_disorder
