// A `kibitz serve` server on 127.0.0.1, port 0, in the test process, with a
// replay directory of its own, for the tests of hostile clients: options
// are set before start(), tables are created over HTTP.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "env/core/json.h"
#include "tests/web/server_client.h"
#include "web/server/server.h"

namespace kibitz::web::testing {

class ServerFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    replay_dir_ = std::filesystem::temp_directory_path() /
                  ("kibitz_server_fixture_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(replay_dir_);
    options_.port = 0;
    options_.registry.replay_dir = replay_dir_.string();
    options_.registry.think_threads = 2;
    // Scripted clients act as fast as they read: no rate limit for them.
    options_.network.messages_per_second = 1e6;
    options_.network.message_burst = 1000000;
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(replay_dir_);
  }

  void start() {
    server_ = std::make_unique<Server>(options_);
    server_->start();
  }
  unsigned short port() const { return server_->port(); }

  // POST /api/tables for `game` with `seats`.
  HttpAnswer post_table(const std::string& game, const std::vector<std::string>& seats,
                        const Headers& headers = {}) {
    std::string body = "{\"game\":\"" + game + "\",\"seats\":[";
    for (std::size_t s = 0; s < seats.size(); ++s) body += (s ? ",\"" : "\"") + seats[s] + "\"";
    return http_request(port(), "POST", "/api/tables", body + "]}", headers);
  }

  // The created table's answer, parsed; a failed test when it is not 201.
  json::Document create(const std::string& game, const std::vector<std::string>& seats) {
    const HttpAnswer answer = post_table(game, seats);
    EXPECT_EQ(answer.status, 201) << answer.body;
    json::Document doc;
    doc.Parse(answer.body.c_str());
    return doc;
  }

  ServerOptions options_;
  std::filesystem::path replay_dir_;
  std::unique_ptr<Server> server_;
};

// How long a test may wait for what takes `idle` on an idle machine: twice
// that, times the load per core when the machine is busier than one task a
// core (a 2-core machine shared by several builds runs at a load of 10).
std::chrono::milliseconds patience(std::chrono::milliseconds idle);

// Aborts `client` (ending a read blocked in it) unless this guard is
// destroyed first, `limit` from now: a server that stops answering fails
// the test instead of hanging it.
class AbortAfter {
 public:
  AbortAfter(WsClient& client, std::chrono::milliseconds limit);
  ~AbortAfter();
  AbortAfter(const AbortAfter&) = delete;
  AbortAfter& operator=(const AbortAfter&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_;
  bool finished_ = false;
  std::thread watcher_;
};

// "/table/ID?seat=T" -> "/ws/table/ID?seat=T".
inline std::string ws_target(const std::string& link) { return "/ws" + link; }

// Whether `text` is valid UTF-8 (rapidjson's own check).
bool is_valid_utf8(const std::string& text);

}  // namespace kibitz::web::testing
