// The viewer shows a seat nothing it could not see: the opponent's private
// card never appears in --as-seat output, while --reveal shows it (so the
// check can fail). Also the command end to end: play --record, verify,
// export, view.
#include <gtest/gtest.h>

#include <sstream>

#include "env/core/error.h"
#include "replays/replay_reader.h"
#include "replays/replay_writer.h"
#include "tests/replays/replay_test_util.h"
#include "tools/command.h"
#include "tools/replay/replay_view.h"

namespace kibitz::tools {
namespace {

using replays::ReplayRecord;
using replays::testing::contains;
using replays::testing::run_kibitz;
using replays::testing::scripted_record;
using replays::testing::TempDir;

std::string printed(const ReplayRecord& record, std::optional<Player> seat) {
  ViewOptions options;
  options.as_seat = seat;
  options.reveal = !seat.has_value();
  std::ostringstream out;
  print_replay(render_replay(record, 0, options), out);
  return out.str();
}

TEST(ReplayView, LeducSeatSeesOnlyItsOwnCard) {
  // Seat 0 holds Js, seat 1 Kh; showdown after the public Qs.
  const ReplayRecord record = scripted_record("leduc_poker", replays::testing::kLeducShowdown);
  const std::string seat0 = printed(record, 0);
  EXPECT_TRUE(contains(seat0, "Js")) << seat0;
  EXPECT_TRUE(contains(seat0, "Qs")) << seat0;  // the public card, once turned
  EXPECT_FALSE(contains(seat0, "Kh")) << seat0;
  EXPECT_FALSE(contains(seat0, "deal")) << seat0;  // no chance action text at all
  EXPECT_TRUE(contains(seat0, "game over: your return -3")) << seat0;
  EXPECT_FALSE(contains(seat0, "+3")) << seat0;  // nor the other seat's return

  const std::string seat1 = printed(record, 1);
  EXPECT_TRUE(contains(seat1, "Kh")) << seat1;
  EXPECT_FALSE(contains(seat1, "Js")) << seat1;

  const std::string revealed = printed(record, std::nullopt);
  EXPECT_TRUE(contains(revealed, "Kh")) << revealed;
  EXPECT_TRUE(contains(revealed, "Js")) << revealed;
  EXPECT_TRUE(contains(revealed, "chance deal Kh")) << revealed;
}

TEST(ReplayView, SeatSeesItsOwnMovesAndDecisionsButOnlyWhoElseMoved) {
  const ReplayRecord record = scripted_record("leduc_poker", replays::testing::kLeducShowdown);
  const std::string seat0 = printed(record, 0);
  EXPECT_TRUE(contains(seat0, "you played raise")) << seat0;
  EXPECT_TRUE(contains(seat0, "your decision: policy call 0.5, raise 0.5")) << seat0;
  EXPECT_TRUE(contains(seat0, "seat 1 (bob) acted")) << seat0;
  // Seat 1's two annotations are its own business: only seat 0's two show.
  ASSERT_EQ(record.annotations.size(), 4u);
  std::size_t decisions = 0;
  for (std::size_t at = seat0.find("decision"); at != std::string::npos;
       at = seat0.find("decision", at + 1)) {
    ++decisions;
  }
  EXPECT_EQ(decisions, 2u) << seat0;
  // The deal to seat 1 changes nothing seat 0 sees: no step of its own. The
  // start, its own card, 4 moves... fewer steps than the 7 moves revealed.
  EXPECT_TRUE(contains(printed(record, std::nullopt), "[step 7/7]"));
  EXPECT_FALSE(contains(seat0, "[step 7/")) << seat0;
}

TEST(ReplayView, KuhnSeatNeverSeesTheOtherCard) {
  // Seat 0 holds J, seat 1 K; seat 0 passes, seat 1 bets, seat 0 calls.
  const ReplayRecord record =
      scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "bet", "bet"});
  const std::string seat0 = printed(record, 0);
  EXPECT_TRUE(contains(seat0, "card J")) << seat0;
  EXPECT_FALSE(contains(seat0, "K")) << seat0;
  const std::string seat1 = printed(record, 1);
  EXPECT_TRUE(contains(seat1, "card K")) << seat1;
  EXPECT_FALSE(contains(seat1, "card J")) << seat1;
  EXPECT_FALSE(contains(seat1, "deal J")) << seat1;
  EXPECT_TRUE(contains(printed(record, std::nullopt), "cards J K"));
}

TEST(ReplayView, SeatOutOfRangeIsAnError) {
  const ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  ViewOptions options;
  options.as_seat = 2;
  EXPECT_THROW(render_replay(record, 0, options), KibitzError);
}

TEST(ReplayView, BrowsingMovesBackAndForth) {
  const ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  ViewOptions options;
  options.reveal = true;
  const ReplayScreens screens = render_replay(record, 0, options);
  std::istringstream in("n\n\nb\nj 4\nn\nj 9\nwhat\nq\nn\n");
  std::ostringstream out;
  browse_replay(screens, in, out, /*echo=*/false);
  const std::string text = out.str();
  EXPECT_TRUE(contains(text, "[step 0/4] start")) << text;
  EXPECT_TRUE(contains(text, "[step 2/4] move 1: chance deal K")) << text;
  EXPECT_TRUE(contains(text, "[step 4/4] move 3: seat 1 (bob) pass")) << text;
  EXPECT_TRUE(contains(text, "(that was the last step)")) << text;
  EXPECT_TRUE(contains(text, "jump to a step from 0 to 4")) << text;
  EXPECT_TRUE(contains(text, "unknown command 'what'")) << text;
  // "q" stops reading: the "n" after it is never shown as step 1 again
  // (step 1 appears once going forward and once going back).
  std::size_t count = 0;
  for (std::size_t at = text.find("[step 1/4]"); at != std::string::npos;
       at = text.find("[step 1/4]", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 2u) << text;
}

TEST(ReplayCommand, PlayRecordThenVerifyExportAndView) {
  TempDir dir;
  const std::string file = dir.file("games.kbr");
  const auto play = run_kibitz(
      "play --game leduc_poker --seats random,random --games 20 --seed 3 "
      "--record '" +
      file + "'");
  ASSERT_EQ(play.exit_code, kExitOk) << play.out << play.err;
  EXPECT_TRUE(contains(play.out, "recorded 20 games to")) << play.out;
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
  const std::vector<ReplayRecord> records = replays::read_replay_file(file);
  ASSERT_EQ(records.size(), 20u);
  EXPECT_EQ(records[0].seed, 3u);
  EXPECT_EQ(records[0].seat_labels, (std::vector<std::string>{"random", "random"}));

  const auto verify = run_kibitz("replay verify '" + file + "' --expect-game leduc_poker");
  EXPECT_EQ(verify.exit_code, kExitOk) << verify.out << verify.err;
  EXPECT_TRUE(contains(verify.out, "20 records, all verified")) << verify.out;
  const auto wrong_game = run_kibitz("replay verify '" + file + "' --expect-game kuhn_poker");
  EXPECT_EQ(wrong_game.exit_code, kExitCheckFailed) << wrong_game.out << wrong_game.err;
  EXPECT_TRUE(contains(wrong_game.out,
                       "record 0 at byte 0: a record of leduc_poker, expected "
                       "kuhn_poker(players=2)"))
      << wrong_game.out;

  const auto exported =
      run_kibitz("replay export '" + file + "' --json --out '" + dir.file("games.json") + "'");
  EXPECT_EQ(exported.exit_code, kExitOk) << exported.err;
  const std::string json = replays::testing::read_bytes(dir.file("games.json"));
  EXPECT_TRUE(contains(json, "\"format_version\": 2")) << json.substr(0, 400);
  EXPECT_TRUE(contains(json, "\"action_text\"")) << json.substr(0, 400);

  const auto view = run_kibitz("replay view '" + file + "' --game 19 --as-seat 1 --print");
  EXPECT_EQ(view.exit_code, kExitOk) << view.out << view.err;
  EXPECT_TRUE(contains(view.out, "record 19: leduc_poker, seed 3")) << view.out;
  EXPECT_TRUE(contains(view.out, "as seen by seat 1 (random)")) << view.out;
  EXPECT_FALSE(contains(view.out, "state:")) << view.out;
  const auto browse = run_kibitz("replay view '" + file + "' --reveal", "n\nq\n");
  EXPECT_EQ(browse.exit_code, kExitOk) << browse.out << browse.err;
  EXPECT_TRUE(contains(browse.out, "[step 1/")) << browse.out;
  EXPECT_EQ(run_kibitz("replay view '" + file + "' --game 20 --reveal").exit_code, kExitBadInput);
  EXPECT_EQ(run_kibitz("replay view '" + file + "'").exit_code, kExitBadInput);
  EXPECT_EQ(run_kibitz("replay view '" + file + "' --reveal --as-seat 0").exit_code, kExitBadInput);
}

TEST(ReplayCommand, VerifyReportsProblemsAndDamage) {
  TempDir dir;
  const std::string file = dir.file("games.kbr");
  ReplayRecord tampered = scripted_record("leduc_poker", replays::testing::kLeducShowdown);
  tampered.returns = {0.0, 0.0};
  {
    replays::ReplayWriter writer(file);
    writer.write(scripted_record("leduc_poker", replays::testing::kLeducShowdown));
    writer.write(tampered);
    writer.close();
  }
  const auto verify = run_kibitz("replay verify '" + file + "'");
  EXPECT_EQ(verify.exit_code, kExitCheckFailed) << verify.out << verify.err;
  EXPECT_TRUE(contains(verify.out,
                       "record 1, record: seat 0 return recorded as 0, but the moves "
                       "give -3"))
      << verify.out;
  EXPECT_TRUE(contains(verify.out, "1 of 2 records have problems")) << verify.out;

  std::string bytes = replays::testing::read_bytes(file);
  bytes.resize(bytes.size() - 1);
  replays::testing::write_bytes(file, bytes);
  const auto damaged = run_kibitz("replay verify '" + file + "'");
  EXPECT_EQ(damaged.exit_code, kExitCheckFailed) << damaged.out << damaged.err;
  EXPECT_TRUE(contains(damaged.out, "record 1 at byte")) << damaged.out;
  EXPECT_TRUE(contains(damaged.out, "truncated")) << damaged.out;

  const auto exported =
      run_kibitz("replay export '" + file + "' --json --out '" + dir.file("out.json") + "'");
  EXPECT_EQ(exported.exit_code, kExitBadInput);
  EXPECT_FALSE(replays::testing::fs::exists(dir.file("out.json")));  // no half document
  EXPECT_EQ(run_kibitz("replay verify '" + dir.file("missing.kbr") + "'").exit_code, kExitBadInput);
  EXPECT_EQ(run_kibitz("replay frobnicate").exit_code, kExitBadInput);
  EXPECT_EQ(run_kibitz("replay --help").exit_code, kExitOk);
}

}  // namespace
}  // namespace kibitz::tools
