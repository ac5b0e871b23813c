// require_legal_game and every command that reads records (view, export,
// report, verify, run): a record whose checksum is correct but whose actions
// are not a legal game is a clear error naming the file, the record and the
// move, never a crash. (Kuhn names a chance action by indexing its card
// table, so `view` used to read past it and die with SIGSEGV.)
#include "replays/legal_game.h"

#include <gtest/gtest.h>

#include "replays/replay_writer.h"
#include "tests/replays/replay_test_util.h"
#include "tests/support/error_of.h"
#include "tools/command.h"

namespace kibitz::replays {
namespace {

using testing::contains;
using testing::run_kibitz;
using testing::scripted_record;
using testing::TempDir;

// Seat 0 gets J, then a "deal" of card 7, which 2-player Kuhn (cards 0-2)
// does not have.
ReplayRecord kuhn_with_card_seven() {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.actions[1] = 7;
  return record;
}

constexpr const char* kCardSeven =
    "move 1: action 7 is not legal for chance; legal: 1 (deal Q), 2 (deal K)";

std::string legal_error(const ReplayRecord& record) {
  return error_of([&] { require_legal_game(record, "games.kbr", 3); });
}

TEST(LegalGame, ALegalGamePassesFinishedOrNot) {
  EXPECT_EQ(legal_error(scripted_record("leduc_poker", testing::kLeducShowdown)), "");
  ReplayRecord unfinished = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  unfinished.actions.pop_back();
  EXPECT_EQ(legal_error(unfinished), "");
}

TEST(LegalGame, AnIllegalActionIsNamedWithItsRecordAndMove) {
  const std::string message = legal_error(kuhn_with_card_seven());
  EXPECT_TRUE(contains(message, std::string("games.kbr: record 3: ") + kCardSeven)) << message;
  ReplayRecord negative = kuhn_with_card_seven();
  negative.actions[1] = -1;
  EXPECT_TRUE(contains(legal_error(negative), "move 1: action -1 is not legal for chance"));
  ReplayRecord seat_move = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  seat_move.actions[2] = 2;  // seat 0 may pass (0) or bet (1)
  EXPECT_TRUE(contains(legal_error(seat_move), "move 2: action 2 is not legal for seat 0"))
      << legal_error(seat_move);
}

TEST(LegalGame, MovesAfterTheEndAreRefused) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.actions.push_back(0);
  EXPECT_TRUE(
      contains(legal_error(record), "record 3: move 4: the game was already over after 4 moves"))
      << legal_error(record);
}

TEST(LegalGame, TheGameAndItsSeatsMustMatch) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.game = "no_such_game";
  EXPECT_TRUE(contains(legal_error(record), "record 3: record: the game does not load"))
      << legal_error(record);
  record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.seat_labels.pop_back();
  EXPECT_TRUE(contains(legal_error(record),
                       "1 seat labels and 2 agent specs, but kuhn_poker(players=2) has 2 seats"))
      << legal_error(record);
}

// A file of a sound Kuhn game (record 0) then the damaged one (record 1),
// both with correct checksums.
std::string write_games(const TempDir& dir) {
  const std::string file = dir.file("games.kbr");
  ReplayWriter writer(file);
  writer.write(scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"}));
  writer.write(kuhn_with_card_seven());
  writer.close();
  return file;
}

TEST(LegalGameCommands, EveryReaderRefusesAnIllegalRecordWithExitTwo) {
  TempDir dir;
  const std::string file = write_games(dir);
  const std::string expected = std::string("record 1: ") + kCardSeven;
  const std::string out = dir.file("out");
  for (const std::string& args :
       {"replay view '" + file + "' --game 1 --reveal --print",
        "replay view '" + file + "' --game 1 --as-seat 0 --print",
        "replay view '" + file + "' --game 1 --reveal", "replay export '" + file + "' --json",
        "replay export '" + file + "' --json --out '" + out + "'",
        "replay report '" + file + "' --html '" + out + "'",
        "replay report '" + file + "' --html '" + out + "' --game 1"}) {
    const testing::CommandResult result = run_kibitz(args, "n\nq\n");
    EXPECT_EQ(result.exit_code, tools::kExitBadInput) << args << "\n" << result.out << result.err;
    EXPECT_TRUE(contains(result.err, file + ": " + expected)) << args << "\n" << result.err;
    EXPECT_FALSE(testing::fs::exists(out)) << args;  // nothing written
  }
  // The sound record still shows; verify lists the problem as a failed check.
  EXPECT_EQ(run_kibitz("replay view '" + file + "' --game 0 --reveal --print").exit_code,
            tools::kExitOk);
  const testing::CommandResult verify = run_kibitz("replay verify '" + file + "'");
  EXPECT_EQ(verify.exit_code, tools::kExitCheckFailed) << verify.out << verify.err;
  EXPECT_TRUE(contains(verify.out, std::string("record 1, ") + kCardSeven)) << verify.out;
}

TEST(LegalGameCommands, ScenariosResolveEveryActionAgainstTheLegalOnes) {
  TempDir dir;
  testing::write_bytes(dir.file("s.json"), R"({"game": "kuhn_poker", "actions": [0, 7]})");
  const testing::CommandResult result = run_kibitz("replay run '" + dir.file("s.json") + "'");
  EXPECT_EQ(result.exit_code, tools::kExitBadInput) << result.out << result.err;
  EXPECT_TRUE(contains(result.err, "actions[1] '7': not a legal action for chance")) << result.err;
}

TEST(LegalGameCommands, AReplayThatIsNotARegularFileIsBadInput) {
  TempDir dir;
  const std::string out = dir.file("out");
  for (const std::string& path : {dir.path().string(), std::string("/dev/zero")}) {
    const std::string why = path == "/dev/zero" ? "not a regular file" : "is a directory";
    for (const std::string& args :
         {"replay verify '" + path + "'", "replay export '" + path + "' --json",
          "replay view '" + path + "' --reveal --print",
          "replay report '" + path + "' --html '" + out + "'"}) {
      const testing::CommandResult result = run_kibitz(args);
      EXPECT_EQ(result.exit_code, tools::kExitBadInput) << args << "\n" << result.out;
      EXPECT_TRUE(contains(result.err, "cannot read replay '" + path + "': " + why)) << args << "\n"
                                                                                     << result.err;
    }
  }
}

}  // namespace
}  // namespace kibitz::replays
