// StreamSpec: a game's declaration of its observation kinds, made once in the
// game's own folder, from which every consumer gets the readable text and
// the JSON form of an observation and reads both back.
//
// A kind is declared by a name and a text template, e.g.
//
//   {"play",    "P{seat} plays {card:card}", "a seat plays a card you see"}
//   {"reveal",  "mission {mission:card} revealed {set:cards} total {total:number}", ...}
//
// Placeholders are {name:type} with type seat (written P0, P1, ...), card (a
// name from the game's card list), cards (card names separated by spaces,
// "-" for none) or number (an integer); {seat} is short for {seat:seat}. A
// placeholder may share its word with literal text ("P{seat}", "({n:number})"),
// except a card list, which is a word of its own. The values of an
// Observation follow the placeholders in template order; a card list is
// stored as its length and then its cards.
//
// Text reads back ignoring case and repeated spaces. The JSON form is one
// object: {"kind": name, field: value, ...} with seats and numbers as JSON
// integers, cards as names and card lists as arrays of names.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/observation.h"

namespace kibitz {

enum class FieldType : std::uint8_t { kSeat, kCard, kCards, kNumber };

struct ObservationField {
  std::string name;
  FieldType type;
};

// What a game writes to declare one kind.
struct ObservationKindDecl {
  std::string name;      // the JSON "kind", e.g. "play"
  std::string text;      // the template, e.g. "P{seat} plays {card:card}"
  std::string help;      // one line for listings ("what can come next")
};

class StreamSpec {
 public:
  // Parses every template; a malformed declaration is a KibitzError naming
  // the kind (a programming error, caught by any test that builds the game).
  // `card_names[i]` is card i's canonical name.
  StreamSpec(std::vector<ObservationKindDecl> kinds, std::vector<std::string> card_names);

  int num_kinds() const { return static_cast<int>(kinds_.size()); }
  const ObservationKindDecl& kind(int index) const;
  const std::vector<ObservationField>& fields(int index) const;
  // The index of the kind named `name`, or -1.
  int find_kind(std::string_view name) const;
  int num_cards() const { return static_cast<int>(card_names_.size()); }
  const std::string& card_name(int card) const;
  // The card a name denotes (any case), or -1.
  int find_card(std::string_view name) const;

  // The readable text, e.g. "P1 plays 5S".
  std::string to_text(const Observation& observation) const;
  void append_text(const Observation& observation, std::string& out) const;
  // The inverse of to_text; a KibitzError names what does not fit (an unknown
  // word, a card the game does not have, a missing number).
  Observation from_text(std::string_view text) const;

  // The JSON object, on one line.
  std::string to_json(const Observation& observation) const;
  // The inverse of to_json for one JSON object's text; the KibitzError names
  // the field that is missing or wrong.
  Observation from_json(std::string_view json) const;

  // Checks that an observation's values fit its kind (seats in range given
  // `num_players`, cards known, list lengths consistent); a KibitzError says
  // what does not. Parsers call it; states may call it in tests.
  void validate(const Observation& observation, int num_players) const;

 private:
  struct Piece {
    // A word of the template: literal text, or a placeholder between a
    // literal prefix and suffix.
    std::string prefix;
    int field = -1;  // -1 for a literal word
    std::string suffix;
  };
  struct Kind {
    ObservationKindDecl decl;
    std::vector<ObservationField> fields;
    std::vector<Piece> words;
  };

  Kind parse_template(ObservationKindDecl decl) const;
  bool try_from_text(const Kind& kind, int index, std::span<const std::string_view> words,
                     Observation& out, std::string& why, std::size_t& progress) const;

  std::vector<Kind> kinds_;
  std::vector<std::string> card_names_;
};

// "P3" for seat 3.
std::string seat_text(int seat);

}  // namespace kibitz
