// Recorder: what it keeps of a game, and only that.
#include "replays/recorder.h"

#include <gtest/gtest.h>

#include "env/core/registry.h"
#include "tests/replays/replay_test_util.h"

namespace kibitz::replays {
namespace {

TEST(Recorder, KeepsSpecSeatsActionsSeatAnnotationsAndReturns) {
  const ReplayRecord record = testing::scripted_record("leduc_poker", testing::kLeducShowdown);
  EXPECT_EQ(record.game, "leduc_poker");
  EXPECT_EQ(record.seed, 7u);
  EXPECT_EQ(record.seat_labels, (std::vector<std::string>{"alice", "bob"}));
  EXPECT_EQ(record.agent_specs, (std::vector<std::string>{"scripted", "scripted"}));
  // Js=0, Kh=5, raise=2, call=1, Qs=2.
  EXPECT_EQ(record.actions, (std::vector<Action>{0, 5, 2, 1, 2, 1, 1}));
  // Only the seats' four moves carry annotations, never chance's three.
  std::vector<int> moves;
  for (const Annotation& annotation : record.annotations) moves.push_back(annotation.move);
  EXPECT_EQ(moves, (std::vector<int>{2, 3, 5, 6}));
  EXPECT_EQ(record.annotations[0].decision.policy.size(), 2u);  // call, raise
  EXPECT_EQ(record.returns, (std::vector<double>{-3.0, 3.0}));
  EXPECT_GE(record.duration_seconds, 0.0);
}

TEST(Recorder, StartTimeIsIso8601Utc) {
  const std::string now = iso8601_utc_now();
  ASSERT_EQ(now.size(), 24u) << now;  // 2025-01-31T12:00:00.123Z
  EXPECT_EQ(now[4], '-');
  EXPECT_EQ(now[10], 'T');
  EXPECT_EQ(now[19], '.');
  EXPECT_EQ(now.back(), 'Z');
}

TEST(Recorder, TimeIsNotPartOfTheGame) {
  ReplayRecord a = testing::random_record("kuhn_poker", 5);
  ReplayRecord b = testing::random_record("kuhn_poker", 5);
  b.start_time = "1999-12-31T23:59:59.999Z";
  b.duration_seconds = 42.0;
  EXPECT_TRUE(same_game(a, b));
  EXPECT_FALSE(a == b);
  b.returns[0] += 1.0;
  EXPECT_FALSE(same_game(a, b));
}

TEST(RecorderDeathTest, AMissedMoveIsABug) {
  const auto game = load_game("kuhn_poker");
  Recorder recorder(*game, 0, {"a", "b"}, {"random", "random"});
  auto state = game->new_initial_state();
  state->apply_action(0);  // not noted
  EXPECT_DEATH(recorder.on_action(*state, 1), "missed a move");
}

}  // namespace
}  // namespace kibitz::replays
