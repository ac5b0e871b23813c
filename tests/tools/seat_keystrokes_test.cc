// How much a person at a physical table types to keep `kibitz seat` up with a
// whole game (issue 34's target: at most half of what the console took
// before its shorthands). A typist plays through a game that agents played
// in full, seat by seat, and enters the AI seat's stream into a SeatConsole
// as a person would: at each prompt the shortest entry that the console's
// shorthands (tools/engine/typed_shorthand.h) read as the next observation,
// falling back to the whole text when one is refused. Before the shorthands
// a person typed each observation that was not filled in by its whole text,
// one a line: that is the baseline, counted over the same entries.
//
// Each game must end with the seat's whole stream entered, every entry
// accepted or refused only where a shorthand fell back, and the keys at
// most half the baseline's.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/stream_spec.h"
#include "tools/engine/seat_console.h"
#include "tools/engine/typed_shorthand.h"
#include "tools/line_input.h"

namespace kibitz::tools {
namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string joined(const std::vector<std::string>& words, std::size_t from = 0) {
  std::string out;
  for (std::size_t i = from; i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

// Types the seat's true stream into the console, shortest entry first.
class Typist final : public LineInput {
 public:
  Typist(const Game& game, SeatStream truth) : game_(game), spec_(game.stream_spec()), truth_(std::move(truth)) {}
  void watch(const SeatConsole& console) { console_ = &console; }

  std::optional<std::string> read_line() override {
    const SeatStream entered = console_->entered();
    const std::size_t at = entered.size();
    if (at >= truth_.size()) return quit();
    // The same place as the last entry: that one was refused; type it whole.
    const bool whole = at == last_at_;
    if (whole) ++fallbacks_;
    last_at_ = at;
    std::string entry;
    std::size_t covers = 1;
    if (!whole) entry = shortest(at, covers);
    if (entry.empty()) entry = spec_.to_text(truth_[at]);
    keys_ += entry.size() + 1;  // and Enter
    ++typed_kinds_[spec_.kind(truth_[at].kind).name];
    for (std::size_t i = at; i < at + covers && i < truth_.size(); ++i) {
      baseline_ += spec_.to_text(truth_[i]).size() + 1;
    }
    ++lines_;
    return entry;
  }

  std::size_t keys() const { return keys_; }
  std::size_t baseline() const { return baseline_; }
  int lines() const { return lines_; }
  int fallbacks() const { return fallbacks_; }
  bool finished() const { return finished_; }
  // The kinds of observation typed, most typed first, as "kind count, ...".
  std::string most_typed() const {
    std::vector<std::pair<int, std::string>> counts;
    for (const auto& [kind, n] : typed_kinds_) counts.emplace_back(-n, kind);
    std::sort(counts.begin(), counts.end());
    std::string out;
    for (std::size_t i = 0; i < counts.size() && i < 6; ++i) {
      out += (i == 0 ? "" : ", ") + counts[i].second + " " + std::to_string(-counts[i].first);
    }
    return out;
  }

 private:
  std::optional<std::string> quit() {
    if (finished_) return std::nullopt;
    finished_ = true;
    return "quit";
  }

  // Whether `entry` reads, by the shorthands alone, as exactly `want`.
  bool reads_as(const std::string& entry, const SeatStream& want) const {
    const Shorthand s = expand_shorthand(spec_, game_.num_players(), console_->next(), entry);
    if (s.picked != nullptr) return s.picked->observations == want;
    return !s.texts.empty() && spec_.from_text(s.texts.front()) == want.front() && want.size() == 1;
  }

  // The shortest entry for the observations from `at`, and how many it
  // covers; empty when no shorthand fits.
  std::string shortest(std::size_t at, std::size_t& covers) const {
    std::vector<std::pair<std::string, std::size_t>> tries;
    const NextObservations& next = console_->next();
    for (std::size_t k = 0; k < next.candidates.size(); ++k) {
      const NextCandidate& c = next.candidates[k];
      if (at + c.observations.size() > truth_.size()) continue;
      if (!std::equal(c.observations.begin(), c.observations.end(), truth_.begin() + static_cast<std::ptrdiff_t>(at))) {
        continue;
      }
      if (!c.own_action.empty()) tries.emplace_back(c.own_action, c.observations.size());
      tries.emplace_back(std::to_string(k + 1), c.observations.size());
    }
    // One observation: its values alone, then without its first value (one
    // the candidates agree on), then its words cut to their first letter.
    const Observation& o = truth_[at];
    const std::vector<std::string> text = words_of(spec_.to_text(o));
    const std::vector<std::string> tmpl = words_of(spec_.kind(o.kind).text);
    // The values are the words that are no literal word of the template.
    std::vector<std::string> values, initials;
    for (const std::string& w : text) {
      bool literal = false;
      for (const std::string& t : tmpl) literal = literal || (t.find('{') == std::string::npos && t == w);
      if (literal) {
        initials.push_back(w.substr(0, 1));
      } else {
        values.push_back(w);
        initials.push_back(w);
      }
    }
    for (const auto& candidate : {joined(values), joined(values, 1), joined(initials)}) {
      if (!candidate.empty() && reads_as(candidate, SeatStream{o})) tries.emplace_back(candidate, 1);
    }
    std::string best;
    for (const auto& [entry, n] : tries) {
      // Per observation covered: a number that enters a whole move wins.
      if (best.empty() || entry.size() * covers < best.size() * n) best = entry, covers = n;
    }
    return best;
  }

  const Game& game_;
  const StreamSpec& spec_;
  SeatStream truth_;
  const SeatConsole* console_ = nullptr;
  std::size_t last_at_ = static_cast<std::size_t>(-1);
  std::size_t keys_ = 0, baseline_ = 0;
  int lines_ = 0, fallbacks_ = 0;
  bool finished_ = false;
  std::map<std::string, int> typed_kinds_;
};

struct Typed {
  std::size_t keys = 0, baseline = 0;
  int lines = 0, fallbacks = 0;
  std::string most_typed;
};

// One game of `spec` played by heuristics, typed for `seat`.
Typed type_a_game(const std::string& spec, Player seat, std::uint64_t seed) {
  const auto game = load_game(spec);
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<Agent*> seats;
  for (int s = 0; s < game->num_players(); ++s) {
    agents.push_back(make_agent("heuristic", game, seed + static_cast<std::uint64_t>(s)));
    seats.push_back(agents.back().get());
  }
  Rng chance(seed);
  const std::unique_ptr<State> final_state = play_game(*game, seats, chance);
  Typist typist(*game, final_state->seat_stream(seat));
  const std::unique_ptr<Agent> adviser = make_agent("random", game, seed);
  SeatConsoleOptions options;
  std::ostringstream out;
  SeatConsole console(game, seat, *adviser, seed, options, typist, out);
  typist.watch(console);
  EXPECT_EQ(console.run(), 0) << out.str().substr(out.str().size() > 3000 ? out.str().size() - 3000 : 0);
  EXPECT_TRUE(typist.finished()) << "the whole stream was entered";
  EXPECT_NE(out.str().find("The game is over"), std::string::npos);
  return Typed{typist.keys(), typist.baseline(), typist.lines(), typist.fallbacks(), typist.most_typed()};
}

void expect_half(const std::string& spec, Player seat, std::uint64_t seed) {
  const Typed typed = type_a_game(spec, seat, seed);
  std::cout << "[ keys     ] " << spec << " seat " << seat << ": " << typed.keys << " keys in " << typed.lines
            << " lines, against " << typed.baseline << " typed whole (" << typed.fallbacks
            << " shorthands fell back)\n[ keys     ] lines by kind: " << typed.most_typed << "\n";
  EXPECT_GT(typed.baseline, 0u);
  EXPECT_LE(typed.keys * 2, typed.baseline) << spec;
}

TEST(SeatKeystrokes, LoyalistSpiesInAtMostHalfTheKeys) { expect_half("loyalist_spies", 1, 5); }
TEST(SeatKeystrokes, AdultingBiddingInAtMostHalfTheKeys) { expect_half("adulting(variant=bidding)", 2, 6); }
TEST(SeatKeystrokes, TeaGameInAtMostHalfTheKeys) { expect_half("tea_game", 0, 7); }

}  // namespace
}  // namespace kibitz::tools
