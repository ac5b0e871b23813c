// `kibitz tea odds` run as a user would: the table's flags, the method and
// interval in the output, JSON, and bad input named with exit status 2.
#include <gtest/gtest.h>

#include <string>

#include "env/games/tea_game/config.h"
#include "tests/tools/kibitz_run.h"

namespace {

using Result = kibitz::tools::testing::KibitzRun;

// Runs `kibitz tea ARGS` through the shell.
Result tea(const std::string& args) { return kibitz::tools::testing::run_kibitz("tea " + args); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(TeaOddsCli, ThreeSingleDrinksAreExactThirds) {
  const Result run = tea("odds --drinks 1,1,1 --no-joker --no-reverse-joker");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "method: exact")) << run.out;
  EXPECT_TRUE(contains(run.out, "33.33%")) << run.out;
  EXPECT_FALSE(contains(run.out, "[")) << "no interval for exact odds:\n" << run.out;
}

TEST(TeaOddsCli, ExemptionsShowInTheTableAndChangeTheOdds) {
  // Hand-worked in odds_test.cc: a joker-exempt player with only the Joker in
  // play loses with 1/53 = 1.89%, the others with 26/53 = 49.06% each.
  const Result run = tea("odds --drinks 1,1,1 --joker-exempt 0 --no-reverse-joker");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "joker")) << run.out;
  EXPECT_TRUE(contains(run.out, "1.89%")) << run.out;
  EXPECT_TRUE(contains(run.out, "49.06%")) << run.out;
  // Two drinks with a loss exemption is one card: thirds again.
  const Result exempt = tea("odds --drinks 2,1,1 --exempt 0 --no-joker --no-reverse-joker");
  ASSERT_EQ(exempt.exit_code, 0) << exempt.err;
  EXPECT_TRUE(contains(exempt.out, "loss")) << exempt.out;
  EXPECT_TRUE(contains(exempt.out, "33.33%")) << exempt.out;
}

TEST(TeaOddsCli, MixedCardCountsSayEnumeratedWithTheErrorBound) {
  // 2,1,1: ties between a two-card and a one-card player are cut deep down;
  // the output must not say exact, and must print the bound.
  const Result run = tea("odds --drinks 2,1,1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "method: enumerated (")) << run.out;
  EXPECT_TRUE(contains(run.out, "error at most ")) << run.out;
  EXPECT_FALSE(contains(run.out, "exact")) << run.out;
  const Result json = tea("odds --drinks 2,1,1 --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(contains(json.out, "\"method\":\"enumerated\"")) << json.out;
  EXPECT_TRUE(contains(json.out, "\"error_bound\":0.00")) << json.out;
  // Equal card counts are exact, with a bound of 0 in the JSON.
  const Result exact = tea("odds --drinks 1,1,1,1 --json");
  ASSERT_EQ(exact.exit_code, 0) << exact.err;
  EXPECT_TRUE(contains(exact.out, "\"method\":\"exact\"")) << exact.out;
  EXPECT_TRUE(contains(exact.out, "\"error_bound\":0}")) << exact.out;
}

TEST(TeaOddsCli, SimulationGivesIntervalsSeedAndMethod) {
  const Result run = tea("odds --drinks 1,1,1 --simulate 20000 --seed 5");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "method: simulated (20000 games, seed 5")) << run.out;
  EXPECT_TRUE(contains(run.out, "[")) << run.out;
  EXPECT_EQ(tea("odds --drinks 1,1,1 --simulate 20000 --seed 5").out, run.out);
  // Past the exact limit the tool simulates by itself.
  const Result big = tea("odds --drinks 3,3,3,3,3 --seed 1 --json");
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_TRUE(contains(big.out, "\"method\":\"simulated\"")) << big.out;
  EXPECT_TRUE(contains(big.out, "\"interval95\":[")) << big.out;
}

// A simulation shows its progress on stderr (a line every few seconds off a
// terminal, and the final count), never on stdout; --quiet hides it.
TEST(TeaOddsCli, SimulationShowsProgress) {
  const Result run = tea("odds --drinks 1,1,1 --simulate 200000 --seed 5");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.err, "kibitz tea odds")) << run.err;
  EXPECT_TRUE(contains(run.err, "200000/200000 games")) << run.err;
  EXPECT_FALSE(contains(run.out, "games in")) << run.out;
  const Result quiet = tea("odds --drinks 1,1,1 --simulate 200000 --seed 5 --quiet");
  EXPECT_EQ(quiet.out, run.out);
  EXPECT_TRUE(quiet.err.empty()) << quiet.err;
}

TEST(TeaOddsCli, JsonNamesEveryPlayer) {
  const Result run = tea("odds --drinks 1,1,1 --aces-low --no-joker --no-reverse-joker --json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "\"method\":\"exact\"")) << run.out;
  EXPECT_TRUE(contains(run.out, "\"player\":2")) << run.out;
  EXPECT_TRUE(contains(run.out, "\"make_tea\":0.333333333333")) << run.out;
}

TEST(TeaOddsCli, HelpTeachesWithAnExample) {
  const Result run = tea("odds --help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_TRUE(contains(run.out, "kibitz tea odds --drinks")) << run.out;
  EXPECT_TRUE(contains(run.out, "--joker-exempt")) << run.out;
  EXPECT_TRUE(contains(run.out, "'enumerated'")) << run.out;
  EXPECT_TRUE(contains(run.out, "error at most X")) << run.out;
  // The game's own cap (config.h), so the help cannot drift from it again.
  const std::string cap = "after " + std::to_string(kibitz::tea_game::kMaxRedraws) + " tied redraws";
  EXPECT_TRUE(contains(run.out, cap)) << run.out;
  EXPECT_EQ(tea("--help").exit_code, 0);
}

TEST(TeaOddsCli, BadInputIsNamedWithExit2) {
  const struct {
    const char* args;
    const char* says;
  } cases[] = {
      {"odds", "--drinks"},
      {"odds --drinks 1,1", "3 to 10 players"},
      {"odds --drinks 1,4,1", "player 1 orders 4 drinks"},
      {"odds --drinks 1,x,1", "--drinks"},
      {"odds --drinks 1,1,1 --exempt 3", "no player 3"},
      {"odds --drinks 1,1,1 --joker-exempt 0,0", "listed twice"},
      {"odds --drinks 1,1,1 --simulate 0", "--simulate"},
      {"odds --drinks 1,1,1 --simulate 10000000001", "from 1 to 10000000000"},
      {"odds --drinks 1,1,1 --seed -1", "--seed"},
      {"odds --drinks 1,1,1 --bogus", "bogus"},
      {"oods --drinks 1,1,1", "unknown subcommand 'oods'"},
  };
  for (const auto& c : cases) {
    const Result run = tea(c.args);
    EXPECT_EQ(run.exit_code, 2) << c.args;
    EXPECT_TRUE(contains(run.err, c.says)) << c.args << ":\n" << run.err;
    EXPECT_TRUE(run.out.empty()) << c.args << " printed " << run.out;
  }
}

}  // namespace
