#include "env/core/stream_spec.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/json_text.h"

namespace kibitz {
namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && same_ignoring_case(text.substr(0, prefix.size()), prefix);
}

bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && same_ignoring_case(text.substr(text.size() - suffix.size()), suffix);
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) words.push_back(text.substr(i, j - i));
    i = j;
  }
  return words;
}

bool parse_int(std::string_view text, int& out) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

FieldType parse_field_type(std::string_view name, const std::string& kind) {
  if (name == "seat") return FieldType::kSeat;
  if (name == "card") return FieldType::kCard;
  if (name == "cards") return FieldType::kCards;
  if (name == "number") return FieldType::kNumber;
  throw error("observation kind '", kind, "': unknown field type '", name,
              "' (seat, card, cards or number)");
}

}  // namespace

std::string seat_text(int seat) { return "P" + std::to_string(seat); }

StreamSpec::StreamSpec(std::vector<ObservationKindDecl> kinds, std::vector<std::string> card_names)
    : card_names_(std::move(card_names)) {
  KIBITZ_CHECK(kinds.size() <= 256, "a stream spec holds at most 256 kinds");
  for (auto& decl : kinds) {
    KIBITZ_CHECK(find_kind(decl.name) < 0, "observation kind '", decl.name, "' declared twice");
    kinds_.push_back(parse_template(std::move(decl)));
  }
}

StreamSpec::Kind StreamSpec::parse_template(ObservationKindDecl decl) const {
  Kind kind;
  for (std::string_view word : split_words(decl.text)) {
    Piece piece;
    const auto open = word.find('{');
    if (open == std::string_view::npos) {
      piece.prefix = std::string(word);
      kind.words.push_back(std::move(piece));
      continue;
    }
    const auto close = word.find('}', open);
    KIBITZ_CHECK(close != std::string_view::npos && word.find('{', open + 1) == std::string_view::npos,
                 "observation kind '", decl.name, "': bad placeholder in '", word, "'");
    const std::string_view inside = word.substr(open + 1, close - open - 1);
    const auto colon = inside.find(':');
    ObservationField field;
    field.name = std::string(inside.substr(0, colon));
    field.type = colon == std::string_view::npos ? (field.name == "seat" ? FieldType::kSeat : FieldType::kNumber)
                                                 : parse_field_type(inside.substr(colon + 1), decl.name);
    KIBITZ_CHECK(field.name != "kind", "observation kind '", decl.name, "': a field may not be named 'kind'");
    for (const auto& other : kind.fields) {
      KIBITZ_CHECK(other.name != field.name, "observation kind '", decl.name, "': field '", field.name, "' twice");
    }
    piece.prefix = std::string(word.substr(0, open));
    piece.suffix = std::string(word.substr(close + 1));
    KIBITZ_CHECK(field.type != FieldType::kCards || (piece.prefix.empty() && piece.suffix.empty()),
                 "observation kind '", decl.name, "': a card list must be a word of its own");
    piece.field = static_cast<int>(kind.fields.size());
    kind.fields.push_back(std::move(field));
    kind.words.push_back(std::move(piece));
  }
  KIBITZ_CHECK(!kind.words.empty(), "observation kind '", decl.name, "': an empty text");
  for (std::size_t p = 0; p + 1 < kind.words.size(); ++p) {
    const Piece& piece = kind.words[p];
    const bool list = piece.field >= 0 && kind.fields[static_cast<std::size_t>(piece.field)].type == FieldType::kCards;
    KIBITZ_CHECK(!list || kind.words[p + 1].field < 0, "observation kind '", decl.name,
                 "': a card list must end the text or be followed by a literal word");
  }
  kind.decl = std::move(decl);
  return kind;
}

const ObservationKindDecl& StreamSpec::kind(int index) const {
  KIBITZ_CHECK(index >= 0 && index < num_kinds(), "no observation kind ", index);
  return kinds_[static_cast<std::size_t>(index)].decl;
}

const std::vector<ObservationField>& StreamSpec::fields(int index) const {
  KIBITZ_CHECK(index >= 0 && index < num_kinds(), "no observation kind ", index);
  return kinds_[static_cast<std::size_t>(index)].fields;
}

int StreamSpec::find_kind(std::string_view name) const {
  for (std::size_t i = 0; i < kinds_.size(); ++i) {
    if (kinds_[i].decl.name == name) return static_cast<int>(i);
  }
  return -1;
}

const std::string& StreamSpec::card_name(int card) const {
  if (card < 0 || card >= num_cards()) throw error("no card ", card, " (cards are 0..", num_cards() - 1, ")");
  return card_names_[static_cast<std::size_t>(card)];
}

int StreamSpec::find_card(std::string_view name) const {
  for (std::size_t i = 0; i < card_names_.size(); ++i) {
    if (same_ignoring_case(card_names_[i], name)) return static_cast<int>(i);
  }
  return -1;
}

void StreamSpec::append_text(const Observation& observation, std::string& out) const {
  const Kind& kind = kinds_.at(observation.kind);
  int at = 0;  // next value
  bool first = true;
  for (const Piece& piece : kind.words) {
    if (!first) out += ' ';
    first = false;
    out += piece.prefix;
    if (piece.field < 0) continue;
    switch (kind.fields[static_cast<std::size_t>(piece.field)].type) {
      case FieldType::kSeat:
        out += seat_text(observation.value(at++));
        break;
      case FieldType::kCard:
        out += card_name(observation.value(at++));
        break;
      case FieldType::kNumber:
        out += std::to_string(observation.value(at++));
        break;
      case FieldType::kCards: {
        const int count = observation.value(at++);
        if (count == 0) out += '-';
        for (int i = 0; i < count; ++i) {
          if (i > 0) out += ' ';
          out += card_name(observation.value(at++));
        }
        break;
      }
    }
    out += piece.suffix;
  }
}

std::string StreamSpec::to_text(const Observation& observation) const {
  std::string out;
  append_text(observation, out);
  return out;
}

bool StreamSpec::try_from_text(const Kind& kind, int index, std::span<const std::string_view> words,
                               Observation& out, std::string& why, std::size_t& progress) const {
  out = Observation(index);
  std::size_t w = 0;
  progress = 0;
  for (std::size_t p = 0; p < kind.words.size(); ++p) {
    const Piece& piece = kind.words[p];
    if (piece.field >= 0 && kind.fields[static_cast<std::size_t>(piece.field)].type == FieldType::kCards) {
      // Cards run to the next literal word of the template (or the end).
      const bool last = p + 1 == kind.words.size();
      const std::string_view stop = last ? std::string_view() : std::string_view(kind.words[p + 1].prefix);
      std::vector<int> cards;
      bool dash = false;
      while (w < words.size() && (last || !same_ignoring_case(words[w], stop))) {
        if (words[w] == "-" && cards.empty() && !dash) {
          dash = true;
          ++w;
          continue;
        }
        const int card = find_card(words[w]);
        if (card < 0) return why = "'" + std::string(words[w]) + "' is not a card", false;
        cards.push_back(card);
        ++w;
      }
      if (dash && !cards.empty()) return why = "'-' (no cards) followed by cards", false;
      if (cards.empty() && !dash) return why = "no cards where " + kind.fields[static_cast<std::size_t>(piece.field)].name + " should be ('-' for none)", false;
      if (static_cast<int>(cards.size()) + 1 + out.size > kMaxObservationValues) return why = "too many cards", false;
      out.add(static_cast<int>(cards.size()));
      for (int card : cards) out.add(card);
      continue;
    }
    if (w >= words.size()) return why = "it ends before '" + piece.prefix + (piece.field >= 0 ? "...'" : "'"), false;
    progress = w;
    const std::string_view word = words[w++];
    if (piece.field < 0) {
      if (!same_ignoring_case(word, piece.prefix)) return why = "expected '" + piece.prefix + "' but read '" + std::string(word) + "'", false;
      continue;
    }
    if (!starts_with_ignoring_case(word, piece.prefix) || !ends_with_ignoring_case(word, piece.suffix) ||
        word.size() < piece.prefix.size() + piece.suffix.size()) {
      return why = "'" + std::string(word) + "' does not fit '" + piece.prefix + "{...}" + piece.suffix + "'", false;
    }
    const std::string_view middle = word.substr(piece.prefix.size(), word.size() - piece.prefix.size() - piece.suffix.size());
    const ObservationField& field = kind.fields[static_cast<std::size_t>(piece.field)];
    int value = 0;
    switch (field.type) {
      case FieldType::kSeat:
        if (middle.size() < 2 || (middle[0] != 'P' && middle[0] != 'p') || !parse_int(middle.substr(1), value) || value < 0) {
          return why = "'" + std::string(middle) + "' is not a seat (P0, P1, ...)", false;
        }
        break;
      case FieldType::kCard:
        value = find_card(middle);
        if (value < 0) return why = "'" + std::string(middle) + "' is not a card", false;
        break;
      case FieldType::kNumber:
        if (!parse_int(middle, value) || value < -32768 || value > 32767) return why = "'" + std::string(middle) + "' is not a number", false;
        break;
      case FieldType::kCards:
        break;  // handled above
    }
    out.add(value);
  }
  if (w < words.size()) return why = "unexpected '" + std::string(words[w]) + "' at the end", false;
  return true;
}

Observation StreamSpec::from_text(std::string_view text) const {
  const std::vector<std::string_view> words = split_words(text);
  if (words.empty()) throw error("an empty observation");
  // On failure, explain with the kind that read furthest before failing.
  std::string best_reason;
  std::size_t best_progress = 0;
  Observation out;
  for (std::size_t i = 0; i < kinds_.size(); ++i) {
    std::string why;
    std::size_t progress = 0;
    if (try_from_text(kinds_[i], static_cast<int>(i), words, out, why, progress)) return out;
    if (progress > best_progress) {
      best_progress = progress;
      best_reason = "as '" + kinds_[i].decl.text + "': " + why;
    }
  }
  if (!best_reason.empty()) throw error("cannot read observation '", text, "' ", best_reason);
  std::string known;
  for (const Kind& kind : kinds_) known += "\n  " + kind.decl.text;
  throw error("cannot read observation '", text, "': it fits none of", known);
}

std::string StreamSpec::to_json(const Observation& observation) const {
  const Kind& kind = kinds_.at(observation.kind);
  std::string out = "{\"kind\":";
  append_json_string(out, kind.decl.name);
  int at = 0;
  for (const ObservationField& field : kind.fields) {
    out += ',';
    append_json_string(out, field.name);
    out += ':';
    switch (field.type) {
      case FieldType::kSeat:
      case FieldType::kNumber:
        out += std::to_string(observation.value(at++));
        break;
      case FieldType::kCard:
        append_json_string(out, card_name(observation.value(at++)));
        break;
      case FieldType::kCards: {
        const int count = observation.value(at++);
        out += '[';
        for (int i = 0; i < count; ++i) {
          if (i > 0) out += ',';
          append_json_string(out, card_name(observation.value(at++)));
        }
        out += ']';
        break;
      }
    }
  }
  return out + "}";
}

Observation StreamSpec::from_json(std::string_view text) const {
  json::Document doc;
  doc.Parse<json::kParseIterativeFlag>(text.data(), text.size());
  if (doc.HasParseError()) {
    throw error("observation JSON: ", json::GetParseError_En(doc.GetParseError()), " at offset ",
                doc.GetErrorOffset());
  }
  if (!doc.IsObject()) throw error("observation JSON: not an object");
  // Const iterators: comparing rapidjson's mutable member iterators is
  // ambiguous in C++20 (clang warns).
  const json::Value& root = doc;
  auto kind_member = root.FindMember("kind");
  if (kind_member == root.MemberEnd() || !kind_member->value.IsString()) {
    throw error("observation JSON: no \"kind\" string");
  }
  const std::string_view kind_name(kind_member->value.GetString(), kind_member->value.GetStringLength());
  const int index = find_kind(kind_name);
  if (index < 0) throw error("observation JSON: unknown kind \"", kind_name, "\"");
  const Kind& kind = kinds_[static_cast<std::size_t>(index)];
  Observation out(index);
  auto card_of = [&](const json::Value& v, const std::string& field) {
    const int card = v.IsString() ? find_card(std::string_view(v.GetString(), v.GetStringLength())) : -1;
    if (card < 0) throw error("observation JSON \"", kind_name, "\": \"", field, "\" holds no card of this game");
    return card;
  };
  for (const ObservationField& field : kind.fields) {
    auto member = root.FindMember(field.name.c_str());
    if (member == root.MemberEnd()) throw error("observation JSON \"", kind_name, "\": no \"", field.name, "\"");
    const json::Value& v = member->value;
    switch (field.type) {
      case FieldType::kSeat:
      case FieldType::kNumber:
        if (!v.IsInt() || v.GetInt() < (field.type == FieldType::kSeat ? 0 : -32768) || v.GetInt() > 32767) {
          throw error("observation JSON \"", kind_name, "\": \"", field.name, "\" must be ",
                      field.type == FieldType::kSeat ? "a seat number" : "an integer");
        }
        out.add(v.GetInt());
        break;
      case FieldType::kCard:
        out.add(card_of(v, field.name));
        break;
      case FieldType::kCards:
        if (!v.IsArray()) throw error("observation JSON \"", kind_name, "\": \"", field.name, "\" must be an array of cards");
        if (static_cast<int>(v.Size()) + 1 + out.size > kMaxObservationValues) {
          throw error("observation JSON \"", kind_name, "\": \"", field.name, "\" holds too many cards");
        }
        out.add(static_cast<int>(v.Size()));
        for (const auto& card : v.GetArray()) out.add(card_of(card, field.name));
        break;
    }
  }
  const std::size_t expected_members = kind.fields.size() + 1;
  if (root.MemberCount() != expected_members) {
    for (auto it = root.MemberBegin(); it != root.MemberEnd(); ++it) {
      const std::string_view name(it->name.GetString(), it->name.GetStringLength());
      const bool known = name == "kind" || std::any_of(kind.fields.begin(), kind.fields.end(),
                                                       [&](const ObservationField& f) { return f.name == name; });
      if (!known) throw error("observation JSON \"", kind_name, "\": unknown field \"", name, "\"");
    }
    throw error("observation JSON \"", kind_name, "\": a field given twice");
  }
  return out;
}

void StreamSpec::validate(const Observation& observation, int num_players) const {
  if (observation.kind >= kinds_.size()) throw error("observation of unknown kind ", int{observation.kind});
  const Kind& kind = kinds_[observation.kind];
  int at = 0;
  auto next = [&]() {
    if (at >= observation.size) throw error("observation '", kind.decl.name, "' has too few values");
    return observation.value(at++);
  };
  for (const ObservationField& field : kind.fields) {
    switch (field.type) {
      case FieldType::kSeat: {
        const int seat = next();
        if (seat < 0 || seat >= num_players) {
          throw error("'", kind.decl.name, "': seat P", seat, " does not exist (seats P0..P", num_players - 1, ")");
        }
        break;
      }
      case FieldType::kCard:
        card_name(next());
        break;
      case FieldType::kNumber:
        next();
        break;
      case FieldType::kCards: {
        const int count = next();
        if (count < 0) throw error("'", kind.decl.name, "': a negative card count");
        for (int i = 0; i < count; ++i) card_name(next());
        break;
      }
    }
  }
  if (at != observation.size) throw error("observation '", kind.decl.name, "' has too many values");
}

}  // namespace kibitz
