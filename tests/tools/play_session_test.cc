// kibitz play as a person lives it, through the built binary on pipes:
// Ctrl-C and `quit` keep the finished games, hot seat hides one person's
// view from the next, a long game shows only what is new at each turn, and a
// game with a person gets a fresh seed that replays it.
#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>

#include "replays/replay_reader.h"
#include "tests/replays/replay_test_util.h"
#include "tests/tools/kibitz_child.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

using replays::testing::contains;
using replays::testing::TempDir;
using testing::KibitzChild;

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

// Runs `kibitz play ARGS` with all of `input` typed up front.
struct Session {
  int exit_code;
  std::string out;
  std::string err;
};
Session play(std::vector<std::string> args, const std::string& input) {
  args.insert(args.begin(), "play");
  KibitzChild child(args);
  child.type(input);
  const int exit_code = child.wait();
  return {exit_code, child.out(), child.err()};
}

TEST(PlayInterrupt, CtrlCAtThePromptKeepsTheFinishedGames) {
  TempDir dir;
  const std::string file = dir.file("games.kbr");
  KibitzChild child({"play", "--game", "kuhn_poker", "--seats", "human,random", "--games", "3",
                     "--seed", "1", "--record", file});
  ASSERT_TRUE(child.read_until("action> ")) << child.out();
  child.type("bet\n");  // seat 0 bets; seat 1 calls or folds: game 1 ends
  ASSERT_TRUE(child.read_until("=== game 2 ===")) << child.out();
  ASSERT_TRUE(child.read_until("action> ")) << child.out();
  child.send(SIGINT);  // the person presses Ctrl-C while the command waits for a line
  ASSERT_TRUE(child.read_until("recorded 1 game to " + file)) << child.out();
  EXPECT_EQ(child.wait(), kExitInterrupted) << child.out() << child.err();
  EXPECT_TRUE(contains(child.err(), "interrupted during game 2 of 3")) << child.err();
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});  // no temporary left
  const std::vector<replays::ReplayRecord> records = replays::read_replay_file(file);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].seat_labels, (std::vector<std::string>{"human", "random"}));
}

TEST(PlayInterrupt, CtrlCWhileAgentsPlayKeepsTheFinishedGames) {
  TempDir dir;
  const std::string file = dir.file("games.kbr");
  // --reveal narrates every game, so the test sees when game 3 has begun.
  KibitzChild child({"play", "--game", "kuhn_poker", "--seats", "random,random", "--games",
                     "100000000", "--reveal", "--record", file});
  ASSERT_TRUE(child.read_until("=== game 3 ===")) << child.out();
  child.send(SIGINT);
  EXPECT_EQ(child.wait(), kExitInterrupted) << child.err();
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
  const std::vector<replays::ReplayRecord> records = replays::read_replay_file(file);
  EXPECT_GE(records.size(), 2u);
  EXPECT_TRUE(contains(child.out(), "recorded " + std::to_string(records.size()) + " games to"))
      << child.out().substr(child.out().size() - std::min<std::size_t>(child.out().size(), 500));
}

TEST(PlayQuit, EndsTheGameAndKeepsTheFinishedOnes) {
  TempDir dir;
  const std::string file = dir.file("games.kbr");
  const Session run = play({"--game", "kuhn_poker", "--seats", "human,random", "--games", "3",
                            "--seed", "1", "--record", file},
                           "bet\nQuit\n");
  EXPECT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  EXPECT_TRUE(contains(run.out, "quit during game 2 of 3")) << run.out;
  EXPECT_TRUE(contains(run.out, "recorded 1 game to")) << run.out;
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
  EXPECT_EQ(replays::read_replay_file(file).size(), 1u);
}

TEST(PlayPrompt, TakesHelpAndActionsInAnyCaseAndSpacing) {
  const Session run =
      play({"--game", "kuhn_poker", "--seats", "human,random", "--seed", "1"}, "?\nhelp\n  BeT \n");
  EXPECT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  EXPECT_EQ(count(run.out, "help, ?  this list"), 2u) << run.out;
  EXPECT_TRUE(contains(run.out, "you played bet")) << run.out;
  EXPECT_FALSE(contains(run.out, "not a legal action")) << run.out;
}

// Two people at one terminal: before seat 1 is shown anything, seat 0's view
// is cleared away and seat 1 must press Enter; and the other way round.
TEST(PlayHotSeat, HandsOverBetweenPeople) {
  // Seed 1 deals seat 0 a K and seat 1 a J; each game seat 0 bets, seat 1 calls.
  const Session run =
      play({"--game", "kuhn_poker", "--seats", "human,human", "--seed", "1", "--games", "2"},
           "bet\n\nbet\n\nbet\n\nbet\n");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  // 0 -> 1 in game 1; 1 -> 0 and 0 -> 1 in game 2.
  EXPECT_EQ(count(run.out, "pass to seat 1 (human), then press Enter"), 2u) << run.out;
  EXPECT_EQ(count(run.out, "pass to seat 0 (human), then press Enter"), 1u) << run.out;
  const std::size_t hand_over = run.out.find("pass to seat 1");
  const std::size_t game_over = run.out.find("game over");
  const std::string seat0_turn = run.out.substr(0, hand_over);
  const std::string seat1_turn = run.out.substr(hand_over, game_over - hand_over);
  EXPECT_TRUE(contains(seat0_turn, "seat 0 card")) << run.out;
  EXPECT_FALSE(contains(seat0_turn, "seat 1 card")) << run.out;
  EXPECT_TRUE(contains(seat1_turn, "seat 1 card")) << run.out;
  EXPECT_FALSE(contains(seat1_turn, "seat 0 card")) << run.out;
}

// A person's games are dealt from a fresh seed, printed so they can be
// replayed; agents-only runs keep seed 0, so their results reproduce.
TEST(PlaySeed, APersonGetsAFreshPrintedSeedThatReplaysTheGame) {
  const std::vector<std::string> args = {"--game", "leduc_poker", "--seats", "human,random"};
  const auto seed_of = [](const std::string& out) {
    const std::string marker = "(replay with --seed ";
    const std::size_t at = out.find(marker);
    if (at == std::string::npos) return std::string();
    const std::size_t begin = at + marker.size();
    return out.substr(begin, out.find(')', begin) - begin);
  };
  const std::string moves = "call\ncall\ncall\ncall\ncall\ncall\n";
  const Session first = play(args, moves);
  const Session second = play(args, moves);
  const std::string seed = seed_of(first.out);
  ASSERT_FALSE(seed.empty()) << first.out;
  ASSERT_FALSE(seed_of(second.out).empty()) << second.out;
  // Two draws of 32 random bits agree once in four billion runs.
  EXPECT_NE(seed, seed_of(second.out));
  EXPECT_TRUE(contains(first.out, "seed " + seed + " (replay with --seed " + seed + ")"));

  std::vector<std::string> replay = args;
  replay.insert(replay.end(), {"--seed", seed});
  const Session again = play(replay, moves);
  const auto ending = [](const std::string& out) { return out.substr(out.find("game over")); };
  ASSERT_TRUE(contains(first.out, "game over")) << first.out;
  ASSERT_TRUE(contains(again.out, "game over")) << again.out;
  EXPECT_EQ(ending(again.out), ending(first.out));
  EXPECT_FALSE(contains(again.out, "replay with")) << "a given seed is not news";

  const Session agents = play({"--game", "leduc_poker", "--seats", "random,random"}, "");
  EXPECT_TRUE(contains(agents.out, "leduc_poker, seed 0, 1 game")) << agents.out;
}

// Plays one human seat that always takes the first legal action; returns
// the transcript.
std::string first_legal_action_session(const std::string& game, const std::string& seats) {
  KibitzChild child({"play", "--game", game, "--seats", seats, "--seed", "1"});
  while (child.read_until("action> ")) {
    const std::size_t legal = child.out().rfind("  legal:  ");
    const std::size_t begin = legal + std::string("  legal:  ").size();
    child.type(child.out().substr(begin, child.out().find('=', begin) - begin) + "\n");
  }
  EXPECT_EQ(child.wait(), kExitOk) << child.err();
  return child.out();
}

// A 4-round Loyalist Spies game once printed the seat's whole history at
// every turn and between turns (over 4,000 lines); now each turn shows what
// is new, and the history's first line appears once.
TEST(PlayLongGame, EachTurnShowsOnlyWhatIsNew) {
  const std::string out =
      first_legal_action_session("loyalist_spies(rounds=4)", "human,random,random,random");
  const std::string before_end = out.substr(0, out.find("game over"));
  const std::size_t turns = count(before_end, "seat 0 (you) to act");
  ASSERT_GT(turns, 20u) << out;
  EXPECT_EQ(count(before_end, "you are P0 of 4"), 1u) << out;
  // At every turn but the first, and once more as the game ends.
  EXPECT_EQ(count(before_end, "since your last turn:"), turns) << out;
  EXPECT_EQ(count(before_end, "  you see:"), turns) << out;  // the standing summary
  EXPECT_LT(count(out, "\n"), 20 * turns) << out;
}

// The end is its own screen: the seat's last news, then the final state
// (every line of it, indented under "game over:"), then the returns.
TEST(PlayLongGame, TheEndShowsTheFinalStateAndReturns) {
  const std::string out =
      first_legal_action_session("loyalist_spies(rounds=1)", "human,random,random,random");
  const std::size_t end = out.find("\ngame over:\n  round 1 ");
  ASSERT_NE(end, std::string::npos) << out;
  EXPECT_NE(out.find("\nreturns: seat 0 (you) ", end), std::string::npos) << out;
  EXPECT_NE(out.rfind("since your last turn:", end), std::string::npos) << out;
}

}  // namespace
}  // namespace kibitz::tools
