#include "tools/engine/seat_entry.h"

#include <cctype>
#include <string>
#include <vector>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

// "dealt 5S JD 7S" as three "dealt" observations, when the words before the
// trailing cards with any one of them make an observation whose kind ends
// in one card; empty when the text is not of that shape.
SeatStream expand_cards(const StreamSpec& spec, std::string_view text) {
  const std::vector<std::string_view> words = typed_words(text);
  std::size_t cards = 0;
  while (cards < words.size() && spec.find_card(words[words.size() - 1 - cards]) >= 0) ++cards;
  if (cards < 2 || cards == words.size()) return {};
  std::string head;
  for (std::size_t i = 0; i + cards < words.size(); ++i) head += std::string(words[i]) + " ";
  SeatStream out;
  for (std::size_t i = words.size() - cards; i < words.size(); ++i) {
    try {
      out.push_back(spec.from_text(head + std::string(words[i])));
    } catch (const KibitzError&) {
      return {};
    }
    const auto& fields = spec.fields(out.back().kind);
    if (fields.empty() || fields.back().type != FieldType::kCard) return {};
  }
  return out;
}

}  // namespace

SeatStream read_typed_observations(const StreamSpec& spec, int num_players, std::string_view text) {
  SeatStream out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view part = text.substr(start, end - start);
    start = end + 1;
    if (typed_words(part).empty()) continue;
    try {
      out.push_back(spec.from_text(part));
    } catch (const KibitzError&) {
      const SeatStream expanded = expand_cards(spec, part);
      if (expanded.empty()) throw;
      out.insert(out.end(), expanded.begin(), expanded.end());
    }
  }
  if (out.empty()) throw error("nothing to read: type an observation, or ? for what can come next");
  for (const Observation& o : out) spec.validate(o, num_players);
  return out;
}

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> typed_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

std::string bounded_quote(std::string_view text, std::size_t max_chars) {
  if (text.size() <= max_chars) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, max_chars)) + "...' (" + std::to_string(text.size()) +
         " characters)";
}

}  // namespace kibitz::tools
