// Runs the built kibitz binary as a user or a script would, and checks its
// output and exit codes (the contract in tools/command.h and docs/CLI.md).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "env/core/registry.h"
#include "replays/replay_reader.h"
#include "tests/tools/kibitz_run.h"
#include "tools/arena/statistics.h"
#include "tools/command.h"
#include "tools/rules_text.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;

using Result = testing::KibitzRun;

// Runs `kibitz ARGS` through the shell (ARGS is shell text, so quote specs
// with parentheses) with `input` on stdin.
Result kibitz(const std::string& args, const std::string& input = "") { return testing::run_kibitz(args, input); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Expects exit code 2 and an error message on stderr that mentions `named`.
void expect_bad_input(const std::string& args, const std::string& named) {
  const Result run = kibitz(args);
  EXPECT_EQ(run.exit_code, kExitBadInput) << "kibitz " << args << "\n" << run.out << run.err;
  EXPECT_TRUE(contains(run.err, named))
      << "kibitz " << args << ": stderr should name '" << named << "':\n"
      << run.err;
}

TEST(Cli, HelpListsEveryCommand) {
  for (const char* args : {"--help", "-h", "help"}) {
    const Result run = kibitz(args);
    EXPECT_EQ(run.exit_code, kExitOk) << args;
    for (const Command& command : commands()) {
      EXPECT_TRUE(contains(run.out, command.name)) << args << " misses " << command.name;
      EXPECT_TRUE(contains(run.out, command.summary)) << args << " misses " << command.name;
    }
  }
}

TEST(Cli, EveryCommandHasItsOwnHelp) {
  for (const Command& command : commands()) {
    const std::string name = command.name;
    const Result run = kibitz(name + " --help");
    EXPECT_EQ(run.exit_code, kExitOk) << name << ":\n" << run.err;
    EXPECT_TRUE(contains(run.out, "usage: kibitz " + name)) << run.out;
    EXPECT_TRUE(contains(run.out, "--help")) << run.out;
    EXPECT_EQ(kibitz("help " + name).out, run.out) << "kibitz help " << name;
  }
  EXPECT_TRUE(contains(kibitz("play --help").out, "--seats"));
}

TEST(Cli, NoCommandPrintsUsageAndExits2) {
  const Result run = kibitz("");
  EXPECT_EQ(run.exit_code, kExitBadInput);
  EXPECT_TRUE(contains(run.err, "usage: kibitz"));
}

TEST(Cli, UnknownCommandListsTheCommands) {
  const Result run = kibitz("bogus");
  EXPECT_EQ(run.exit_code, kExitBadInput);
  EXPECT_TRUE(contains(run.err, "'bogus'")) << run.err;
  for (const Command& command : commands()) EXPECT_TRUE(contains(run.err, command.name)) << run.err;
}

TEST(Cli, FlagErrorsNameTheFlag) {
  expect_bad_input("games --bogus", "--bogus");
  expect_bad_input("play --game", "game");                                   // no value
  expect_bad_input("play --gam kuhn_poker --seats random,random", "--gam");  // no guessing
  expect_bad_input("play --seats random,random", "--game");                  // required
  expect_bad_input("play --game kuhn_poker --seats random,random --games x", "--games");
  expect_bad_input("play --game kuhn_poker --seats random,random --games 0", "--games");
  expect_bad_input("play --game kuhn_poker --seats random,random --seed -1", "--seed");
  expect_bad_input("play --game kuhn_poker --seats random,random extra", "extra");
  expect_bad_input("rules kuhn_poker leduc_poker", "leduc_poker");  // extra word
  // Every count has a documented maximum, refused by name above it.
  expect_bad_input("play --game kuhn_poker --seats random,random --games 1000000001", "--games");
  expect_bad_input("arena --game kuhn_poker --agents random,random --games 1000000000001",
                   "--games");
  expect_bad_input("exploitability --game kuhn_poker --policy uniform --max-nodes 1000000001",
                   "--max-nodes");
  expect_bad_input("seat --game kuhn_poker --seat 0 --agent random --sims 1000000001", "--sims");
  expect_bad_input("seat --game kuhn_poker --seat 0 --agent random --time-ms 3600001",
                   "--time-ms");
  expect_bad_input("tea odds --drinks 1,1,1 --simulate 10000000001", "--simulate");
  expect_bad_input("train --game kuhn_poker --algo ppo --out /nonexistent/kibitz_run "
                   "--steps 1000000000001",
                   "--steps: must be <= 1e+12");
  expect_bad_input("train --game kuhn_poker --algo ppo --out /nonexistent/kibitz_run "
                   "--iterations 1000000001",
                   "--iterations: must be <= 1e+09");
  // serve's limits: a negative count is refused by name, not wrapped round.
  expect_bad_input("serve --max-queued -1", "--max-queued");
  expect_bad_input("serve --max-message-bytes -5", "--max-message-bytes");
  expect_bad_input("serve --max-tables 0", "--max-tables");
  expect_bad_input("serve --listen nowhere", "--listen");
  expect_bad_input("serve --table 'kuhn_poker'", "--table");
  // What specs may ask for (docs/serve.md, "Security model").
  expect_bad_input("serve --max-sims 0", "--max-sims");
  expect_bad_input("serve --max-nodes -1", "--max-nodes");
  expect_bad_input("serve --models /nonexistent/kibitz_models", "--models");
  expect_bad_input("serve --listen 127.0.0.1:0 --table 'kuhn_poker: human,engine (cmd=/bin/true)'",
                   "runs a program on the server");
  expect_bad_input("serve --listen 127.0.0.1:0 --table 'kuhn_poker: human,ismcts(sims=1000000000)'",
                   "--max-sims");
}

TEST(Cli, BadGamesAgentsAndParametersAreNamed) {
  expect_bad_input("rules bogus_game", "bogus_game");
  expect_bad_input("rules bogus_game", "kuhn_poker");  // lists the registered games
  expect_bad_input("games bogus_game", "bogus_game");
  expect_bad_input("play --game bogus_game --seats random,random", "bogus_game");
  expect_bad_input("play --game 'kuhn_poker(players=9)' --seats random,random", "players");
  expect_bad_input("play --game 'kuhn_poker(colour=red)' --seats random,random", "colour");
  expect_bad_input("play --game kuhn_poker --seats random,bogus_agent", "bogus_agent");
  expect_bad_input("play --game kuhn_poker --seats 'random,random(foo=1)'", "foo");
  expect_bad_input("play --game kuhn_poker --seats 'human(x=1),random'", "human");
  expect_bad_input("play --game kuhn_poker --seats random,,random", "--seats");
  // The seat count error names both numbers.
  const Result run = kibitz("play --game kuhn_poker --seats random,random,random");
  EXPECT_EQ(run.exit_code, kExitBadInput);
  EXPECT_TRUE(contains(run.err, "3 seats")) << run.err;
  EXPECT_TRUE(contains(run.err, "2 players")) << run.err;
}

TEST(Games, ListsEveryGameWithItsParameters) {
  const Result run = kibitz("games");
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  for (const GameInfo& info : registered_games()) {
    EXPECT_TRUE(contains(run.out, info.name + ": " + info.title)) << run.out;
    for (const ParamSpec& param : info.params) {
      EXPECT_TRUE(contains(run.out, param.name)) << info.name << " " << param.name;
      EXPECT_TRUE(contains(run.out, param.describe_range())) << info.name << " " << param.name;
      EXPECT_TRUE(contains(run.out, param.help)) << info.name << " " << param.name;
    }
  }
  EXPECT_TRUE(contains(run.out, "kuhn_poker: Kuhn poker, 2-3 players")) << run.out;
  EXPECT_TRUE(contains(run.out, "int in [2, 3], default 2")) << run.out;
}

TEST(Games, JsonDescribesParameters) {
  const Result run = kibitz("games kuhn_poker --json");
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  EXPECT_TRUE(contains(run.out, "\"name\": \"kuhn_poker\"")) << run.out;
  EXPECT_TRUE(contains(run.out, "\"min_players\": 2, \"max_players\": 3")) << run.out;
  EXPECT_TRUE(contains(run.out,
                       "{\"name\": \"players\", \"type\": \"int\", \"default\": 2, "
                       "\"min\": 2, \"max\": 3"))
      << run.out;
}

TEST(Agents, ListsEveryAgentWithItsParameters) {
  // The test process's registry lacks the LibTorch agents the executable
  // adds at start-up, so those are checked by name below.
  const Result run = kibitz("agents");
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  for (const AgentInfo& info : registered_agents()) {
    EXPECT_TRUE(contains(run.out, info.name + ": " + info.summary)) << run.out;
    for (const ParamSpec& param : info.params) {
      EXPECT_TRUE(contains(run.out, param.describe_range())) << info.name << " " << param.name;
      EXPECT_TRUE(contains(run.out, param.help)) << info.name << " " << param.name;
    }
  }
  EXPECT_TRUE(contains(run.out, "\nismcts_nn: ")) << run.out;
  EXPECT_TRUE(contains(run.out, "\nnn: ")) << run.out;
  EXPECT_TRUE(contains(run.out, "int in [1, 1e+09], default 1000")) << run.out;  // ismcts sims
}

TEST(Agents, NamedAgentsAndJson) {
  const Result one = kibitz("agents ismcts_nn");
  ASSERT_EQ(one.exit_code, kExitOk) << one.err;
  EXPECT_TRUE(one.out.starts_with("ismcts_nn: ")) << one.out;
  EXPECT_TRUE(contains(one.out, "belief_power")) << one.out;
  EXPECT_FALSE(contains(one.out, "\nrandom: ")) << one.out;
  const Result json = kibitz("agents random ismcts --json");
  ASSERT_EQ(json.exit_code, kExitOk) << json.err;
  EXPECT_TRUE(json.out.starts_with("[\n  {\"name\": \"random\", \"summary\": ")) << json.out;
  EXPECT_TRUE(contains(json.out, "\"params\": []}")) << json.out;  // random has none
  EXPECT_TRUE(contains(json.out,
                       "{\"name\": \"sims\", \"type\": \"int\", \"default\": 1000, "
                       "\"min\": 1, \"max\": 1e+09"))
      << json.out;
  expect_bad_input("agents bogus_agent", "registered agents: ");
}

TEST(Rules, PrintsTheEmbeddedText) {
  for (const GameInfo& info : registered_games()) {
    const Result run = kibitz("rules " + info.name);
    ASSERT_EQ(run.exit_code, kExitOk) << info.name << ": " << run.err;
    const auto text = find_rules(info.name);
    ASSERT_TRUE(text.has_value()) << info.name;
    EXPECT_TRUE(run.out.starts_with(*text)) << info.name;
  }
  EXPECT_EQ(kibitz("rules 'kuhn_poker(players=3)'").out, kibitz("rules kuhn_poker").out);
}

// The text after "game over:" in a play transcript, up to the end of line.
std::string final_state(const std::string& out) {
  const auto at = out.find("game over: ");
  if (at == std::string::npos) return "";
  const auto begin = at + std::string("game over: ").size();
  return out.substr(begin, out.find('\n', begin) - begin);
}

// The cards in a Kuhn to_string(): "cards K J betting pb" -> {"K", "J"}.
std::vector<std::string> kuhn_cards(const std::string& state) {
  std::istringstream words(state);
  std::string word;
  std::vector<std::string> cards;
  words >> word;  // "cards"
  while (words >> word && word != "betting") cards.push_back(word);
  return cards;
}

TEST(Play, HumanIsAskedAgainOnBadInputAndFinishes) {
  const Result run =
      kibitz("play --game kuhn_poker --seats human,random --seed 1", "nonsense\nbet\n");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  EXPECT_TRUE(contains(run.out, "'nonsense' is not a legal action")) << run.out;
  EXPECT_TRUE(contains(run.out, "you played bet")) << run.out;
  EXPECT_TRUE(contains(run.out, "returns: seat 0 (you) ")) << run.out;
  EXPECT_TRUE(contains(run.out, ", seat 1 (random) ")) << run.out;
}

// Before "game over" a person sees their own card and never another seat's;
// the deal is the one --reveal shows for the same seed.
TEST(Play, HumanNeverSeesHiddenCardsBeforeTheEnd) {
  struct Case {
    std::string game;
    std::string seats;
    int human;
    std::size_t players;
  };
  const std::vector<Case> cases = {{"kuhn_poker", "human,random", 0, 2},
                                   {"kuhn_poker", "random,human", 1, 2},
                                   {"'kuhn_poker(players=3)'", "random,human,random", 1, 3}};
  for (const Case& c : cases) {
    for (int seed = 1; seed <= 6; ++seed) {
      const std::string args =
          "play --game " + c.game + " --seats " + c.seats + " --seed " + std::to_string(seed);
      const std::string input = "bet\nbet\nbet\nbet\n";
      const Result run = kibitz(args, input);
      const Result revealed = kibitz(args + " --reveal", input);
      ASSERT_EQ(run.exit_code, kExitOk) << args << "\n" << run.out << run.err;
      ASSERT_EQ(revealed.exit_code, kExitOk) << args << "\n" << revealed.err;
      const std::string end = final_state(run.out);
      ASSERT_EQ(end, final_state(revealed.out)) << args;
      const std::vector<std::string> cards = kuhn_cards(end);
      ASSERT_EQ(cards.size(), c.players) << end;

      const std::string before_end = run.out.substr(0, run.out.find("game over: "));
      EXPECT_TRUE(contains(before_end, "card " + cards[c.human] + " ")) << args << "\n" << run.out;
      EXPECT_FALSE(contains(before_end, "cards")) << args << "\n" << run.out;
      EXPECT_FALSE(contains(before_end, "deal")) << args << "\n" << run.out;
      for (std::size_t seat = 0; seat < cards.size(); ++seat) {
        if (static_cast<int>(seat) == c.human) continue;
        EXPECT_FALSE(contains(before_end, "card " + cards[seat] + " ")) << args << "\n" << run.out;
      }
      // --reveal shows everything as it happens.
      EXPECT_TRUE(contains(revealed.out.substr(0, revealed.out.find("game over: ")), "cards"));
    }
  }
}

TEST(Play, EndOfInputAbandonsTheGameWithExit2) {
  const Result run = kibitz("play --game kuhn_poker --seats human,random --seed 1", "");
  EXPECT_EQ(run.exit_code, kExitBadInput);
  EXPECT_TRUE(contains(run.err, "input closed")) << run.err;
  EXPECT_FALSE(contains(run.out, "game over")) << run.out;
}

TEST(Play, AgentsOnlyReportsMeanReturnsWithConfidenceIntervals) {
  const std::string args = "play --game kuhn_poker --seats random,random --games 500 --seed 3";
  const Result run = kibitz(args);
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  EXPECT_TRUE(contains(run.out, "500 games")) << run.out;
  EXPECT_TRUE(contains(run.out, "95% CI")) << run.out;
  EXPECT_FALSE(contains(run.out, "game over")) << "no transcript for many games:\n" << run.out;
  EXPECT_EQ(kibitz(args).out, run.out) << "the same seed must give the same games";
  EXPECT_NE(kibitz("play --game kuhn_poker --seats random,random --games 500 --seed 4").out,
            run.out);

  // Zero-sum: the two means cancel.
  std::istringstream lines(run.out);
  std::string line;
  std::vector<double> means;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    int seat = -1;
    std::string label;
    double mean = 0;
    if (words >> seat >> label >> mean && label == "random") means.push_back(mean);
  }
  ASSERT_EQ(means.size(), 2u) << run.out;
  EXPECT_NEAR(means[0] + means[1], 0.0, 1e-3) << run.out;
}

// An agent spec with several parameters reaches make_agent whole: the comma
// inside its parentheses does not split seats.
TEST(Play, SeatLabelsKeepAgentSpecsWhole) {
  for (const AgentInfo& info : registered_agents()) {
    // Two numeric parameters at their defaults (always a valid spec).
    std::vector<std::string> args;
    for (const ParamSpec& param : info.params) {
      if (param.type == ParamType::kInt || param.type == ParamType::kDouble) {
        args.push_back(param.name + "=" + param_value_to_string(param.default_value));
      }
    }
    if (args.size() < 2) continue;
    const std::string spec = info.name + "(" + args[0] + "," + args[1] + ")";
    const Result run =
        kibitz("play --game kuhn_poker --seats 'random," + spec + "' --games 2 --seed 1");
    EXPECT_EQ(run.exit_code, kExitOk) << spec << "\n" << run.err;
    EXPECT_TRUE(contains(run.out, "seat 1: " + spec)) << run.out;
    return;
  }
  GTEST_SKIP() << "no registered agent takes two numeric parameters";
}

TEST(Play, SingleAgentGameShowsTheOutcome) {
  const Result run = kibitz("play --game kuhn_poker --seats random,random --seed 5");
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  EXPECT_TRUE(contains(run.out, "seed 5")) << run.out;
  EXPECT_TRUE(contains(run.out, "game over: cards ")) << run.out;
  EXPECT_TRUE(contains(run.out, "returns: seat 0 (random) ")) << run.out;
}

// The summary of an agents-only run is the shared RunningMean estimate of
// the returns the games produced (read back from the run's replay file).
TEST(Play, SummaryIsTheMeanEstimateOfTheRecordedReturns) {
  const fs::path path =
      fs::temp_directory_path() / ("kibitz_cli_test_play_" + std::to_string(::getpid()) + ".kbr");
  const Result run = kibitz(
      "play --game leduc_poker --seats random,random --games 300 --seed 9 "
      "--record '" +
      path.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  EXPECT_TRUE(contains(run.out, "recorded 300 games to " + path.string())) << run.out;
  const std::vector<replays::ReplayRecord> records = replays::read_replay_file(path.string());
  fs::remove(path);
  ASSERT_EQ(records.size(), 300u);
  for (int seat = 0; seat < 2; ++seat) {
    RunningMean mean;
    for (const replays::ReplayRecord& record : records) {
      mean.add(record.returns[static_cast<std::size_t>(seat)]);
    }
    const MeanEstimate estimate = mean.estimate();
    char row[128];
    std::snprintf(row, sizeof row, "   %d  random  %+11.4f  [%+.4f, %+.4f]\n", seat, estimate.mean,
                  estimate.low, estimate.high);
    EXPECT_TRUE(contains(run.out, row)) << "expected: " << row << "in:\n" << run.out;
  }
}

// ----------------------------------------------------------- docs/CLI.md

std::string cli_doc() { return testing::read_whole_file(fs::path(KIBITZ_SOURCE_DIR) / "docs" / "CLI.md"); }

// The lines from `heading` up to the next heading of the same or a higher
// level ("## x" ends at the next "## " or "# "); empty when it is missing.
std::string doc_section(const std::string& doc, const std::string& heading) {
  const std::size_t level = heading.find(' ');
  std::istringstream lines(doc);
  std::string line;
  std::string section;
  bool inside = false;
  while (std::getline(lines, line)) {
    const std::size_t hashes = line.find_first_not_of('#');
    const bool is_heading = hashes != 0 && hashes != std::string::npos && line[hashes] == ' ';
    if (inside && is_heading && hashes <= level) break;
    if (line == heading) inside = true;
    if (inside) section += line + "\n";
  }
  return section;
}

// The flags a --help text lists ("  --seed N (=0)  ..."), positional ones
// (documented by their place, not their name) left out.
std::vector<std::string> help_flags(const std::string& help) {
  std::vector<std::string> flags;
  std::istringstream lines(help);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.starts_with("  --") || contains(line, "(positional")) continue;
    flags.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return flags;
}

// The exit-code table lists exactly the codes of tools/command.h.
TEST(CliDoc, ExitCodeTableMatchesCommandH) {
  const std::string section = doc_section(cli_doc(), "## Exit status");
  ASSERT_FALSE(section.empty());
  std::set<int> documented;
  std::istringstream lines(section);
  std::string line;
  while (std::getline(lines, line)) {
    // A row's first cell holds one code or several ("143, 129").
    if (line.rfind("| ", 0) != 0) continue;
    std::istringstream cell(line.substr(2, line.find(" |", 2) - 2));
    int code = -1;
    while (cell >> code) {
      documented.insert(code);
      if (cell.peek() == ',') cell.ignore();
    }
  }
  EXPECT_EQ(documented, (std::set<int>{kExitOk, kExitCheckFailed, kExitBadInput, kExitInternal,
                                       kExitRankFailed, kExitInterrupted, kExitTerminated,
                                       kExitHungUp}));
}

// Every command, and every replay subcommand, has its section, which names
// every flag its --help lists: help and manual cannot drift apart.
TEST(CliDoc, EveryCommandAndFlagIsDocumented) {
  const std::string doc = cli_doc();
  for (const Command& command : commands()) {
    const std::string name = command.name;
    const std::string section = doc_section(doc, "## `kibitz " + name + "`");
    ASSERT_FALSE(section.empty()) << "docs/CLI.md has no section ## `kibitz " << name << "`";
    if (name == "replay") continue;  // its flags belong to the subcommands
    for (const std::string& flag : help_flags(kibitz(name + " --help").out)) {
      if (flag == "--help") continue;
      EXPECT_TRUE(contains(section, "`" + flag)) << "kibitz " << name << " " << flag;
    }
  }
  std::istringstream lines(kibitz("replay --help").out);
  std::string line;
  int subcommands = 0;
  bool listing = false;
  while (std::getline(lines, line)) {
    if (line == "subcommands:") listing = true;
    if (!listing || !line.starts_with("  ")) continue;
    const std::string sub = line.substr(2, line.find(' ', 2) - 2);
    ++subcommands;
    const std::string section = doc_section(doc, "### `kibitz replay " + sub + "`");
    ASSERT_FALSE(section.empty()) << "docs/CLI.md has no section ### `kibitz replay " << sub << "`";
    EXPECT_TRUE(contains(section, "Exit status")) << sub;
    for (const std::string& flag : help_flags(kibitz("replay " + sub + " --help").out)) {
      if (flag == "--help") continue;
      EXPECT_TRUE(contains(section, "`" + flag)) << "kibitz replay " << sub << " " << flag;
    }
  }
  EXPECT_EQ(subcommands, 5);
}

}  // namespace
}  // namespace kibitz::tools
