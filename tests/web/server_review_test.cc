// "Review this game" at a web table (web/seat_reviews.h) through a server in
// this process, with a stand-in reviewer: who may ask and when, what the
// reviewer is given (the seat's own stream as the table sent it and the
// actions the seat took, never another seat's), the progress and the
// review reaching that seat alone, one review per seat at a time, the
// server's limit, the time limit and shutdown. The real engine behind the
// hook is tested through `kibitz serve` (serve_review_process_test.cc).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "env/core/json.h"
#include "env/core/state.h"
#include "tests/web/review_client.h"
#include "tests/web/server_fixture.h"
#include "web/seat_reviews.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::WsClient;

// A reviewer that writes what it was given, {"decisions":[{"played","at"}...],
// "stream":N,"seat":S}, calling progress after each decision; it can be held
// until released, or made to run until its stop flag is set.
class StandIn {
 public:
  enum class Mode { kAtOnce, kHeld, kUntilStopped };
  explicit StandIn(Mode mode = Mode::kAtOnce) : mode_(mode) {}

  SeatReviewer reviewer() {
    return [this](const ReviewJob& job, const ReviewProgress& progress, const std::atomic<bool>& stop) {
      {
        std::lock_guard lock(mutex_);
        ++calls_;
        jobs_.push_back(job);
      }
      if (mode_ == Mode::kHeld) {
        std::unique_lock lock(mutex_);
        released_cv_.wait(lock, [&] { return released_ || stop.load(); });
      }
      while (mode_ == Mode::kUntilStopped && !stop.load()) std::this_thread::sleep_for(2ms);
      if (stop.load()) saw_stop_ = true;
      std::string out = "{\"seat\":" + std::to_string(job.record.seat) +
                        ",\"stream\":" + std::to_string(job.record.stream.size()) + ",\"decisions\":[";
      for (std::size_t i = 0; i < job.record.decisions.size(); ++i) {
        const auto& d = job.record.decisions[i];
        out += (i ? ",{\"played\":\"" : "{\"played\":\"") + d.played + "\",\"at\":" + std::to_string(d.stream_size) + "}";
        progress(i + 1, job.record.decisions.size());
      }
      return out + "]}";
    };
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      released_ = true;
    }
    released_cv_.notify_all();
  }
  int calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }
  std::vector<ReviewJob> jobs() const {
    std::lock_guard lock(mutex_);
    return jobs_;
  }
  bool saw_stop() const { return saw_stop_.load(); }

 private:
  const Mode mode_;
  mutable std::mutex mutex_;
  std::condition_variable released_cv_;
  bool released_ = false;
  int calls_ = 0;
  std::vector<ReviewJob> jobs_;
  std::atomic<bool> saw_stop_{false};
};

class ServerReviewTest : public testing::ServerFixture {
 protected:
  void start_with(StandIn& stand_in, ReviewLimits limits = {}) {
    options_.reviewer = stand_in.reviewer();
    options_.reviews = limits;
    start();
  }

  // A table of kuhn_poker: seat 0 a person, seat 1 `other` ("human" or an agent).
  struct Seats {
    std::string id;
    std::string seat0, seat1;  // their WebSocket targets (seat1 empty for an agent)
    std::string spectator;
  };
  Seats table(const std::string& other = "random") {
    const json::Document doc = create("kuhn_poker", {"human", other});
    Seats seats;
    seats.id = doc["id"].GetString();
    seats.seat0 = testing::ws_target(doc["seats"][0]["link"].GetString());
    if (doc["seats"][1].HasMember("link")) seats.seat1 = testing::ws_target(doc["seats"][1]["link"].GetString());
    seats.spectator = "/ws" + std::string(doc["spectator"].GetString());
    return seats;
  }

  // Plays seat 0 of `seats` (its partner an agent) to the end.
  testing::PlayedSeat play(WsClient& seat0, std::uint64_t seed = 1) {
    testing::AbortAfter guard(seat0, testing::patience(10s));
    Rng rng(seed);
    testing::PlayedSeat played = testing::play_seat_to_end(seat0, rng);
    EXPECT_TRUE(played.over);
    EXPECT_EQ(played.refused, 0);
    return played;
  }

  testing::HeardReview ask(WsClient& client, int seat) {
    testing::AbortAfter guard(client, testing::patience(10s));
    EXPECT_TRUE(client.send(testing::review_request(seat)));
    return testing::await_review(client);
  }
};

TEST_F(ServerReviewTest, RefusedBeforeTheGameIsOver) {
  StandIn stand_in;
  start_with(stand_in);
  const Seats seats = table("human");
  WsClient seat0(port(), seats.seat0);
  const testing::HeardReview heard = ask(seat0, 0);
  EXPECT_NE(heard.error.find("the game is not over yet"), std::string::npos) << heard.error;
  EXPECT_EQ(stand_in.calls(), 0);
}

TEST_F(ServerReviewTest, RefusedToASpectatorAndForAnotherSeat) {
  StandIn stand_in;
  start_with(stand_in);
  const Seats seats = table();
  WsClient seat0(port(), seats.seat0);
  play(seat0);
  WsClient spectator(port(), seats.spectator);
  EXPECT_NE(ask(spectator, 0).error.find("a spectator has no seat to review"), std::string::npos);
  const testing::HeardReview other = ask(seat0, 1);
  EXPECT_NE(other.error.find("you hold seat 0: only a seat's own holder"), std::string::npos) << other.error;
  EXPECT_EQ(stand_in.calls(), 0);
}

// A token that is no seat's cannot even join (its connection is refused),
// so the service itself is asked: refused, as is an absent one.
TEST_F(ServerReviewTest, RefusedForAWrongOrAbsentToken) {
  StandIn stand_in;
  start_with(stand_in);
  const Seats seats = table();
  WsClient seat0(port(), seats.seat0);
  play(seat0);
  ThinkPool pool(1);
  SeatReviews reviews(pool, stand_in.reviewer(), ReviewLimits{});
  const auto found = server_->registry().find(seats.id);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(reviews.request(found, "not-a-token", 0), "that token is not a seat of this table");
  EXPECT_EQ(reviews.request(found, "", 0), "a spectator has no seat to review: open your seat's own link");
  // The right token is another matter (and shows the refusals above are for the token).
  EXPECT_EQ(reviews.request(found, found->seat_token(0), 0), "");
  pool.wait_until_idle();
  EXPECT_EQ(stand_in.calls(), 1);
}

// The reviewer gets the seat's own record: the stream as the table sent it
// and each action with how much of that stream the seat had seen.
TEST_F(ServerReviewTest, ReviewsTheSeatsOwnStreamWithProgressToThatSeatAlone) {
  StandIn stand_in;
  start_with(stand_in);
  const Seats seats = table("human");
  WsClient seat0(port(), seats.seat0);
  WsClient seat1(port(), seats.seat1);
  // Both seats play, each on its own thread (their turns interleave).
  testing::PlayedSeat played0, played1;
  std::thread other([&] { played1 = play(seat1, 2); });
  played0 = play(seat0, 1);
  other.join();
  EXPECT_TRUE(played0.offered);
  const testing::HeardReview heard = ask(seat0, 0);
  ASSERT_TRUE(heard.error.empty()) << heard.error;
  json::Document review;
  review.Parse(heard.review.c_str());
  ASSERT_FALSE(review.HasParseError()) << heard.review;
  ASSERT_EQ(review["decisions"].Size(), static_cast<unsigned>(played0.acts));
  for (int i = 0; i < played0.acts; ++i) {
    EXPECT_EQ(review["decisions"][i]["played"].GetString(), played0.played[static_cast<std::size_t>(i)]);
  }
  // 0 of n when accepted, then each decision (n is small: every one).
  ASSERT_EQ(heard.progress.size(), static_cast<std::size_t>(played0.acts) + 1);
  for (int k = 0; k <= played0.acts; ++k) EXPECT_EQ(heard.progress[static_cast<std::size_t>(k)], std::make_pair(k, played0.acts));
  // The stream is the seat's own, as the final state gives it.
  const auto found = server_->registry().find(seats.id);
  const std::optional<replays::ReplayRecord> record = found->record();
  ASSERT_TRUE(record.has_value());
  std::unique_ptr<State> state = found->game().new_initial_state();
  for (const Action a : record->actions) state->apply_action(a);
  const std::vector<ReviewJob> jobs = stand_in.jobs();
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].record.stream, state->seat_stream(0));
  EXPECT_NE(jobs[0].record.stream, state->seat_stream(1));
  EXPECT_EQ(jobs[0].shown_game, found->game_spec());
  // Seat 1 heard nothing of seat 0's review: its next message is its own.
  const testing::HeardReview own = ask(seat1, 1);
  EXPECT_TRUE(own.error.empty()) << own.error;
  ASSERT_FALSE(own.progress.empty());
  EXPECT_EQ(own.progress.front(), std::make_pair(0, played1.acts));
  json::Document own_review;
  own_review.Parse(own.review.c_str());
  EXPECT_EQ(own_review["seat"].GetInt(), 1);
}

TEST_F(ServerReviewTest, OneReviewPerSeatAtATimeAndTheServersLimit) {
  StandIn stand_in(StandIn::Mode::kHeld);
  start_with(stand_in, ReviewLimits{1, std::chrono::seconds(60), 8});
  const Seats first = table();
  const Seats second = table();
  WsClient a(port(), first.seat0);
  WsClient b(port(), second.seat0);
  play(a, 1);
  play(b, 2);
  {
    testing::AbortAfter guard(a, testing::patience(10s));
    ASSERT_TRUE(a.send(testing::review_request(0)));
    ASSERT_TRUE(a.send(testing::review_request(0)));  // again, while the first is held
    const testing::HeardReview again = testing::await_review(a);
    EXPECT_EQ(again.error, "a review of your seat is already under way");
  }
  EXPECT_NE(ask(b, 0).error.find("the server is reviewing 1 games, its limit"), std::string::npos);
  stand_in.release();
  {
    testing::AbortAfter guard(a, testing::patience(10s));
    const testing::HeardReview done = testing::await_review(a);
    EXPECT_TRUE(done.error.empty()) << done.error;
    EXPECT_FALSE(done.review.empty());
  }
  // A repeat is answered with the review kept, without a second search.
  const testing::HeardReview repeat = ask(a, 0);
  EXPECT_FALSE(repeat.review.empty()) << repeat.error;
  EXPECT_EQ(stand_in.calls(), 1);
  // The place is free again for the other table.
  EXPECT_TRUE(ask(b, 0).error.empty());
}

TEST_F(ServerReviewTest, AReviewPastItsTimeLimitIsStoppedAndSaidSo) {
  StandIn stand_in(StandIn::Mode::kUntilStopped);
  start_with(stand_in, ReviewLimits{1, 300ms, 8});
  const Seats seats = table();
  WsClient seat0(port(), seats.seat0);
  play(seat0);
  const testing::HeardReview heard = ask(seat0, 0);
  EXPECT_NE(heard.error.find("ran past this server's limit of 300 ms"), std::string::npos) << heard.error;
  EXPECT_TRUE(heard.review.empty());
  EXPECT_TRUE(stand_in.saw_stop());
}

TEST_F(ServerReviewTest, ShutdownStopsAReviewUnderWay) {
  StandIn stand_in(StandIn::Mode::kUntilStopped);
  start_with(stand_in, ReviewLimits{1, std::chrono::seconds(600), 8});
  const Seats seats = table();
  WsClient seat0(port(), seats.seat0);
  play(seat0);
  ASSERT_TRUE(seat0.send(testing::review_request(0)));
  const auto asked = std::chrono::steady_clock::now();
  while (stand_in.calls() == 0 && std::chrono::steady_clock::now() - asked < testing::patience(5s)) {
    std::this_thread::sleep_for(5ms);
  }
  ASSERT_EQ(stand_in.calls(), 1);
  const auto stopping = std::chrono::steady_clock::now();
  server_->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - stopping, testing::patience(2s));
  EXPECT_TRUE(stand_in.saw_stop());
}

TEST_F(ServerReviewTest, WithoutAReviewerNoneIsOffered) {
  start();
  const Seats seats = table();
  WsClient seat0(port(), seats.seat0);
  const testing::PlayedSeat played = play(seat0);
  const testing::HeardReview heard = ask(seat0, 0);
  EXPECT_FALSE(played.offered);
  EXPECT_NE(heard.error.find("this server does not offer reviews"), std::string::npos) << heard.error;
  for (const std::string& type : heard.other) EXPECT_NE(type, "review_offer");
}

}  // namespace
}  // namespace kibitz::web
