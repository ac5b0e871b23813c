// Laws and Disorder's law grammar, what a hand can still finish, and the law
// as a sentence (docs/rules/laws_and_disorder.md "Making a law").
#include "env/games/laws_and_disorder/law.h"

#include <algorithm>

#include "env/core/error.h"

namespace kibitz::laws_and_disorder {
namespace {

bool is_object(Kind kind) { return object_amount(kind) > 0; }
bool is_when(Kind kind) { return when_of(kind).has_value(); }

// A job recipient must differ from a job subject (ours: THE JUDGE GIVES THE
// JUDGE means nothing); ANY-POSITION on either side is always allowed.
bool recipient_allowed(Kind subject, Kind recipient) {
  if (!is_position_slot(recipient)) return false;
  return !(is_job(subject) && is_job(recipient) && subject == recipient);
}

// Whether the third card of the prefix is a recipient (S GIVES R ...), which
// shifts the object and WHEN one slot later.
bool has_recipient(const Law& law) { return law.size >= 3 && is_position_slot(law.cards[2]); }

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

// The slot after the prefix decides what fits: subject, verb, then after
// GIVES a recipient or the object, after the object at most one WHEN, and
// nothing after a WHEN.
bool fits_next(const Law& prefix, Kind kind) {
  switch (prefix.size) {
    case 0: return is_position_slot(kind);
    case 1: return verb_of(kind).has_value();
    case 2:
      if (prefix.cards[1] == Kind::kGives && recipient_allowed(prefix.cards[0], kind)) return true;
      return is_object(kind);
    case 3: return has_recipient(prefix) ? is_object(kind) : is_when(kind);
    case 4: return has_recipient(prefix) && is_when(kind);
    default: return false;
  }
}

bool is_valid_prefix(const Law& law) {
  Law prefix;
  for (const Kind kind : law.kinds()) {
    if (!fits_next(prefix, kind)) return false;
    prefix.push(kind);
  }
  return true;
}

// Complete once the object is down; the WHEN after it is optional.
bool is_complete(const Law& law) {
  if (law.size < 3 || !is_valid_prefix(law)) return false;
  const Kind last = law.cards[law.size - 1];
  return is_object(last) || is_when(last);
}

namespace {

// Calls f(kind index, the prefix with that card, the hand without it) for
// every held card that fits the prefix's next slot: the step that both the
// completion search and the offer list take. Stops, returning true, at the
// first call of f that returns true.
template <typename F>
bool any_next_card(const Law& prefix, const KindCounts& hand, F&& f) {
  for (int k = 0; k < kNumKinds; ++k) {
    const Kind kind = static_cast<Kind>(k);
    if (hand[k] <= 0 || !fits_next(prefix, kind)) continue;
    Law longer = prefix;
    longer.push(kind);
    KindCounts rest = hand;
    --rest[k];
    if (f(k, longer, rest)) return true;
  }
  return false;
}

}  // namespace

// A search over the hand: at most five slots and twenty kinds, and it stops
// at the first finish, so it is cheap enough for every legal-action list.
bool can_complete(const Law& prefix, const KindCounts& hand) {
  if (!is_valid_prefix(prefix)) return false;
  if (is_complete(prefix)) return true;
  return any_next_card(prefix, hand, [](int, const Law& longer, const KindCounts& rest) {
    return can_complete(longer, rest);
  });
}

NextCards next_cards(const Law& prefix, const KindCounts& hand) {
  NextCards next;
  if (!is_valid_prefix(prefix)) return next;
  next.end_law = is_complete(prefix);
  any_next_card(prefix, hand, [&](int k, const Law& longer, const KindCounts& rest) {
    next.kinds[k] = can_complete(longer, rest);
    return false;  // every card is looked at
  });
  return next;
}

LawParts parts_of(const Law& law) {
  KIBITZ_CHECK(is_complete(law), "parts_of an incomplete law: ", law_sentence(law));
  LawParts parts{};
  parts.subject = law.cards[0];
  parts.verb = *verb_of(law.cards[1]);
  parts.recipient_index = has_recipient(law) ? 2 : -1;
  const int object_index = has_recipient(law) ? 3 : 2;
  parts.object = law.cards[static_cast<std::size_t>(object_index)];
  parts.when_index = law.size > object_index + 1 ? object_index + 1 : -1;
  return parts;
}

std::optional<When> law_when(const Law& law) {
  if (law.size == 0) return std::nullopt;
  return when_of(law.cards[law.size - 1]);
}

std::string law_sentence(const Law& law) {
  std::string sentence;
  for (const Kind kind : law.kinds()) {
    if (!sentence.empty()) sentence += ' ';
    sentence += card_words(kind);
  }
  return sentence;
}

}  // namespace kibitz::laws_and_disorder
