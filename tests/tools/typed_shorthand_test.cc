// The short entries of `kibitz seat` (tools/engine/typed_shorthand.h), read
// against the game's stream templates and a hand-made list of what can come
// next; and the words Tab completes (tools/edit_line_input.h).
#include "tools/engine/typed_shorthand.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/core/registry.h"
#include "tools/edit_line_input.h"

namespace kibitz::tools {
namespace {

// What can come next: one candidate per text.
NextObservations next_of(const StreamSpec& spec, const std::vector<std::string>& texts) {
  NextObservations next;
  for (const std::string& text : texts) {
    NextCandidate c;
    c.observations = {spec.from_text(text)};
    c.text = spec.to_text(c.observations.front());
    c.worlds = 1;
    next.candidates.push_back(c);
  }
  next.worlds_drawn = 1;
  return next;
}

TEST(TypedShorthand, ANumberPicksFromTheList) {
  const auto game = load_game("kuhn_poker");
  const StreamSpec& spec = game->stream_spec();
  const NextObservations next = next_of(spec, {"P0 bets", "P0 passes"});
  EXPECT_EQ(expand_shorthand(spec, 2, next, "2").picked, &next.candidates[1]);
  EXPECT_EQ(expand_shorthand(spec, 2, next, "0").picked, nullptr);
  EXPECT_EQ(expand_shorthand(spec, 2, next, "3").picked, nullptr);
}

TEST(TypedShorthand, WordsMayBeCutShortForAnyKind) {
  const auto game = load_game("kuhn_poker");
  const StreamSpec& spec = game->stream_spec();
  const NextObservations nothing;
  EXPECT_EQ(expand_shorthand(spec, 2, nothing, "P1 b").texts, std::vector<std::string>{"P1 bets"});
  EXPECT_EQ(expand_shorthand(spec, 2, nothing, "P1 pa").texts, std::vector<std::string>{"P1 passes"});
  EXPECT_TRUE(expand_shorthand(spec, 2, nothing, "P1 x").texts.empty());
  EXPECT_TRUE(expand_shorthand(spec, 2, nothing, "P7 b").texts.empty()) << "a seat out of range";
}

TEST(TypedShorthand, WordsAreLeftOutOnlyForWhatCanComeNext) {
  const auto game = load_game("loyalist_spies");
  const StreamSpec& spec = game->stream_spec();
  const NextObservations deal = next_of(spec, {"dealt 2H", "dealt 5C"});
  EXPECT_EQ(expand_shorthand(spec, 4, deal, "9D").texts, std::vector<std::string>{"dealt 9D"});
  EXPECT_EQ(expand_shorthand(spec, 4, deal, "9d 5s jd").texts, std::vector<std::string>{"dealt 9d 5s jd"});
  EXPECT_TRUE(expand_shorthand(spec, 4, NextObservations{}, "9D").texts.empty());
  // Two kinds that can come next both fit: refused as ambiguous.
  const NextObservations both = next_of(spec, {"dealt 2H", "your ace is AC"});
  const Shorthand ambiguous = expand_shorthand(spec, 4, both, "AS");
  EXPECT_TRUE(ambiguous.texts.empty());
  EXPECT_EQ(ambiguous.ambiguous.size(), 2u);
}

TEST(TypedShorthand, ARevealIsItsCardsAndTotalInAnyOrder) {
  const auto game = load_game("loyalist_spies");
  const StreamSpec& spec = game->stream_spec();
  // Whatever the worlds drawn put in the set, the mission card is agreed.
  const NextObservations reveal = next_of(spec, {"mission 8D revealed 2C 3C 4C 5C 6C total 20",
                                                 "mission 8D revealed 2D 3D 4D 5D 6D total 20"});
  const Shorthand s = expand_shorthand(spec, 4, reveal, "QS 3H 8H 7C 4D 34");
  ASSERT_EQ(s.texts.size(), 2u) << (s.texts.empty() ? "" : s.texts.front());
  EXPECT_EQ(s.texts[0], "mission 8D revealed QS 3H 8H 7C 4D total 34");
  // Then the game's card order, which the reveal is written in.
  const Observation sorted = spec.from_text(s.texts[1]);
  EXPECT_EQ(spec.to_text(sorted), s.texts[1]);
  EXPECT_NE(s.texts[1], s.texts[0]);
  EXPECT_EQ(s.texts[1].rfind("mission 8D revealed ", 0), 0u);
}

TEST(TypedShorthand, ATypoGetsOneSuggestion) {
  const auto game = load_game("loyalist_spies");
  const StreamSpec& spec = game->stream_spec();
  EXPECT_EQ(suggest_correction(spec, 4, NextObservations{}, "delt 9D"), "dealt 9D");
  EXPECT_EQ(suggest_correction(spec, 4, NextObservations{}, "P1 plsy"), "P1 plays");
  EXPECT_EQ(suggest_correction(spec, 4, NextObservations{}, "zzzzzz qqqq"), "");
}

TEST(EditLineInput, TabCompletesTheWordUnderTheCursor) {
  const std::vector<std::string> lines = {"dealt Qh", "dealt Qs", "dealt Kh", "undo"};
  EXPECT_EQ(EditLineInput::word_completions(lines, "dealt q", 6), (std::vector<std::string>{"Qh", "Qs"}));
  EXPECT_EQ(EditLineInput::word_completions(lines, "DEALT K", 6), (std::vector<std::string>{"Kh"}));
  EXPECT_EQ(EditLineInput::word_completions(lines, "u", 0), (std::vector<std::string>{"undo"}));
  EXPECT_TRUE(EditLineInput::word_completions(lines, "x", 0).empty());
}

}  // namespace
}  // namespace kibitz::tools
