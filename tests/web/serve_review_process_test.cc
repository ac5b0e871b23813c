// "Review this game" through `kibitz serve` as a process, the real engine
// behind the hook (tools/serve_review.h): a person plays a Leduc table to
// the end, asks for the review of its seat, hears its progress and gets a
// "kibitz-review" document with one decision per action it took; the
// refusals (before the end, a spectator, a second request while one runs);
// a review past its time limit stopped; the review flags checked at start-up.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "env/core/json.h"
#include "tests/tools/kibitz_child.h"
#include "tests/web/review_client.h"
#include "tests/web/server_fixture.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using tools::testing::KibitzChild;
using testing::WsClient;

class ServeReviewProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("kibitz_serve_review_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Starts the server with `tables`; reads its port and every seat link it prints.
  void serve(std::vector<std::string> args) {
    std::vector<std::string> all = {"serve", "--listen", "127.0.0.1:0", "--replays", dir_.string()};
    all.insert(all.end(), args.begin(), args.end());
    child_ = std::make_unique<KibitzChild>(all);
    ASSERT_TRUE(child_->read_until("(Ctrl-C stops)")) << child_->err();
    ASSERT_TRUE(child_->read_until("spectators:")) << child_->err();
    const std::string out = child_->out();
    std::smatch match;
    ASSERT_TRUE(std::regex_search(out, match, std::regex(R"(127\.0\.0\.1:(\d+)/)")));
    port_ = static_cast<unsigned short>(std::stoi(match[1]));
    const std::regex link(R"(http://127\.0\.0\.1:\d+(/table/\S+))");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), link); it != std::sregex_iterator(); ++it) {
      links_.push_back("/ws" + (*it)[1].str());
    }
  }
  std::filesystem::path dir_;
  std::unique_ptr<KibitzChild> child_;
  unsigned short port_ = 0;
  std::vector<std::string> links_;  // per table: its person seats', then its spectators'
};

json::Document parse(const std::string& text) {
  json::Document doc;
  doc.Parse(text.c_str());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

TEST_F(ServeReviewProcessTest, ASeatGetsItsReviewWithProgressOnceTheGameIsOver) {
  serve({"--review-sims", "2000", "--table", "leduc_poker: human,random", "--table", "kuhn_poker: human,human"});
  ASSERT_EQ(links_.size(), 5u) << child_->out();
  // Before the end: refused (the kuhn table, where nobody has moved).
  WsClient waiting(port_, links_[2]);
  {
    testing::AbortAfter guard(waiting, testing::patience(10s));
    ASSERT_TRUE(waiting.send(testing::review_request(0)));
    EXPECT_NE(testing::await_review(waiting).error.find("the game is not over yet"), std::string::npos);
  }
  WsClient seat(port_, links_[0]);
  testing::PlayedSeat played;
  {
    testing::AbortAfter guard(seat, testing::patience(10s));
    Rng rng(7);
    played = testing::play_seat_to_end(seat, rng);
  }
  ASSERT_TRUE(played.over);
  ASSERT_TRUE(played.offered);
  ASSERT_GE(played.acts, 1);
  WsClient spectator(port_, links_[1]);
  {
    testing::AbortAfter guard(spectator, testing::patience(10s));
    ASSERT_TRUE(spectator.send(testing::review_request(0)));
    EXPECT_NE(testing::await_review(spectator).error.find("a spectator has no seat"), std::string::npos);
  }
  testing::HeardReview heard;
  {
    testing::AbortAfter guard(seat, testing::patience(60s));
    ASSERT_TRUE(seat.send(testing::review_request(0)));
    heard = testing::await_review(seat);
  }
  ASSERT_TRUE(heard.error.empty()) << heard.error;
  const int n = played.acts;
  const std::vector<std::pair<int, int>>& progress = heard.progress;
  ASSERT_GE(progress.size(), 2u);
  EXPECT_EQ(progress.front(), std::make_pair(0, n));
  EXPECT_EQ(progress.back(), std::make_pair(n, n));
  for (std::size_t k = 1; k < progress.size(); ++k) EXPECT_GT(progress[k].first, progress[k - 1].first);

  const json::Document review = parse(heard.review);
  EXPECT_STREQ(review["format"].GetString(), "kibitz-review");
  EXPECT_EQ(review["version"].GetInt(), 1);
  EXPECT_EQ(review["seat"].GetInt(), 0);
  EXPECT_EQ(std::string(review["game"].GetString()).rfind("leduc_poker", 0), 0u) << review["game"].GetString();
  EXPECT_EQ(std::string(review["engine"].GetString()).rfind("ismcts", 0), 0u);
  EXPECT_EQ(review["replicates"].GetInt(), 4);
  EXPECT_STREQ(review["budget"].GetString(), "2000 simulations");
  ASSERT_EQ(review["decisions"].Size(), static_cast<unsigned>(n));
  for (int i = 0; i < n; ++i) {
    const auto& d = review["decisions"][static_cast<unsigned>(i)];
    EXPECT_EQ(d["played"].GetString(), played.played[static_cast<std::size_t>(i)]);
    EXPECT_TRUE(d["verdict"].IsString());
  }
  // Asked again: the same review, kept.
  testing::HeardReview again;
  {
    testing::AbortAfter guard(seat, testing::patience(10s));
    ASSERT_TRUE(seat.send(testing::review_request(0)));
    again = testing::await_review(seat);
  }
  EXPECT_EQ(again.review, heard.review);
  EXPECT_TRUE(again.progress.empty());
  child_->send(SIGTERM);
  EXPECT_EQ(child_->wait(), 0) << child_->err();
}

// A review that cannot end within --review-seconds: a second request while
// it runs is refused, and at the limit the engine's searches are stopped
// (ActBudget::stop through review_seat) and the seat is told, with no review.
TEST_F(ServeReviewProcessTest, ASecondRequestIsRefusedAndALongReviewIsStoppedAtItsLimit) {
  serve({"--max-sims", "100000000", "--review-sims", "100000000", "--review-seconds", "1", "--table",
         "kuhn_poker: human,random"});
  ASSERT_EQ(links_.size(), 2u) << child_->out();
  WsClient seat(port_, links_[0]);
  {
    testing::AbortAfter guard(seat, testing::patience(10s));
    Rng rng(3);
    ASSERT_TRUE(testing::play_seat_to_end(seat, rng).over);
  }
  testing::AbortAfter guard(seat, testing::patience(20s));
  const auto asked = std::chrono::steady_clock::now();
  ASSERT_TRUE(seat.send(testing::review_request(0)));
  ASSERT_TRUE(seat.send(testing::review_request(0)));
  const testing::HeardReview second = testing::await_review(seat);
  EXPECT_EQ(second.error, "a review of your seat is already under way");
  ASSERT_FALSE(second.progress.empty());
  EXPECT_EQ(second.progress.front().first, 0);
  const testing::HeardReview stopped = testing::await_review(seat);
  EXPECT_NE(stopped.error.find("ran past this server's limit of 1 s"), std::string::npos) << stopped.error;
  EXPECT_TRUE(stopped.review.empty());
  EXPECT_LT(std::chrono::steady_clock::now() - asked, testing::patience(3s));
  child_->send(SIGTERM);
  EXPECT_EQ(child_->wait(), 0) << child_->err();
}

TEST_F(ServeReviewProcessTest, TheReviewFlagsAreCheckedAtStartUp) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--review-sims", "0"}, "--review-sims 0"},
      {{"--review-sims", "200000", "--max-sims", "1000"}, "at most --max-sims"},
      {{"--max-reviews", "3", "--think-threads", "2"}, "--max-reviews 3"},
      {{"--review-seconds", "0"}, "--review-seconds 0"},
      {{"--review-agent", "engine(command=/bin/sh)"}, "--review-agent"},
      {{"--review-agent", "ismcts(sims=100000000)"}, "--review-agent"},
  };
  for (const auto& [args, expected] : cases) {
    std::vector<std::string> all = {"serve", "--listen", "127.0.0.1:0", "--replays", dir_.string()};
    all.insert(all.end(), args.begin(), args.end());
    KibitzChild child(all);
    EXPECT_NE(child.wait(), 0) << args.front();
    EXPECT_NE(child.err().find(expected), std::string::npos) << child.err();
  }
}

}  // namespace
}  // namespace kibitz::web
