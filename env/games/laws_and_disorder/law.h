// Laws and Disorder's law grammar (docs/rules/laws_and_disorder.md "Making a
// law"): a law is SUBJECT VERB [RECIPIENT] OBJECT [WHEN], built from the hand
// one card per action. This file knows only the grammar and what a hand can
// still finish; it holds no game state, so the game, its legal-action list,
// its observers and the replay report can all share it.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>

#include "env/games/laws_and_disorder/cards.h"

namespace kibitz::laws_and_disorder {

// The longest law: S GIVES R O W.
inline constexpr int kMaxLawCards = 5;

// A law or a law being built: its card kinds in the order played. Fixed-size
// so that states copy cheaply and sampling worlds allocates nothing.
struct Law {
  std::array<Kind, kMaxLawCards> cards{};
  std::uint8_t size = 0;

  // A KibitzError when the law already holds kMaxLawCards cards; grammar is
  // not checked here (next_cards / is_valid_prefix do that).
  void push(Kind kind);
  std::span<const Kind> kinds() const { return {cards.data(), size}; }
  bool empty() const { return size == 0; }

  static Law of(std::initializer_list<Kind> kinds);
  friend bool operator==(const Law& a, const Law& b);
};

// How many cards of each kind, indexed by Kind (a hand, after the prefix's
// cards have left it).
using KindCounts = std::array<int, kNumKinds>;

// What may come next while building a law.
struct NextCards {
  std::array<bool, kNumKinds> kinds{};  // kinds[k]: playing kind k is legal
  bool end_law = false;                 // the law is complete: it may go on the table
  bool any_card() const;
};

// A set of kinds: bit k stands for Kind k.
using KindSet = std::uint32_t;
inline constexpr KindSet kind_bit(Kind kind) { return KindSet{1} << static_cast<int>(kind); }

// The kinds that may follow `prefix` by grammar alone (the hand aside).
// Assumes `prefix` is a valid prefix.
KindSet fitting_kinds(const Law& prefix);
// Whether `kind` is one of them.
inline bool fits_next(const Law& prefix, Kind kind) { return (fitting_kinds(prefix) & kind_bit(kind)) != 0; }
// Every card of `law` fits after the ones before it (the empty law is valid).
bool is_valid_prefix(const Law& law);
// A whole law: S V O, S V O W, S GIVES R O or S GIVES R O W.
bool is_complete(const Law& law);
// `prefix` is valid and the cards in `hand` can finish it (true when it is
// already complete).
bool can_complete(const Law& prefix, const KindCounts& hand);
// The kinds that may come next: they fit and the hand, less that card, can
// still finish the law; and whether end-law is legal now.
NextCards next_cards(const Law& prefix, const KindCounts& hand);
// next_cards(prefix, hand).kinds[kind], without listing the other kinds.
bool can_play_next(const Law& prefix, const KindCounts& hand, Kind kind);

// A complete law read by slot: what the game needs to apply and amend it.
struct LawParts {
  Kind subject;
  Verb verb;
  int recipient_index;  // the recipient's index in cards, or -1 (none)
  Kind object;
  int when_index;       // the WHEN card's index in cards, or -1 (none)
  bool has_recipient() const { return recipient_index >= 0; }
  bool has_when() const { return when_index >= 0; }
};
// A KibitzError when `law` is not complete.
LawParts parts_of(const Law& law);

// The WHEN card of When value `when`, and the verb card of Verb value `verb`
// (the order of the action codes that name them).
inline Kind when_card(int when) { return static_cast<Kind>(static_cast<int>(Kind::kWhenTurnStart) + when); }
inline Kind verb_card(int verb) { return static_cast<Kind>(static_cast<int>(Kind::kGains) + verb); }
// The law's card that the priest's side names: 0 the subject, 1 the
// recipient (-1: the law has none).
int priest_index(const Law& law, int side);
// Whether swapping card `index` of `law` for `kind` leaves a valid law.
bool swap_keeps_law(const Law& law, int index, Kind kind);

// The law's WHEN, if it has one.
inline std::optional<When> law_when(const Law& law) {
  if (law.size == 0) return std::nullopt;
  return when_of(law.cards[law.size - 1]);
}

// The law as the rules text reads it: "THE SCIENTIST GIVES THE BANKER 3
// MONIES WHEN A LAW IS MADE". A prefix renders as far as it goes.
std::string law_sentence(const Law& law);

}  // namespace kibitz::laws_and_disorder
