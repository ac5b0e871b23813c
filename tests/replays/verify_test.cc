// verify_record: a sound record has no problems; each tampered fact is
// reported with the move it concerns.
#include "replays/verify.h"

#include <gtest/gtest.h>

#include "tests/replays/replay_test_util.h"

namespace kibitz::replays {
namespace {

using testing::random_record;
using testing::scripted_record;

std::string all(const std::vector<Problem>& problems) {
  std::string text;
  for (const Problem& problem : problems) text += describe(problem) + "\n";
  return text;
}

TEST(Verify, RecordedGamesVerify) {
  for (const std::string spec :
       {"kuhn_poker", "kuhn_poker(players=3)", "leduc_poker", "loyalist_spies(rounds=1)",
        "loyalist_spies(players=3,rounds=1)"}) {
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
      const ReplayRecord record = random_record(spec, seed);
      EXPECT_EQ(all(verify_record(record)), "") << spec << " seed " << seed;
    }
  }
  EXPECT_EQ(all(verify_record(scripted_record("leduc_poker", testing::kLeducShowdown))), "");
}

TEST(Verify, CatchesATamperedAction) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.actions[1] = 0;  // deal seat 1 the Js that seat 0 already holds
  const std::vector<Problem> problems = verify_record(record);
  ASSERT_EQ(problems.size(), 1u) << all(problems);
  EXPECT_EQ(problems[0].move, 1);
  EXPECT_NE(problems[0].message.find("action 0 is not legal for chance"), std::string::npos)
      << problems[0].message;

  record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.actions[2] = 0;  // fold with nothing to call: illegal in this Leduc
  const std::vector<Problem> fold = verify_record(record);
  ASSERT_FALSE(fold.empty());
  EXPECT_EQ(fold[0].move, 2);
  EXPECT_NE(fold[0].message.find("legal: 1 (call), 2 (raise)"), std::string::npos)
      << fold[0].message;
}

TEST(Verify, CatchesATamperedReturn) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.returns = {3.0, -3.0};  // the winner swapped
  const std::string text = all(verify_record(record));
  EXPECT_NE(text.find("record: seat 0 return recorded as 3, but the moves give -3"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("seat 1"), std::string::npos) << text;
  record.returns = {-3.0};
  EXPECT_NE(all(verify_record(record)).find("1 returns recorded for 2 seats"), std::string::npos);
}

TEST(Verify, CatchesAGameCutShortOrRunOver) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.actions.pop_back();
  EXPECT_NE(all(verify_record(record)).find("not over after its 6 moves"), std::string::npos);
  record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.actions.push_back(1);
  const std::vector<Problem> problems = verify_record(record);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0].move, 7);
  EXPECT_NE(problems[0].message.find("already over"), std::string::npos);
}

// A forfeit ends the game after its moves, with the seat that forfeited to
// act there and the forfeit's returns (agents/match/answer_rules.h).
TEST(Verify, AForfeitMustFitWhereTheGameStopped) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.actions.resize(3);  // the cards dealt and seat 0's first move: seat 1 to act
  record.annotations.clear();
  record.forfeit = Forfeit{1, "answered after 900 ms, past the limit of 100 ms"};
  record.returns = {13.0, -13.0};
  EXPECT_EQ(all(verify_record(record)), "");

  ReplayRecord wrong_seat = record;
  wrong_seat.forfeit.seat = 0;
  wrong_seat.returns = {-13.0, 13.0};
  EXPECT_NE(all(verify_record(wrong_seat)).find("seat 0 forfeits after move 3, where it is not to act"),
            std::string::npos);
  ReplayRecord no_such_seat = record;
  no_such_seat.forfeit.seat = 2;
  EXPECT_NE(all(verify_record(no_such_seat)).find("names seat 2 of a 2-seat game"), std::string::npos);
  ReplayRecord wrong_returns = record;
  wrong_returns.returns = {1.0, -1.0};
  EXPECT_NE(all(verify_record(wrong_returns)).find("seat 1 return recorded as -1, but the moves give -13"),
            std::string::npos);
  ReplayRecord over = scripted_record("leduc_poker", testing::kLeducShowdown);
  over.forfeit = Forfeit{0, "late"};
  EXPECT_NE(all(verify_record(over)).find("forfeits a game that is over"), std::string::npos);
}

TEST(Verify, CatchesAPolicyOverIllegalActions) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  // Move 3: seat 1 facing a raise may fold, call or raise; at move 2 (seat 0
  // opening) fold is not legal.
  ASSERT_EQ(record.annotations[0].move, 2);
  record.annotations[0].decision.policy = {{0, 0.5}, {1, 0.5}};
  const std::vector<Problem> problems = verify_record(record);
  ASSERT_EQ(problems.size(), 1u) << all(problems);
  EXPECT_EQ(problems[0].move, 2);
  EXPECT_NE(problems[0].message.find("action 0, not legal for seat 0"), std::string::npos)
      << problems[0].message;
}

TEST(Verify, CatchesABadlyFormedPolicy) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.annotations[1].decision.policy = {{1, 0.5}, {1, 0.2}};
  const std::string text = all(verify_record(record));
  EXPECT_NE(text.find("move 3: the policy lists action 1 twice"), std::string::npos) << text;
  EXPECT_NE(text.find("move 3: the policy sums to 0.7"), std::string::npos) << text;
}

TEST(Verify, CatchesAnAnnotationOnChanceOrOutOfRange) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.annotations.insert(record.annotations.begin(), Annotation{0, {}});
  EXPECT_NE(all(verify_record(record)).find("move 0: an annotation on a chance move"),
            std::string::npos);
  record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.annotations.push_back(Annotation{99, {}});
  EXPECT_NE(all(verify_record(record)).find("names move 99"), std::string::npos);
}

TEST(Verify, CatchesSeatsThatDoNotMatchTheGame) {
  ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  record.seat_labels.push_back("extra");
  record.agent_specs.pop_back();
  const std::string text = all(verify_record(record));
  EXPECT_NE(text.find("3 seat labels, but leduc_poker has 2 seats"), std::string::npos) << text;
  EXPECT_NE(text.find("1 agent specs, but leduc_poker has 2 seats"), std::string::npos) << text;
}

TEST(Verify, CatchesAGameThatDoesNotLoadOrIsNotCanonical) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.game = "no_such_game";
  EXPECT_NE(all(verify_record(record)).find("the game does not load"), std::string::npos);
  record.game = "kuhn_poker";
  EXPECT_NE(all(verify_record(record)).find("not canonical"), std::string::npos);
}

TEST(Verify, CatchesABadTime) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.start_time = "yesterday";
  record.duration_seconds = -1.0;
  const std::string text = all(verify_record(record));
  EXPECT_NE(text.find("ISO-8601"), std::string::npos) << text;
  EXPECT_NE(text.find("is not a time"), std::string::npos) << text;
  record.start_time = "2025-01-31T12:00:00Z";
  record.duration_seconds = 0.5;
  EXPECT_EQ(all(verify_record(record)), "");
}

TEST(Verify, AStartTimeMustBeARealMoment) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  // Well formed digits that name no moment: each field out of its range.
  for (const char* impossible :
       {"2025-13-45T25:61:61Z", "2025-00-10T12:00:00Z", "2025-01-00T12:00:00Z",
        "2025-04-31T12:00:00Z", "2025-02-29T12:00:00Z", "1900-02-29T12:00:00Z",
        "2025-01-31T24:00:00Z", "2025-01-31T23:60:00Z", "2025-01-31T23:59:60Z"}) {
    record.start_time = impossible;
    const std::string text = all(verify_record(record));
    EXPECT_NE(text.find("not a real moment"), std::string::npos) << impossible << ": " << text;
    EXPECT_NE(text.find(impossible), std::string::npos) << text;
  }
  // The edges that do exist, leap days included.
  for (const char* real : {"2024-02-29T00:00:00Z", "2000-02-29T23:59:59.999Z",
                           "2025-12-31T23:59:59Z", "2025-01-01T00:00:00.5Z"}) {
    record.start_time = real;
    EXPECT_EQ(all(verify_record(record)), "") << real;
  }
}

}  // namespace
}  // namespace kibitz::replays
