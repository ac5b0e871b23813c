#include "tools/engine/typed_shorthand.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "env/core/error.h"
#include "tools/engine/seat_entry.h"

namespace kibitz::tools {
namespace {

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  for (const std::string_view word : typed_words(text)) words.emplace_back(word);
  return words;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// One word of a kind's template: literal text, or a placeholder (with any
// literal text around it, such as "P{seat}").
struct TemplateWord {
  std::string text;
  bool field = false;
  bool card_list = false;  // {name:cards}: one or more typed words
  bool one_card = false;   // exactly {name:card}
};

std::vector<TemplateWord> template_words(const StreamSpec& spec, int kind) {
  std::vector<TemplateWord> out;
  for (const std::string& word : words_of(spec.kind(kind).text)) {
    TemplateWord w{word};
    w.field = word.find('{') != std::string::npos;
    w.card_list = w.field && word.find(":cards}") != std::string::npos;
    w.one_card = w.field && word.front() == '{' && word.back() == '}' && word.find(":card}") != std::string::npos;
    out.push_back(std::move(w));
  }
  return out;
}

bool is_card_word(const StreamSpec& spec, const std::string& word) {
  return spec.find_card(word) >= 0;
}

// The typed cards in the game's card order.
std::vector<std::string> in_card_order(const StreamSpec& spec, std::vector<std::string> cards) {
  std::stable_sort(cards.begin(), cards.end(), [&](const std::string& a, const std::string& b) {
    return spec.find_card(a) < spec.find_card(b);
  });
  return cards;
}

// One whole text an entry may stand for: how many words it left out, and
// how many typed values differ from what every candidate shows there.
struct Reading {
  std::string text;
  int omitted = 0;
  int contradicted = 0;
};

// Matches typed words against one template, collecting every whole text it
// may stand for. `agreed[i]` is the value of field word i that every
// candidate of this kind shows (may be left out), when there is one.
class TemplateMatcher {
 public:
  TemplateMatcher(const StreamSpec& spec, const std::vector<TemplateWord>& words,
                  const std::vector<std::optional<std::string>>& agreed, bool may_omit,
                  const std::vector<std::string>& typed)
      : spec_(spec), words_(words), agreed_(agreed), may_omit_(may_omit), typed_(typed) {}

  // Every reading, in the order tried.
  std::vector<Reading> run() {
    step(0, 0, 0);
    return std::move(found_);
  }

 private:
  static constexpr std::size_t kMaxFound = 64;

  void step(std::size_t w, std::size_t t, int omitted) {
    if (found_.size() >= kMaxFound) return;
    if (w == words_.size()) {
      if (t == typed_.size()) found_.push_back(Reading{joined(built_), omitted, contradicted_});
      return;
    }
    const TemplateWord& word = words_[w];
    if (!word.field) {
      if (t < typed_.size() && !typed_[t].empty() && lowercase(word.text).rfind(lowercase(typed_[t]), 0) == 0) {
        take({word.text}, w, t + 1, omitted, false);
      }
      if (may_omit_) take({word.text}, w, t, omitted + 1, false);
    } else if (word.card_list || (word.one_card && w + 1 == words_.size())) {
      // A card list, or a last card that may be several ("dealt 5S JD 7S").
      std::vector<std::string> cards;
      for (std::size_t k = t; k < typed_.size() && is_card_word(spec_, typed_[k]); ++k) {
        cards.push_back(typed_[k]);
        take(cards, w, k + 1, omitted, true);
        if (cards.size() > 1 && word.card_list) {
          const std::vector<std::string> sorted = in_card_order(spec_, cards);
          if (sorted != cards) take(sorted, w, k + 1, omitted, true);
        }
      }
      if (word.card_list && t < typed_.size() && typed_[t] == "-") take({"-"}, w, t + 1, omitted, true);
    } else if (t < typed_.size()) {
      take({typed_[t]}, w, t + 1, omitted, true);
    }
    if (word.field && may_omit_ && agreed_[w]) take({*agreed_[w]}, w, t, omitted + 1, false);
  }

  // Appends `text` for word w and goes on; a typed value where every
  // candidate shows another counts against the reading (a reveal's first
  // card taken for its mission card).
  void take(const std::vector<std::string>& text, std::size_t w, std::size_t t, int omitted, bool typed_value) {
    const int before = contradicted_;
    if (typed_value && agreed_[w] && lowercase(joined(text)) != lowercase(*agreed_[w])) ++contradicted_;
    built_.insert(built_.end(), text.begin(), text.end());
    step(w + 1, t, omitted);
    built_.resize(built_.size() - text.size());
    contradicted_ = before;
  }

  const StreamSpec& spec_;
  const std::vector<TemplateWord>& words_;
  const std::vector<std::optional<std::string>>& agreed_;
  const bool may_omit_;
  const std::vector<std::string>& typed_;
  std::vector<std::string> built_;
  int contradicted_ = 0;
  std::vector<Reading> found_;
};

// The words of `text` matched to the template's words with every literal in
// full (an observation's own text): word i's value, or nothing.
std::optional<std::vector<std::string>> field_values(const StreamSpec& spec, const std::vector<TemplateWord>& words,
                                                     const std::string& text) {
  const std::vector<std::string> typed = words_of(text);
  std::vector<std::string> values(words.size());
  // Literals are fixed, so a greedy walk fits: a list runs to the next
  // literal (or the end).
  std::size_t t = 0;
  for (std::size_t w = 0; w < words.size(); ++w) {
    if (!words[w].field) {
      if (t >= typed.size() || lowercase(typed[t]) != lowercase(words[w].text)) return std::nullopt;
      ++t;
      continue;
    }
    if (t >= typed.size()) return std::nullopt;
    std::size_t end = t + 1;
    if (words[w].card_list) {
      while (end < typed.size() && is_card_word(spec, typed[end])) ++end;
    }
    std::vector<std::string> part(typed.begin() + static_cast<std::ptrdiff_t>(t),
                                  typed.begin() + static_cast<std::ptrdiff_t>(end));
    values[w] = joined(part);
    t = end;
  }
  if (t != typed.size()) return std::nullopt;
  return values;
}

// For each kind that can come next: per template word, the value every
// candidate of the kind shows there, when they all show the same.
std::vector<std::vector<std::optional<std::string>>> agreed_values(
    const StreamSpec& spec, const NextObservations& next, const std::vector<std::vector<TemplateWord>>& words,
    std::vector<bool>& comes_next) {
  std::vector<std::vector<std::optional<std::string>>> agreed(words.size());
  std::vector<std::vector<std::set<std::string>>> seen(words.size());
  for (std::size_t k = 0; k < words.size(); ++k) seen[k].resize(words[k].size());
  for (const NextCandidate& candidate : next.candidates) {
    for (const Observation& o : candidate.observations) {
      const auto k = static_cast<std::size_t>(o.kind);
      comes_next[k] = true;
      const auto values = field_values(spec, words[k], spec.to_text(o));
      if (!values) continue;
      for (std::size_t w = 0; w < values->size(); ++w) {
        if (words[k][w].field) seen[k][w].insert((*values)[w]);
      }
    }
  }
  for (std::size_t k = 0; k < words.size(); ++k) {
    agreed[k].resize(words[k].size());
    for (std::size_t w = 0; w < words[k].size(); ++w) {
      if (seen[k][w].size() == 1) agreed[k][w] = *seen[k][w].begin();
    }
  }
  return agreed;
}

// The observations' words, with each card list's words sorted: two texts
// that differ only in card order stand for the same thing typed.
std::string same_entry_key(const std::string& text) {
  std::vector<std::string> words = words_of(lowercase(text));
  std::sort(words.begin(), words.end());
  return joined(words);
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

constexpr std::size_t kMaxShorthandWords = 64;

bool reads(const StreamSpec& spec, int num_players, const std::string& text) {
  try {
    read_typed_observations(spec, num_players, text);
    return true;
  } catch (const KibitzError&) {
    return false;
  }
}

}  // namespace

Shorthand expand_shorthand(const StreamSpec& spec, int num_players, const NextObservations& next,
                           std::string_view typed) {
  Shorthand out;
  const std::vector<std::string> words = words_of(typed);
  // The longest observation is a few dozen words (a reveal's set); matching
  // costs grow with the words, so a longer entry is read as typed only.
  if (words.empty() || words.size() > kMaxShorthandWords) return out;
  if (words.size() == 1 && std::all_of(words[0].begin(), words[0].end(), ::isdigit) && words[0].size() <= 3) {
    const std::size_t n = std::stoul(words[0]);
    if (n >= 1 && n <= next.candidates.size()) out.picked = &next.candidates[n - 1];
    return out;
  }
  std::vector<std::vector<TemplateWord>> templates;
  for (int k = 0; k < spec.num_kinds(); ++k) templates.push_back(template_words(spec, k));
  std::vector<bool> comes_next(templates.size(), false);
  const auto agreed = agreed_values(spec, next, templates, comes_next);

  // Every reading that reads as observations. The best rank counts: what
  // was typed in full or cut short (nothing left out) before anything with
  // words left out, and among those the readings that contradict fewest of
  // the values every candidate shows. How many words a reading left out
  // says nothing of what was meant: a longer template leaves out more.
  std::vector<Reading> readings;
  for (std::size_t k = 0; k < templates.size(); ++k) {
    TemplateMatcher matcher(spec, templates[k], agreed[k], comes_next[k], words);
    for (Reading& r : matcher.run()) {
      if (reads(spec, num_players, r.text)) readings.push_back(std::move(r));
    }
  }
  if (readings.empty()) return out;
  const auto rank = [](const Reading& r) { return std::pair(r.omitted > 0 ? 1 : 0, r.contradicted); };
  auto best = rank(readings.front());
  for (const Reading& r : readings) best = std::min(best, rank(r));
  std::vector<std::string> keys;
  for (const Reading& r : readings) {
    if (rank(r) != best) continue;
    if (std::find(out.texts.begin(), out.texts.end(), r.text) != out.texts.end()) continue;
    out.texts.push_back(r.text);
    const std::string key = same_entry_key(r.text);
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  if (keys.size() > 1) {
    out.ambiguous.assign(out.texts.begin(), out.texts.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(3, out.texts.size())));
    out.texts.clear();
  }
  return out;
}

std::string suggest_correction(const StreamSpec& spec, int num_players, const NextObservations& next,
                               std::string_view typed) {
  std::set<std::string> literals;
  for (int k = 0; k < spec.num_kinds(); ++k) {
    for (const TemplateWord& w : template_words(spec, k)) {
      if (!w.field) literals.insert(w.text);
    }
  }
  // Per word, what it may have meant: itself, or (for a word that is no
  // template's) the template words at most two letters off, nearest first.
  // Values (cards, seats, numbers) are kept: only words are corrected.
  const std::vector<std::string> words = words_of(typed);
  if (words.size() > kMaxShorthandWords) return {};
  std::vector<std::vector<std::pair<std::size_t, std::string>>> options;
  for (const std::string& word : words) {
    std::vector<std::pair<std::size_t, std::string>> meant;
    const bool letters =
        std::all_of(word.begin(), word.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
    if (letters && !is_card_word(spec, word) && literals.count(lowercase(word)) == 0 && literals.count(word) == 0) {
      for (const std::string& literal : literals) {
        const std::size_t d = edit_distance(word, literal);
        if (d <= 2 && d < literal.size()) meant.emplace_back(d, literal);
      }
      std::sort(meant.begin(), meant.end());
      if (meant.size() > 4) meant.resize(4);
    }
    if (meant.empty()) meant.emplace_back(0, word);
    options.push_back(std::move(meant));
  }
  // The reading combination that is nearest in all, among the first few.
  std::string best;
  std::size_t best_distance = static_cast<std::size_t>(-1);
  std::vector<std::size_t> pick(words.size(), 0);
  for (int tries = 0; tries < 256; ++tries) {
    std::vector<std::string> fixed;
    std::size_t distance = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
      fixed.push_back(options[i][pick[i]].second);
      distance += options[i][pick[i]].first;
    }
    if (distance > 0 && distance < best_distance && reads(spec, num_players, joined(fixed))) {
      best = joined(fixed);
      best_distance = distance;
    }
    std::size_t i = 0;  // the next combination, as an odometer
    while (i < pick.size() && ++pick[i] == options[i].size()) pick[i++] = 0;
    if (i == pick.size()) break;
  }
  if (!best.empty()) return best;
  std::string nearest;
  std::size_t nearest_distance = std::max<std::size_t>(2, typed.size() / 4) + 1;
  for (const NextCandidate& c : next.candidates) {
    const std::size_t d = edit_distance(typed, c.text);
    if (d < nearest_distance) nearest = c.text, nearest_distance = d;
  }
  return nearest;
}

}  // namespace kibitz::tools
