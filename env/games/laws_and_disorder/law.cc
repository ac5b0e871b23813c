// Laws and Disorder's law grammar, what a hand can still finish, and the law
// as a sentence (docs/rules/laws_and_disorder.md "Making a law").
#include "env/games/laws_and_disorder/law.h"

#include <algorithm>

#include "env/core/error.h"

namespace kibitz::laws_and_disorder {
namespace {

bool is_object(Kind kind) { return object_amount(kind) > 0; }
bool is_when(Kind kind) { return when_of(kind).has_value(); }


std::string object_words(Kind kind) {
  const int amount = object_amount(kind);
  const char* unit = object_is_cards(kind) ? (amount == 1 ? "CARD" : "CARDS") : "MONIES";
  return std::to_string(amount) + " " + unit;
}

// A position in a sentence: "THE JUDGE", but the wildcard reads as the card
// says, "ANY POSITION" (no article: it is not one job).
std::string position_words(Kind kind) {
  if (kind == Kind::kAnyPosition) return "ANY POSITION";
  return "THE " + std::string(kind_name(kind));
}

std::string when_words(Kind kind) {
  switch (*when_of(kind)) {
    case When::kTurnStart: return "AT THE START OF THEIR TURN";
    case When::kLawMade: return "WHEN A LAW IS MADE";
    case When::kAbility: return "WHEN THEY USE THEIR ABILITY";
  }
  return "";
}

std::string card_words(Kind kind) {
  if (is_position_slot(kind)) return position_words(kind);
  if (is_object(kind)) return object_words(kind);
  if (is_when(kind)) return when_words(kind);
  return std::string(kind_name(kind));  // verbs read as their names
}

}  // namespace

void Law::push(Kind kind) {
  if (size >= kMaxLawCards) {
    throw error("laws_and_disorder: a law holds at most ", kMaxLawCards, " cards; cannot add ",
                kind_name(kind));
  }
  cards[size++] = kind;
}

Law Law::of(std::initializer_list<Kind> kinds) {
  Law law;
  for (const Kind kind : kinds) law.push(kind);
  return law;
}

bool operator==(const Law& a, const Law& b) {
  return std::ranges::equal(a.kinds(), b.kinds());
}

bool NextCards::any_card() const {
  return std::ranges::any_of(kinds, [](bool legal) { return legal; });
}

namespace {

// The kinds of each part of a law, as sets (Kind order puts each part's
// kinds together).
constexpr KindSet kinds_from(Kind first, Kind last) {
  KindSet set = 0;
  for (int k = static_cast<int>(first); k <= static_cast<int>(last); ++k) set |= KindSet{1} << k;
  return set;
}
constexpr KindSet kPositionSlots = kinds_from(Kind::kJudge, Kind::kAnyPosition);
constexpr KindSet kVerbs = kinds_from(Kind::kGains, Kind::kGives);
constexpr KindSet kObjects = kinds_from(Kind::kOneCard, Kind::kFiveMonies);
constexpr KindSet kWhens = kinds_from(Kind::kWhenTurnStart, Kind::kWhenAbility);

// Whether the third of the first `size` cards is a recipient (S GIVES R
// ...), which shifts the object and WHEN one slot later.
bool has_recipient_in(const std::array<Kind, kMaxLawCards>& cards, int size) {
  return size >= 3 && is_position_slot(cards[2]);
}

// fitting_kinds of the first `size` cards of `cards`, so that checking a
// whole law needs no copy of it. The slot decides what fits: subject, verb,
// then after GIVES a recipient (not the subject's own job: THE JUDGE GIVES
// THE JUDGE means nothing; ANY-POSITION on either side is always allowed)
// or the object, after the object at most one WHEN, and nothing after a
// WHEN.
KindSet fitting_after(const std::array<Kind, kMaxLawCards>& cards, int size) {
  switch (size) {
    case 0: return kPositionSlots;
    case 1: return kVerbs;
    case 2: {
      if (cards[1] != Kind::kGives) return kObjects;
      const KindSet own_job = is_job(cards[0]) ? kind_bit(cards[0]) : 0;
      return kObjects | (kPositionSlots & ~own_job);
    }
    case 3: return has_recipient_in(cards, size) ? kObjects : kWhens;
    case 4: return has_recipient_in(cards, size) ? kWhens : 0;
    default: return 0;
  }
}

// Whether `hand` holds a card of a kind in [first, last] (Kind order).
bool holds_any(const KindCounts& hand, Kind first, Kind last) {
  for (int k = static_cast<int>(first); k <= static_cast<int>(last); ++k) {
    if (hand[static_cast<std::size_t>(k)] > 0) return true;
  }
  return false;
}

// Whether `hand` can finish a valid, unfinished prefix of `size` cards.
// What such a prefix still lacks is a subject (when empty), a verb (when
// shorter than two cards) and the object; the recipient and the WHEN are
// optional, since S GIVES O and S V O are whole laws. The three are of
// different kinds, so one card of each is enough, and no search over the
// hand is needed.
bool can_finish(int size, const KindCounts& hand) {
  return (size > 0 || holds_any(hand, Kind::kJudge, Kind::kAnyPosition)) &&
         (size > 1 || holds_any(hand, Kind::kGains, Kind::kGives)) &&
         holds_any(hand, Kind::kOneCard, Kind::kFiveMonies);
}

}  // namespace

KindSet fitting_kinds(const Law& prefix) { return fitting_after(prefix.cards, prefix.size); }

bool is_valid_prefix(const Law& law) {
  for (int i = 0; i < law.size; ++i) {
    if ((fitting_after(law.cards, i) & kind_bit(law.cards[static_cast<std::size_t>(i)])) == 0) return false;
  }
  return true;
}

// Complete once the object is down; the WHEN after it is optional.
bool is_complete(const Law& law) {
  if (law.size < 3 || !is_valid_prefix(law)) return false;
  const Kind last = law.cards[law.size - 1];
  return is_object(last) || is_when(last);
}

bool can_complete(const Law& prefix, const KindCounts& hand) {
  if (!is_valid_prefix(prefix)) return false;
  return is_complete(prefix) || can_finish(prefix.size, hand);
}

// A card that fits finishes the law when it is the object or the WHEN;
// otherwise (a subject, a verb, a recipient) the hand less that card must
// finish it, and since what is still lacking is never of the card's own
// kind (can_finish), the hand with the card finishes it just as well.
NextCards next_cards(const Law& prefix, const KindCounts& hand) {
  NextCards next;
  if (!is_valid_prefix(prefix)) return next;
  next.end_law = prefix.size >= 3 && is_complete(prefix);
  const KindSet fitting = fitting_kinds(prefix);
  if (fitting == 0) return next;
  const bool finishes_unfinished = can_finish(prefix.size + 1, hand);
  for (int k = 0; k < kNumKinds; ++k) {
    const Kind kind = static_cast<Kind>(k);
    if (hand[static_cast<std::size_t>(k)] <= 0 || (fitting & kind_bit(kind)) == 0) continue;
    next.kinds[static_cast<std::size_t>(k)] = (kind_bit(kind) & (kObjects | kWhens)) != 0 || finishes_unfinished;
  }
  return next;
}

bool can_play_next(const Law& prefix, const KindCounts& hand, Kind kind) {
  if (hand[static_cast<std::size_t>(kind)] <= 0 || !is_valid_prefix(prefix)) return false;
  if ((fitting_kinds(prefix) & kind_bit(kind)) == 0) return false;
  return (kind_bit(kind) & (kObjects | kWhens)) != 0 || can_finish(prefix.size + 1, hand);
}

LawParts parts_of(const Law& law) {
  KIBITZ_CHECK(is_complete(law), "parts_of an incomplete law: ", law_sentence(law));
  LawParts parts{};
  parts.subject = law.cards[0];
  parts.verb = *verb_of(law.cards[1]);
  parts.recipient_index = has_recipient_in(law.cards, law.size) ? 2 : -1;
  const int object_index = has_recipient_in(law.cards, law.size) ? 3 : 2;
  parts.object = law.cards[static_cast<std::size_t>(object_index)];
  parts.when_index = law.size > object_index + 1 ? object_index + 1 : -1;
  return parts;
}

std::string law_sentence(const Law& law) {
  std::string sentence;
  for (const Kind kind : law.kinds()) {
    if (!sentence.empty()) sentence += ' ';
    sentence += card_words(kind);
  }
  return sentence;
}

int priest_index(const Law& law, int side) {
  if (side == 0) return 0;
  return parts_of(law).recipient_index;
}

bool swap_keeps_law(const Law& law, int index, Kind kind) {
  if (law.cards[static_cast<std::size_t>(index)] == kind) return false;
  Law amended = law;
  amended.cards[static_cast<std::size_t>(index)] = kind;
  return is_complete(amended);
}

}  // namespace kibitz::laws_and_disorder
