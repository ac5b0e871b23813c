// Laws and Disorder's card kinds and deck, as the rules text's card list
// gives them (docs/rules/laws_and_disorder.md "Cards").
#include "env/games/laws_and_disorder/cards.h"

#include "env/core/error.h"

namespace kibitz::laws_and_disorder {
namespace {

constexpr std::array<KindInfo, kNumKinds> kKinds = {{
    {Kind::kJudge, "JUDGE", "judge", Colour::kBlue, 5},
    {Kind::kBanker, "BANKER", "banker", Colour::kBlue, 5},
    {Kind::kThief, "THIEF", "thief", Colour::kBlue, 5},
    {Kind::kScientist, "SCIENTIST", "scientist", Colour::kBlue, 5},
    {Kind::kMerchant, "MERCHANT", "merchant", Colour::kBlue, 5},
    {Kind::kPriest, "PRIEST", "priest", Colour::kBlue, 5},
    {Kind::kAnyPosition, "ANY-POSITION", "any position", Colour::kBlue, 4},
    {Kind::kOneCard, "1-CARD", "1 card", Colour::kYellow, 4},
    {Kind::kTwoCards, "2-CARDS", "2 card", Colour::kYellow, 4},
    {Kind::kOneMonies, "1-MONIES", "1 monies", Colour::kYellow, 2},
    {Kind::kTwoMonies, "2-MONIES", "2 monies", Colour::kYellow, 2},
    {Kind::kThreeMonies, "3-MONIES", "3 monies", Colour::kYellow, 2},
    {Kind::kFourMonies, "4-MONIES", "4 monies", Colour::kYellow, 2},
    {Kind::kFiveMonies, "5-MONIES", "5 monies", Colour::kYellow, 2},
    {Kind::kGains, "GAINS", "gains", Colour::kPink, 8},
    {Kind::kLoses, "LOSES", "loses", Colour::kPink, 6},
    {Kind::kGives, "GIVES", "gives", Colour::kPink, 6},
    {Kind::kWhenTurnStart, "WHEN-TURN-START", "at the start of their turn", Colour::kPurple, 2},
    {Kind::kWhenLawMade, "WHEN-LAW-MADE", "when a law is made", Colour::kPurple, 2},
    {Kind::kWhenAbility, "WHEN-ABILITY", "when they use their ability", Colour::kPurple, 2},
}};

constexpr char upper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (upper(a[i]) != upper(b[i])) return false;
  }
  return true;
}

std::array<Kind, kDeckSize> build_deck() {
  std::array<Kind, kDeckSize> deck{};
  std::size_t next = 0;
  for (const KindInfo& info : kKinds) {
    for (int copy = 0; copy < info.count; ++copy) deck.at(next++) = info.kind;
  }
  // The counts above are the text's card list; they must fill the deck
  // exactly, or every card id would be wrong.
  KIBITZ_CHECK(next == deck.size(), "laws_and_disorder: card counts sum to ", next, ", not 78");
  return deck;
}

}  // namespace

const std::array<KindInfo, kNumKinds>& all_kinds() { return kKinds; }

const KindInfo& kind_info(Kind kind) { return kKinds.at(static_cast<std::size_t>(kind)); }

std::string_view kind_name(Kind kind) { return kind_info(kind).name; }

std::optional<Kind> find_kind(std::string_view name) {
  for (const KindInfo& info : kKinds) {
    if (same_name(info.name, name)) return info.kind;
  }
  return std::nullopt;
}

Kind parse_kind(std::string_view name) {
  if (const std::optional<Kind> kind = find_kind(name)) return *kind;
  throw error("laws_and_disorder: no card named '", name,
              "' (cards: JUDGE, BANKER, THIEF, SCIENTIST, MERCHANT, PRIEST, ANY-POSITION, "
              "1-CARD, 2-CARDS, 1-MONIES .. 5-MONIES, GAINS, LOSES, GIVES, WHEN-TURN-START, "
              "WHEN-LAW-MADE, WHEN-ABILITY)");
}

const std::array<Kind, kDeckSize>& deck_kinds() {
  static const std::array<Kind, kDeckSize> deck = build_deck();
  return deck;
}

Kind card_kind(int card_id) {
  if (card_id < 0 || card_id >= kDeckSize) {
    throw error("laws_and_disorder: card id ", card_id, " is not in [0, ", kDeckSize, ")");
  }
  return deck_kinds()[static_cast<std::size_t>(card_id)];
}

Colour colour(Kind kind) { return kind_info(kind).colour; }

std::string_view position_name(Position position) { return kind_name(job_card(position)); }

}  // namespace kibitz::laws_and_disorder
