// Scenarios written by hand: hands worked out on paper reproduce their
// returns; every mistake in a scenario is an error naming it.
#include "tools/replay/scenario.h"

#include <gtest/gtest.h>

#include "env/core/error.h"
#include "tests/replays/replay_test_util.h"
#include "tests/support/error_of.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

using replays::testing::contains;
using replays::testing::run_kibitz;

ScenarioRun run(const std::string& json) { return run_scenario(parse_scenario(json, "test.json")); }

std::string scenario_error(const std::string& json) {
  return error_of([&] { run(json); });
}

TEST(Scenario, LeducShowdownHighCardWins) {
  // Both ante 1; seat 0 raises 2, seat 1 calls: 3 each. The public Qs pairs
  // nobody; both check. Kh beats Js: seat 1 takes seat 0's 3.
  const ScenarioRun result = run(R"({"game": "leduc_poker", "actions":
      ["deal Js", "deal Kh", "raise", "call", "deal Qs", "call", "call"]})");
  ASSERT_TRUE(result.state->is_terminal());
  EXPECT_EQ(result.state->returns(), (std::vector<double>{-3.0, 3.0}));
  EXPECT_EQ(result.movers, (std::vector<Player>{-1, -1, 0, 1, -1, 0, 1}));
  EXPECT_EQ(result.texts[4], "deal Qs");
}

TEST(Scenario, LeducPairBeatsHigherCard) {
  // Round 2 raises are 4: seat 0 to 7, seat 1 to 11, seat 0 calls; Js pairs Jh.
  const ScenarioRun result = run(R"({"game": "leduc_poker", "actions":
      ["deal Js", "deal Kh", "call", "raise", "call", "deal Jh", "raise", "raise", "call"]})");
  EXPECT_EQ(result.state->returns(), (std::vector<double>{11.0, -11.0}));
}

TEST(Scenario, LeducFoldLosesTheChipsPutIn) {
  const ScenarioRun result =
      run(R"({"game": "leduc_poker", "actions": ["deal Qs", "deal Kh", "raise", "fold"]})");
  EXPECT_EQ(result.state->returns(), (std::vector<double>{1.0, -1.0}));
}

TEST(Scenario, NumbersAndTextsMix) {
  // 0 = Js, 5 = Kh, 2 = raise, 1 = call.
  const ScenarioRun result = run(R"({"game": "leduc_poker", "actions":
      [0, 5, 2, "call", "deal Qs", 1, "1"]})");
  EXPECT_EQ(result.state->returns(), (std::vector<double>{-3.0, 3.0}));
}

TEST(Scenario, KuhnThreePlayers) {
  // Cards 0..3 for three players; seat 0 bets, seat 1 folds, seat 2 calls;
  // seat 2's higher card takes the pot of 2 + 1 + 2.
  const ScenarioRun result = run(R"json({"game": "kuhn_poker(players=3)", "actions":
      ["deal 1", "deal 0", "deal 3", "bet", "pass", "bet"]})json");
  ASSERT_TRUE(result.state->is_terminal());
  EXPECT_EQ(result.state->returns(), (std::vector<double>{-2.0, -1.0, 3.0}));
}

TEST(Scenario, IllegalActionNamesIndexTextAndChoices) {
  const std::string message = scenario_error(R"({"game": "leduc_poker", "actions":
      ["deal Js", "deal Kh", "fold"]})");
  EXPECT_TRUE(contains(message, "actions[2] 'fold'")) << message;
  EXPECT_TRUE(contains(message, "seat 0")) << message;
  EXPECT_TRUE(contains(message, "legal: call (1), raise (2)")) << message;
  const std::string dealt_twice =
      scenario_error(R"({"game": "leduc_poker", "actions": ["deal Js", "deal Js"]})");
  EXPECT_TRUE(contains(dealt_twice, "actions[1] 'deal Js': not a legal action for chance"))
      << dealt_twice;
  const std::string over = scenario_error(R"({"game": "leduc_poker", "actions":
      ["deal Qs", "deal Kh", "raise", "fold", "call"]})");
  EXPECT_TRUE(contains(over, "actions[4] 'call': the game is already over after 4 moves")) << over;
  EXPECT_TRUE(
      contains(scenario_error(R"({"game": "leduc_poker", "actions": [0, 0]})"), "actions[1] '0'"));
}

TEST(Scenario, MalformedScenariosAreErrors) {
  EXPECT_TRUE(contains(scenario_error("{\"game\": \"leduc_poker\",\n \"actions\": [}"), "line 2"));
  EXPECT_TRUE(contains(scenario_error(R"(["leduc_poker"])"), "a scenario is a JSON object"));
  EXPECT_TRUE(contains(scenario_error(R"({"actions": []})"), "\"game\" is missing"));
  EXPECT_TRUE(contains(scenario_error(R"({"game": "leduc_poker"})"), "\"actions\" is missing"));
  EXPECT_TRUE(contains(scenario_error(R"({"game": "leduc_poker", "actions": [], "seeds": 1})"),
                       "unknown key \"seeds\""));
  EXPECT_TRUE(contains(scenario_error(R"({"game": "leduc_poker", "actions": [1.5]})"),
                       "\"actions\"[0] must be an action's text or its number"));
  EXPECT_TRUE(
      contains(scenario_error(R"({"game": "no_such_game", "actions": []})"), "no_such_game"));
  EXPECT_TRUE(
      contains(scenario_error(R"({"game": "leduc_poker", "actions": [], "expect_returns": [1]})"),
               "has 1 values but leduc_poker has 2 seats"));
}

TEST(Scenario, ExpectedReturnsAreChecked) {
  const Scenario right = parse_scenario(R"({"game": "leduc_poker", "expect_returns": [1, -1],
      "actions": ["deal Qs", "deal Kh", "raise", "fold"]})",
                                        "t");
  EXPECT_EQ(check_expected_returns(right, run_scenario(right)), "");
  const Scenario wrong = parse_scenario(R"({"game": "leduc_poker", "expect_returns": [3, -3],
      "actions": ["deal Qs", "deal Kh", "raise", "fold"]})",
                                        "t");
  EXPECT_TRUE(
      contains(check_expected_returns(wrong, run_scenario(wrong)), "seat 0 expected 3, got 1"));
  const Scenario unfinished = parse_scenario(
      R"({"game": "leduc_poker", "expect_returns": [1, -1], "actions": ["deal Qs"]})", "t");
  EXPECT_TRUE(contains(check_expected_returns(unfinished, run_scenario(unfinished)),
                       "not over after 1 moves (chance to move)"));
}

TEST(Scenario, JsonMustBeStrict) {
  const std::string fold = R"("actions": ["deal Qs", "deal Kh", "raise", "fold"])";
  for (const char* returns : {"[Infinity, -Infinity]", "[NaN, 1]", "[1, -Infinity]"}) {
    const std::string message = scenario_error(R"({"game": "leduc_poker", "expect_returns": )" +
                                               std::string(returns) + ", " + fold + "}");
    EXPECT_TRUE(contains(message, "test.json: not valid JSON at line 1")) << message;
    EXPECT_TRUE(contains(message, "NaN and Infinity")) << message;
  }
  EXPECT_TRUE(contains(
      scenario_error(R"({"game": "leduc_poker", "expect_returns": [1e400, 1], )" + fold + "}"),
      "beyond the range of a double"));
  const std::string twice =
      scenario_error(R"({"game": "kuhn_poker", "game": "leduc_poker", "actions": []})");
  EXPECT_TRUE(contains(twice, "the key \"game\" appears twice")) << twice;
  const std::string deep = scenario_error(std::string(200000, '['));
  EXPECT_TRUE(contains(deep, "test.json: not valid JSON at line 1")) << deep;
  EXPECT_TRUE(contains(deep, "nested deeper than 64 levels")) << deep;
}

TEST(Scenario, AHugeExpectationCannotWidenTheTolerance) {
  // The game gives [1, -1]; a tolerance scaled by the expected value would
  // have let 1e300 pass for 1.
  const Scenario huge = parse_scenario(R"({"game": "leduc_poker", "expect_returns": [1e300, -1e300],
      "actions": ["deal Qs", "deal Kh", "raise", "fold"]})",
                                       "t");
  EXPECT_TRUE(
      contains(check_expected_returns(huge, run_scenario(huge)), "seat 0 expected 1e+300, got 1"))
      << check_expected_returns(huge, run_scenario(huge));
  const Scenario close = parse_scenario(R"({"game": "leduc_poker", "expect_returns":
      [1.0000000000001, -1], "actions": ["deal Qs", "deal Kh", "raise", "fold"]})",
                                        "t");
  EXPECT_EQ(check_expected_returns(close, run_scenario(close)), "");
}

TEST(Scenario, ResultJsonDescribesTheState) {
  const Scenario scenario = parse_scenario(
      R"({"game": "leduc_poker", "seed": 4, "actions": ["deal Js", "deal Kh", "raise"]})", "t");
  const std::string json = scenario_result_json(scenario, run_scenario(scenario));
  for (const char* part : {"\"game\": \"leduc_poker\"", "\"seed\": 4",
                           "{\"move\": 2, \"player\": 0, \"action\": 2, "
                           "\"text\": \"raise\"}",
                           "\"history\": [0, 5, 2]", "\"state\": \"cards Js Kh",
                           "\"current_player\": 1", "\"terminal\": false"}) {
    EXPECT_TRUE(contains(json, part)) << part << " missing from\n" << json;
  }
  EXPECT_FALSE(contains(json, "\"returns\"")) << json;
}

TEST(ScenarioCommand, ReproducesAHandWorkedOutOnPaper) {
  const auto result =
      run_kibitz(std::string("replay run '") + KIBITZ_REPLAYS_TEST_DATA + "/leduc_pair_wins.json'");
  EXPECT_EQ(result.exit_code, kExitOk) << result.out << result.err;
  EXPECT_TRUE(contains(result.out, "\"returns\": [11, -11]")) << result.out;
  EXPECT_TRUE(contains(result.out, "\"expect_returns_met\": true")) << result.out;
}

TEST(ScenarioCommand, AWrongExpectationExitsOne) {
  const auto result = run_kibitz(std::string("replay run '") + KIBITZ_REPLAYS_TEST_DATA +
                                 "/leduc_wrong_expectation.json'");
  EXPECT_EQ(result.exit_code, kExitCheckFailed) << result.out << result.err;
  EXPECT_TRUE(contains(result.err, "seat 0 expected 3, got 1")) << result.err;
}

TEST(ScenarioCommand, AnIllegalActionExitsTwo) {
  replays::testing::TempDir dir;
  replays::testing::write_bytes(dir.file("s.json"),
                                R"({"game": "kuhn_poker", "actions": ["deal J", "deal J"]})");
  const auto result = run_kibitz("replay run '" + dir.file("s.json") + "'");
  EXPECT_EQ(result.exit_code, kExitBadInput) << result.out << result.err;
  EXPECT_TRUE(contains(result.err, "actions[1] 'deal J'")) << result.err;
  EXPECT_TRUE(contains(result.err, "deal Q (1), deal K (2)")) << result.err;
}

TEST(ScenarioCommand, DeepOrNonFiniteJsonExitsTwo) {
  replays::testing::TempDir dir;
  replays::testing::write_bytes(dir.file("d.json"), std::string(200000, '[') + "\n");
  const auto deep = run_kibitz("replay run '" + dir.file("d.json") + "'");
  EXPECT_EQ(deep.exit_code, kExitBadInput) << deep.out << deep.err;
  EXPECT_TRUE(contains(deep.err, dir.file("d.json") + ": not valid JSON at line 1, column 65: "
                                                      "arrays and objects nested deeper than 64"))
      << deep.err;
  replays::testing::write_bytes(
      dir.file("inf.json"),
      R"({"game": "kuhn_poker", "actions": ["deal J", "deal K", "pass", "pass"],
          "expect_returns": [Infinity, -Infinity]})");
  const auto infinite = run_kibitz("replay run '" + dir.file("inf.json") + "'");
  EXPECT_EQ(infinite.exit_code, kExitBadInput) << infinite.out << infinite.err;
  EXPECT_TRUE(contains(infinite.err, dir.file("inf.json") + ": not valid JSON at line 2"))
      << infinite.err;
}

TEST(ScenarioCommand, AScenarioThatIsNotARegularFileExitsTwo) {
  replays::testing::TempDir dir;
  const auto directory = run_kibitz("replay run '" + dir.path().string() + "'");
  EXPECT_EQ(directory.exit_code, kExitBadInput);
  EXPECT_TRUE(
      contains(directory.err, "cannot read scenario '" + dir.path().string() + "': is a directory"))
      << directory.err;
  const auto device = run_kibitz("replay run /dev/zero");
  EXPECT_EQ(device.exit_code, kExitBadInput);
  EXPECT_TRUE(contains(device.err, "cannot read scenario '/dev/zero': not a regular file"))
      << device.err;
  EXPECT_TRUE(
      contains(run_kibitz("replay run '" + dir.file("missing.json") + "'").err, "no such file"));
}

}  // namespace
}  // namespace kibitz::tools
