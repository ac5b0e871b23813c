// kibitz review (tools/review/): every decision of a seat set against an
// engine from the seat's stream alone. A fold with the king against a bet
// in Kuhn poker is a blunder, the call is good; two records that differ
// only in what the seat never saw give the same review; bad command lines
// are refused by name.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "replays/replay_record.h"
#include "replays/seat_record.h"
#include "tests/tools/kibitz_run.h"
#include "tests/tools/scripted_record.h"
#include "tools/review/review_output.h"
#include "tools/review/seat_decisions.h"
#include "tools/review/seat_review.h"

namespace kibitz::tools {
namespace {

// A Kuhn poker record from its actions' texts (chance's deals included).
replays::ReplayRecord kuhn(const std::vector<std::string>& texts) {
  return testing::scripted_record("kuhn_poker", texts);
}

ReviewOptions quick() {
  ReviewOptions options;
  options.budget.simulations = 2000;
  options.replicates = 4;
  return options;
}

std::string json_of(const SeatReview& review) {
  std::ostringstream out;
  write_review_json(out, review, ReviewSource{"test", 0});
  return out.str();
}

TEST(Review, FoldingTheKingToABetIsABlunderAndCallingIsGood) {
  // Seat 1 holds the king (the best card) and faces a bet.
  const SeatReview fold = review_seat(seat_game_of(kuhn({"deal J", "deal K", "bet", "pass"}), 1), quick());
  ASSERT_EQ(fold.decisions.size(), 1u);
  const DecisionReview& d = fold.decisions.front();
  EXPECT_EQ(d.played, "pass");
  EXPECT_EQ(d.best, "bet");
  ASSERT_TRUE(d.loss.has_value());
  // Calling wins 2 for sure, folding loses 1: a loss of 3, all of the spread.
  EXPECT_NEAR(*d.loss, 3.0, 0.05);
  EXPECT_EQ(d.verdict, Verdict::kBlunder);
  EXPECT_NEAR(fold.accuracy, 0.0, 1e-9);

  const SeatReview call = review_seat(seat_game_of(kuhn({"deal J", "deal K", "bet", "bet"}), 1), quick());
  ASSERT_EQ(call.decisions.size(), 1u);
  EXPECT_EQ(call.decisions.front().verdict, Verdict::kGood);
  EXPECT_NEAR(*call.decisions.front().loss, 0.0, 1e-9);
  EXPECT_NEAR(call.accuracy, 100.0, 1e-9);
}

TEST(Review, ReadsOnlyTheSeatsStream) {
  // Seat 0 holds the king and bets; seat 1 folds. Seat 0 never sees seat
  // 1's card, so a jack or a queen there must not change its review.
  const replays::ReplayRecord jack = kuhn({"deal K", "deal J", "bet", "pass"});
  const replays::ReplayRecord queen = kuhn({"deal K", "deal Q", "bet", "pass"});
  ASSERT_NE(jack.actions, queen.actions);
  const SeatGame a = seat_game_of(jack, 0), b = seat_game_of(queen, 0);
  EXPECT_EQ(a.stream, b.stream);
  EXPECT_EQ(json_of(review_seat(a, quick())), json_of(review_seat(b, quick())));
  // Seat 1 saw its own card: its reviews differ.
  EXPECT_NE(seat_game_of(jack, 1).stream, seat_game_of(queen, 1).stream);
}

TEST(Review, EachValueHasItsStandardError) {
  // Leduc poker after a raise: the values are noisy estimates.
  const auto game = load_game("leduc_poker");
  auto state = game->new_initial_state();
  replays::ReplayRecord record;
  record.game = game->spec();
  for (const char* text : {"deal Js", "deal Kh", "raise", "call", "deal Qs", "call", "call"}) {
    const Action a = state->string_to_action(state->current_player(), text);
    record.actions.push_back(a);
    state->apply_action(a);
  }
  ReviewOptions options = quick();
  options.budget.simulations = 400;
  const SeatReview review = review_seat(seat_game_of(record, 0), options);
  ASSERT_EQ(review.decisions.size(), 2u);
  for (const DecisionReview& d : review.decisions) {
    ASSERT_FALSE(d.actions.empty());
    for (const ActionEstimate& e : d.actions) {
      if (e.replicates >= 2) {
        EXPECT_TRUE(e.error.has_value()) << e.action;
      }
    }
    // The actions come best first.
    for (std::size_t i = 1; i < d.actions.size(); ++i) EXPECT_GE(d.actions[i - 1].value, d.actions[i].value);
  }
}

TEST(Review, AnEngineThatValuesNoActionIsRefused) {
  ReviewOptions options = quick();
  options.agent = "random";
  try {
    review_seat(seat_game_of(kuhn({"deal J", "deal K", "bet", "pass"}), 1), options);
    FAIL() << "no error";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("gives no value for each action"), std::string::npos) << e.what();
  }
}

// The stop flag (a web table's review past its time limit, or the server
// shutting down) reaches the searches and ends the review with an error,
// never a review of searches cut short; without it set, nothing changes.
TEST(Review, AStopFlagEndsTheReview) {
  const SeatGame game = seat_game_of(kuhn({"deal J", "deal K", "bet", "pass"}), 1);
  std::atomic<bool> stop{true};
  ReviewOptions options = quick();
  options.budget.stop = &stop;
  int progress = 0;
  options.progress = [&](std::size_t, std::size_t) { ++progress; };
  try {
    review_seat(game, options);
    FAIL() << "no error";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("the review was stopped"), std::string::npos) << e.what();
  }
  EXPECT_EQ(progress, 0);
  stop = false;
  EXPECT_EQ(json_of(review_seat(game, options)), json_of(review_seat(game, quick())));
  EXPECT_EQ(progress, 1);
}

TEST(Review, TheCommandRefusesBadInputByName) {
  using testing::run_kibitz;
  const auto no_file = run_kibitz("review /no/such.kbr --seat 0");
  EXPECT_EQ(no_file.exit_code, 2);
  EXPECT_NE(no_file.err.find("/no/such.kbr"), std::string::npos) << no_file.err;
  const auto one = run_kibitz("review x.kbr --seat 0 --replicates 1");
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("--replicates must be from 2 to 64"), std::string::npos) << one.err;
  const auto both = run_kibitz("review x.kbr --seat 0 --sims 10 --time-ms 10");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("give one of --sims and --time-ms"), std::string::npos) << both.err;
}

// kibitz seat keeps a seat record of each game (--records DIR), with the
// AI seat's moves as made at the table and as advised; an undone move is
// not kept; kibitz review reads the record as it reads a replay file's seat.
TEST(Review, KibitzSeatKeepsARecordThatReviewReads) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("kibitz_seat_records_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto seat = testing::run_kibitz("seat --game leduc_poker --seat 0 --agent random --records '" + dir.string() + "'",
                                        "dealt Qs\ncall\nundo\nraise\n");
  EXPECT_NE(seat.out.find("record of the game: "), std::string::npos) << seat.out;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
  ASSERT_EQ(files.size(), 1u);
  EXPECT_NE(files[0].filename().string().find("leduc_poker-P0-"), std::string::npos) << files[0];
  std::ifstream in(files[0]);
  const replays::SeatRecord record = replays::read_seat_record(in, files[0].string());
  EXPECT_EQ(record.source, "kibitz seat");
  ASSERT_EQ(record.decisions.size(), 1u) << "the undone call is not kept";
  EXPECT_EQ(record.decisions[0].stream_size, 2u);
  EXPECT_EQ(record.decisions[0].played, "raise");
  EXPECT_FALSE(record.returns.has_value()) << "the game was left unfinished";

  // The same decision reviewed from the seat record and from a full record
  // of a game with that stream: the same estimates.
  const SeatReview from_seat = review_seat(seat_game_of(record), quick());
  const auto game = load_game("leduc_poker");
  auto state = game->new_initial_state();
  replays::ReplayRecord full;
  full.game = game->spec();
  for (const char* text : {"deal Qs", "deal Kh", "raise"}) {
    const Action a = state->string_to_action(state->current_player(), text);
    full.actions.push_back(a);
    state->apply_action(a);
  }
  const SeatReview from_full = review_seat(seat_game_of(full, 0), quick());
  ASSERT_EQ(from_seat.decisions.size(), 1u);
  ASSERT_EQ(from_full.decisions.size(), 1u);
  ASSERT_EQ(from_seat.decisions[0].actions.size(), from_full.decisions[0].actions.size());
  for (std::size_t a = 0; a < from_seat.decisions[0].actions.size(); ++a) {
    EXPECT_EQ(from_seat.decisions[0].actions[a].action, from_full.decisions[0].actions[a].action);
    EXPECT_EQ(from_seat.decisions[0].actions[a].value, from_full.decisions[0].actions[a].value);
  }
  const auto review = testing::run_kibitz("review '" + files[0].string() + "' --quiet");
  EXPECT_EQ(review.exit_code, 0) << review.err;
  EXPECT_NE(review.out.find("raise"), std::string::npos) << review.out;
  const auto other_seat = testing::run_kibitz("review '" + files[0].string() + "' --seat 1");
  EXPECT_EQ(other_seat.exit_code, 2);
  EXPECT_NE(other_seat.err.find("is seat 0's record; --seat 1 is not in it"), std::string::npos) << other_seat.err;
  fs::remove_all(dir);
}

// kibitz engine --records DIR keeps a seat record of each game and names it
// in end_game's reply; an act asked twice at one point is one decision.
TEST(Review, KibitzEngineKeepsSeatRecordsOnRequest) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("kibitz_engine_records_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string lines =
      R"({"type":"hello","version":3})" "\n"
      R"({"type":"new_game","game":"kuhn_poker","seat":1,"seed":3})" "\n"
      R"({"type":"observations","observations":[{"kind":"dealt_to","seat":0},{"kind":"dealt","card":"K"},{"kind":"bet","seat":0}]})" "\n"
      R"({"type":"act"})" "\n" R"({"type":"act"})" "\n" R"({"type":"end_game"})" "\n";
  const auto engine = testing::run_kibitz("engine --agent 'ismcts(sims=200)' --records '" + dir.string() + "'", lines);
  EXPECT_EQ(engine.exit_code, 0) << engine.err;
  EXPECT_NE(engine.out.find(R"("type":"ended","observations":3,"record":")"), std::string::npos) << engine.out;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
  ASSERT_EQ(files.size(), 1u);
  std::ifstream in(files[0]);
  const replays::SeatRecord record = replays::read_seat_record(in, files[0].string());
  EXPECT_EQ(record.source, "kibitz engine");
  EXPECT_EQ(record.seat, 1);
  ASSERT_EQ(record.decisions.size(), 1u);
  EXPECT_EQ(record.decisions[0].stream_size, 3u);
  EXPECT_EQ(record.decisions[0].played, "bet");  // the king calls
  EXPECT_EQ(record.decisions[0].advised, "bet");
  const auto no_dir = testing::run_kibitz("engine --agent random --records /no/such/dir", "");
  EXPECT_EQ(no_dir.exit_code, 2);
  EXPECT_NE(no_dir.err.find("--records /no/such/dir: not a directory"), std::string::npos) << no_dir.err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace kibitz::tools
