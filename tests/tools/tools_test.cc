// In-process tests of the command's helpers: seat-list splitting, number
// parsing, the embedded rules table and the human agent's prompt loop.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "tests/support/error_of.h"
#include "tools/command.h"
#include "tools/human_agent.h"
#include "tools/line_input.h"
#include "tools/options.h"
#include "tools/rules_text.h"

namespace kibitz::tools {
namespace {

TEST(SplitTopLevel, KeepsCommasInsideParentheses) {
  const auto items =
      split_top_level("random, ismcts(sims=8,eval=nn(a=1,b=2)) ,human", ',', "--seats");
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0], "random");
  EXPECT_EQ(items[1], "ismcts(sims=8,eval=nn(a=1,b=2))");
  EXPECT_EQ(items[2], "human");
}

TEST(SplitTopLevel, RejectsEmptyItemsAndUnbalancedParentheses) {
  EXPECT_THROW(split_top_level("random,,human", ',', "--seats"), KibitzError);
  EXPECT_THROW(split_top_level("", ',', "--seats"), KibitzError);
  EXPECT_THROW(split_top_level("random(a=1", ',', "--seats"), KibitzError);
  EXPECT_THROW(split_top_level("random)", ',', "--seats"), KibitzError);
  const std::string message = error_of([] { split_top_level("random,", ',', "--seats"); });
  EXPECT_NE(message.find("--seats"), std::string::npos) << message;
}

TEST(ParseUint64, AcceptsDecimalsAndNamesTheFlagOtherwise) {
  EXPECT_EQ(parse_uint64("0", "--seed"), 0u);
  EXPECT_EQ(parse_uint64("18446744073709551615", "--seed"), 18446744073709551615ull);
  for (const char* bad : {"", "-1", "1x", "abc", "18446744073709551616", " 1"}) {
    const std::string message = error_of([&] { parse_uint64(bad, "--seed"); });
    EXPECT_NE(message.find("--seed"), std::string::npos) << "'" << bad << "': " << message;
  }
}

TEST(JsonQuote, EscapesQuotesBackslashesAndControls) {
  EXPECT_EQ(json_quote("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\u0001\"");
}

TEST(CommandTable, NamesAreUniqueAndSummarised) {
  std::set<std::string> names;
  for (const Command& command : commands()) {
    EXPECT_TRUE(names.insert(command.name).second) << "duplicate command " << command.name;
    EXPECT_NE(command.run, nullptr) << command.name;
    EXPECT_GT(std::string(command.summary).size(), 0u) << command.name;
  }
}

// New games must write docs/rules/<game>.md: `kibitz rules` serves it.
TEST(EmbeddedRules, EveryRegisteredGameHasRules) {
  for (const GameInfo& info : registered_games()) {
    const auto text = find_rules(info.name);
    ASSERT_TRUE(text.has_value()) << "write docs/rules/" << info.name << ".md";
    EXPECT_GT(text->size(), 100u) << "docs/rules/" << info.name << ".md is too short to be rules";
  }
}

TEST(EmbeddedRules, MatchTheFilesOnDisk) {
  for (const RulesText& rules : embedded_rules()) {
    const auto path = std::filesystem::path(KIBITZ_SOURCE_DIR) / "docs" / "rules" /
                      (std::string(rules.game) + ".md");
    std::ifstream file(path, std::ios::binary);
    ASSERT_TRUE(file) << path;
    std::ostringstream contents;
    contents << file.rdbuf();
    EXPECT_EQ(contents.str(), rules.text) << path << " changed without re-embedding";
  }
  EXPECT_FALSE(find_rules("no_such_game").has_value());
}

// Drives a HumanAgent with scripted input at a Kuhn decision.
class HumanAgentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    state_ = load_game("kuhn_poker")->new_initial_state();
    state_->apply_action(2);  // seat 0 is dealt K
    state_->apply_action(0);  // seat 1 is dealt J
  }
  // What the person at seat 0 is shown while typing `typed`, and their choice.
  Action act(const std::string& typed, std::string* shown = nullptr) {
    std::istringstream in(typed);
    StreamLineInput lines(in);
    std::ostringstream out;
    HumanAgent human(lines, out);
    human.new_game(0);
    // What was shown is kept when act() throws too.
    struct KeepShown {
      const std::ostringstream& out;
      std::string* shown;
      ~KeepShown() {
        if (shown != nullptr) *shown = out.str();
      }
    } keep{out, shown};
    return human.act(SeatView(*state_, 0));
  }
  std::unique_ptr<State> state_;
};

TEST_F(HumanAgentTest, AsksAgainUntilALegalActionIsTyped) {
  std::string text;
  EXPECT_EQ(act("nonsense\n\n  7 \n bet \n", &text), 1);
  EXPECT_NE(text.find("'nonsense' is not a legal action"), std::string::npos) << text;
  EXPECT_NE(text.find("'7' is not a legal action"), std::string::npos) << text;
  EXPECT_NE(text.find("0=pass"), std::string::npos) << text;
  EXPECT_NE(text.find("1=bet"), std::string::npos) << text;
  EXPECT_NE(text.find("card K"), std::string::npos) << text;  // its own card
  EXPECT_EQ(text.find("card J"), std::string::npos) << text;  // never the opponent's
}

TEST_F(HumanAgentTest, AcceptsTheActionNumber) { EXPECT_EQ(act("0\n"), 0); }

TEST_F(HumanAgentTest, InputIsCaseInsensitiveAndIgnoresExtraSpaces) {
  EXPECT_EQ(act("BET\n"), 1);
  EXPECT_EQ(act("  Pass   \n"), 0);
  EXPECT_EQ(act("\tbEt\r\n"), 1);
}

TEST_F(HumanAgentTest, HelpAndQuestionMarkListTheChoicesAndCommands) {
  std::string text;
  EXPECT_EQ(act("help\n?\nHELP\nbet\n", &text), 1);
  std::size_t helps = 0;
  for (std::size_t at = text.find("quit     end the game"); at != std::string::npos;
       at = text.find("quit     end the game", at + 1)) {
    ++helps;
  }
  EXPECT_EQ(helps, 3u) << text;
  EXPECT_EQ(text.find("not a legal action"), std::string::npos) << text;
}

TEST_F(HumanAgentTest, QuitEndsTheGame) {
  EXPECT_THROW(act("quit\n"), QuitRequested);
  EXPECT_THROW(act("  Quit \n"), QuitRequested);
}

TEST_F(HumanAgentTest, EndOfInputThrowsInputClosed) {
  EXPECT_THROW(act("nonsense\n"), InputClosed);
}

}  // namespace
}  // namespace kibitz::tools
