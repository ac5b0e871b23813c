// Fair sharing in `kibitz serve` (issue 30): each attack of an anonymous
// client is refused or bounded, and the others are still served -- the
// spectator flood (the seat holders still connect), the table flood from one
// address (limited; another address still creates), abandoned tables
// (expire; a new table then succeeds), the half-open flood (another client
// is still served), a slow agent (other tables keep moving) and a stop
// while agents think (done within a second).
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tests/web/server_fixture.h"
#include "tests/web/slow_agent.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::HttpAnswer;
using testing::WsClient;
using Clock = std::chrono::steady_clock;

class ServerLimitsTest : public testing::ServerFixture {};

// The messages of `client` up to and including the first of `type`;
// nullopt when the connection closed first.
std::optional<std::string> read_until(WsClient& client, const std::string& type) {
  while (const std::optional<std::string> message = client.read()) {
    if (message->find("\"type\":\"" + type + "\"") != std::string::npos) return message;
  }
  return std::nullopt;
}

TEST_F(ServerLimitsTest, ASpectatorFloodDoesNotLockTheSeatHoldersOut) {
  options_.registry.limits.max_spectators_per_table = 32;
  options_.network.max_connections_per_client = 200;  // this test's subject is the table's budget
  start();
  const json::Document created = create("kuhn_poker", {"human", "human"});
  std::vector<std::unique_ptr<WsClient>> spectators;
  for (int i = 0; i < 32; ++i) {
    spectators.push_back(
        std::make_unique<WsClient>(port(), testing::ws_target(created["spectator"].GetString())));
    ASSERT_TRUE(read_until(*spectators.back(), "welcome")) << "spectator " << i;
  }
  WsClient one_more(port(), testing::ws_target(created["spectator"].GetString()));
  const std::optional<std::string> refusal = read_until(one_more, "error");
  ASSERT_TRUE(refusal);
  EXPECT_NE(refusal->find("limit of 32 spectators"), std::string::npos) << *refusal;
  // Both seat holders connect, are told their turn, and the game goes on.
  WsClient seat0(port(), testing::ws_target(created["seats"][0]["link"].GetString()));
  WsClient seat1(port(), testing::ws_target(created["seats"][1]["link"].GetString()));
  const testing::AbortAfter guard0(seat0, testing::patience(5s));
  const testing::AbortAfter guard1(seat1, testing::patience(5s));
  ASSERT_TRUE(read_until(seat0, "welcome")) << seat0.close_reason();
  ASSERT_TRUE(read_until(seat1, "welcome")) << seat1.close_reason();
  ASSERT_TRUE(read_until(seat0, "turn"));
  ASSERT_TRUE(seat0.send(R"({"type":"act","action":"pass"})"));
  const std::optional<std::string> observed = read_until(seat1, "observations");
  EXPECT_TRUE(observed);
}

TEST_F(ServerLimitsTest, ATableFloodFromOneClientIsLimitedAndOthersStillCreate) {
  options_.network.tables_per_minute = 5;
  start();
  int created = 0;
  std::string refusal;
  const auto began = Clock::now();
  for (int i = 0; i < 30; ++i) {
    const HttpAnswer answer = post_table("kuhn_poker", {"human", "human"});
    if (answer.status == 201) {
      ++created;
    } else {
      EXPECT_EQ(answer.status, 429) << answer.body;
      refusal = answer.body;
    }
  }
  // Five at once, and one more for each 12 s the requests took (5 a
  // minute): on a busy machine they may take a while.
  const auto took = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - began).count();
  EXPECT_GE(created, 5);
  EXPECT_LE(created, 5 + 1 + static_cast<int>(took / 12));
  EXPECT_NE(refusal.find("--tables-per-minute"), std::string::npos) << refusal;
  EXPECT_EQ(static_cast<int>(server_->registry().tables().size()), created);
  // Another address has its own allowance.
  const HttpAnswer other =
      testing::http_request_from("127.0.0.2", port(), "POST", "/api/tables",
                                 R"({"game":"kuhn_poker","seats":["human","human"]})");
  EXPECT_EQ(other.status, 201) << other.body;
}

TEST_F(ServerLimitsTest, AbandonedTablesExpireAndANewTableThenSucceeds) {
  options_.registry.limits.max_tables = 3;
  options_.registry.table_idle = 300ms;
  options_.network.tables_per_minute = 1e6;
  start();
  // One table attended all along: it must not expire.
  const json::Document kept = create("kuhn_poker", {"human", "human"});
  WsClient holder(port(), testing::ws_target(kept["seats"][0]["link"].GetString()));
  ASSERT_TRUE(read_until(holder, "welcome"));
  create("kuhn_poker", {"human", "human"});
  create("kuhn_poker", {"human", "human"});
  const HttpAnswer full = post_table("kuhn_poker", {"human", "human"});
  EXPECT_EQ(full.status, 503) << full.body;
  EXPECT_NE(full.body.find("--max-tables"), std::string::npos) << full.body;
  // The abandoned two expire; then a new table has a place.
  const auto deadline = Clock::now() + testing::patience(1500ms);
  HttpAnswer again;
  do {
    std::this_thread::sleep_for(50ms);
    again = post_table("kuhn_poker", {"human", "human"});
  } while (again.status != 201 && Clock::now() < deadline);
  EXPECT_EQ(again.status, 201) << again.body;
  int aborted = 0;
  for (const TableStatus& status : server_->registry().tables()) {
    if (status.id == kept["id"].GetString()) {
      EXPECT_FALSE(status.aborted) << "an attended table expired";
    } else if (status.aborted) {
      ++aborted;
      EXPECT_NE(status.abort_reason.find("abandoned"), std::string::npos) << status.abort_reason;
    }
  }
  EXPECT_EQ(aborted, 2);
}

TEST_F(ServerLimitsTest, AHalfOpenFloodDoesNotShutOutOtherClients) {
  options_.network.max_connections = 256;
  options_.network.max_connections_per_client = 32;
  options_.network.request_timeout_seconds = 2;
  start();
  namespace net = boost::asio;
  net::io_context io;
  std::vector<std::unique_ptr<net::ip::tcp::socket>> flood;
  for (int i = 0; i < 256; ++i) {
    flood.push_back(std::make_unique<net::ip::tcp::socket>(io));
    flood.back()->connect({net::ip::make_address("127.0.0.1"), port()});  // and say nothing
  }
  // Another client is answered at once, not after the flood times out.
  const auto asked = Clock::now();
  const HttpAnswer other = testing::http_request_from("127.0.0.2", port(), "GET", "/api/tables");
  EXPECT_EQ(other.status, 200) << other.body;
  EXPECT_LT(Clock::now() - asked, testing::patience(500ms));
  // The flooding address itself is told why it is refused.
  const HttpAnswer refused = testing::http_request(port(), "GET", "/api/tables");
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_NE(refused.body.find("--max-client-connections"), std::string::npos) << refused.body;
  // The half-open connections it let in are closed after the request timeout.
  flood.front()->non_blocking(false);
  char byte = 0;
  boost::system::error_code ec;
  const auto waited = Clock::now();
  flood.front()->read_some(net::buffer(&byte, 1), ec);
  EXPECT_TRUE(ec) << "the server sent a byte to a client that asked nothing";
  EXPECT_LT(Clock::now() - waited, testing::patience(3s));
  flood.clear();
  // Once they are gone the address is served again.
  const auto until = Clock::now() + testing::patience(3s);
  HttpAnswer back;
  do {
    std::this_thread::sleep_for(100ms);
    back = testing::http_request(port(), "GET", "/api/tables");
  } while (back.status != 200 && Clock::now() < until);
  EXPECT_EQ(back.status, 200) << back.body;
}

TEST_F(ServerLimitsTest, ASlowAgentIsStoppedAtTheDecisionTimeAndOtherTablesMove) {
  testing::register_slow_agent();
  options_.registry.think_threads = 1;  // the worst case: one thread for every table
  options_.registry.decision_time = 300ms;
  start();
  const int ended_before = testing::slow_decisions_ended.load();
  const json::Document slow = create("kuhn_poker", {"until_stopped", "until_stopped"});
  const json::Document quick = create("kuhn_poker", {"human", "random"});
  WsClient seat(port(), testing::ws_target(quick["seats"][0]["link"].GetString()));
  // A person's game against a quick agent goes on while the slow one thinks:
  // each move of the quick agent waits for the slow decision under way at
  // most, which the decision time cuts short.
  const testing::AbortAfter guard(seat, testing::patience(3s));
  bool over = false;
  while (const std::optional<std::string> message = seat.read()) {
    if (message->find("\"type\":\"game_over\"") != std::string::npos) {
      over = true;
      break;
    }
    if (message->find("\"to_act\":true") != std::string::npos) {
      const std::string action = message->find("\"pass\"") != std::string::npos ? "pass" : "call";
      seat.send(R"({"type":"act","action":")" + action + "\"}");
    }
  }
  EXPECT_TRUE(over) << "the person's table stopped moving";
  // The slow table ends too: every decision stopped at its time, not at the agent's minute.
  const std::shared_ptr<Table> table = server_->registry().find(slow["id"].GetString());
  ASSERT_TRUE(table->wait_until_over(testing::patience(3s)));
  EXPECT_TRUE(table->status().finished);
  EXPECT_GE(testing::slow_decisions_ended.load() - ended_before, 2);
}

TEST_F(ServerLimitsTest, TablesAreBuiltOffTheNetworkThreads) {
  testing::register_slow_agent();
  testing::hold_slow_builds();
  options_.network_threads = 1;  // were the build on it, nothing else would be answered
  start();
  const int begun = testing::slow_builds_begun.load();
  HttpAnswer slow;
  std::thread host([&] { slow = post_table("kuhn_poker", {"slow_to_build", "human"}); });
  const auto until = Clock::now() + testing::patience(2s);
  while (testing::slow_builds_begun.load() == begun && Clock::now() < until)
    std::this_thread::sleep_for(2ms);
  EXPECT_EQ(testing::slow_builds_begun.load(), begun + 1) << "the build did not start";
  // The build is under way: pages, lists and other tables are still served.
  const auto asked = Clock::now();
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/tables").status, 200);
  EXPECT_EQ(post_table("kuhn_poker", {"human", "random"}).status, 201);
  EXPECT_LT(Clock::now() - asked, testing::patience(1s));
  testing::release_slow_builds();
  host.join();
  EXPECT_EQ(slow.status, 201) << slow.body;
}

TEST_F(ServerLimitsTest, StoppingTheServerCancelsAgentsThinkingWithinASecond) {
  testing::register_slow_agent();
  options_.registry.decision_time = 10min;
  start();
  const int begun = testing::slow_decisions_begun.load();
  create("kuhn_poker", {"until_stopped", "until_stopped"});
  create("leduc_poker", {"until_stopped", "until_stopped"});
  const auto until = Clock::now() + testing::patience(2s);
  while (testing::slow_decisions_begun.load() < begun + 2 && Clock::now() < until)
    std::this_thread::sleep_for(5ms);
  ASSERT_EQ(testing::slow_decisions_begun.load(), begun + 2) << "both agents should be thinking";
  const auto asked = Clock::now();
  server_->stop();
  // The stop itself waits 200 ms for the "aborted" messages to go out.
  EXPECT_LT(Clock::now() - asked, testing::patience(1s));
  EXPECT_EQ(testing::slow_decisions_ended.load(), testing::slow_decisions_begun.load());
}

}  // namespace
}  // namespace kibitz::web
