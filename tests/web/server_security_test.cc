// The attacks of issue 30 over HTTP, against a server on loopback: a nested
// engine spec however spaced, specs and uploaded replays that name server
// files, and uncapped costs are all refused (4xx) with no side effect: no
// program runs, no file byte and no server path is in any reply. A replay
// of the server's own, its deck from the --decks catalogue, opens when
// uploaded back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "env/core/json.h"
#include "replays/replay_writer.h"
#include "tests/web/server_client.h"
#include "web/server/server.h"

namespace kibitz::web {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::HttpAnswer;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A JSON string literal of `text` (quotes, backslashes and control bytes escaped).
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

class ServerSecurityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("kibitz_server_security_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "decks");
    fs::copy_file(fs::path(KIBITZ_SOURCE_DIR) / "docs/examples/adulting_small_deck.json",
                  root_ / "decks" / "small.json");
    secret_ = (root_ / "secret.json").string();
    std::ofstream(secret_) << "{\"TOPSECRET\": 1}\nTOPSECRET line two\n";
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(root_);
  }

  void start() {
    ServerOptions options;
    options.port = 0;
    options.registry.replay_dir = (root_ / "replays").string();
    options.registry.spec_policy.decks =
        Catalogue::of_folder("--decks", (root_ / "decks").string());
    server_ = std::make_unique<Server>(options);
    server_->start();
  }

  HttpAnswer create(const std::string& game, const std::vector<std::string>& seats) {
    std::string body = "{\"game\":" + json_string(game) + ",\"seats\":[";
    for (std::size_t s = 0; s < seats.size(); ++s) body += (s ? "," : "") + json_string(seats[s]);
    return testing::http_request(server_->port(), "POST", "/api/tables", body + "]}");
  }

  // No reply may show the secret file's bytes or the server's folders.
  void expect_nothing_revealed(const HttpAnswer& answer) const {
    EXPECT_FALSE(contains(answer.body, "TOPSECRET")) << answer.body;
    EXPECT_FALSE(contains(answer.body, (root_ / "decks").string())) << answer.body;
  }

  fs::path root_;
  std::string secret_;
  std::unique_ptr<Server> server_;
};

TEST_F(ServerSecurityTest, ANestedEngineSpecIsRefusedAndRunsNothing) {
  start();
  const std::string marker = (root_ / "PWNED").string();
  for (const std::string& seat :
       {"ismcts(sims=1,rollout=engine (cmd=/usr/bin/touch " + marker + "))",
        "pimc(worlds=1,sims=1,rollout=engine\t(cmd=/usr/bin/touch " + marker + "))",
        "engine(cmd=/usr/bin/touch " + marker + ")"}) {
    const HttpAnswer answer = create("kuhn_poker", {seat, "random"});
    EXPECT_EQ(answer.status, 400) << seat << ": " << answer.body;
    // The tab is refused first as a control character in a table request;
    // the policy refuses it too (spec_policy_test.cc).
    EXPECT_TRUE(contains(answer.body, "runs a program on the server") ||
                contains(answer.body, "holds a control character"))
        << answer.body;
  }
  std::this_thread::sleep_for(100ms);  // a program started anyway would have run by now
  EXPECT_FALSE(fs::exists(marker));
  EXPECT_EQ(testing::http_request(server_->port(), "GET", "/api/tables").body.find("ismcts"),
            std::string::npos);
}

TEST_F(ServerSecurityTest, SpecsNamingServerFilesAreRefusedWithoutTheirBytes) {
  start();
  for (const auto& [game, seat] : std::vector<std::pair<std::string, std::string>>{
           {"kuhn_poker", "cfr(policy=" + secret_ + ")"},
           {"kuhn_poker", "cfr(policy=/etc/passwd)"},
           {"kuhn_poker", "cfr(policy=../secret.json)"}}) {
    const HttpAnswer answer = create(game, {seat, "random"});
    EXPECT_EQ(answer.status, 400) << answer.body;
    expect_nothing_revealed(answer);
  }
  const HttpAnswer deck =
      create("adulting(players=3,deck=" + secret_ + ")", {"random", "random", "random"});
  EXPECT_EQ(deck.status, 400) << deck.body;
  EXPECT_TRUE(contains(deck.body, "not a path")) << deck.body;
  expect_nothing_revealed(deck);
}

TEST_F(ServerSecurityTest, CostsAboveTheCapsAreRefused) {
  start();
  for (const auto& [seat, flag] : std::vector<std::pair<std::string, std::string>>{
           {"ismcts(sims=1000000000)", "--max-sims"},
           {"cfr(iters=100000000)", "--max-iters"},
           {"ismcts(threads=256,sims=1)", "--think-threads"},
           {"cfr(max_nodes=1000000000)", "--max-nodes"}}) {
    const HttpAnswer answer = create("kuhn_poker", {seat, "random"});
    EXPECT_EQ(answer.status, 400) << answer.body;
    EXPECT_TRUE(contains(answer.body, flag)) << answer.body;
  }
}

TEST_F(ServerSecurityTest, AnUploadedReplayNamingAServerFileIsRefused) {
  start();
  replays::ReplayRecord record;
  record.game = "adulting(players=3,deck=" + secret_ + ")";
  record.seat_labels = {"random", "random", "random"};
  record.agent_specs = record.seat_labels;
  const fs::path crafted = root_ / "crafted.kbr";
  {
    replays::ReplayWriter writer(crafted.string());
    writer.write(record);
    writer.close();
  }
  const HttpAnswer answer =
      testing::http_request(server_->port(), "POST", "/api/replays/view", bytes_of(crafted));
  EXPECT_EQ(answer.status, 400) << answer.body;
  EXPECT_TRUE(contains(answer.body, "not a path")) << answer.body;
  expect_nothing_revealed(answer);
}

TEST_F(ServerSecurityTest, ACatalogueDeckPlaysAndItsReplayOpensWhenUploaded) {
  start();
  const std::shared_ptr<Table> table = server_->registry().create(
      {"adulting(players=3,deck=small)", {"random", "random", "random"}});
  ASSERT_TRUE(table->wait_until_over(120s));
  const fs::path file = root_ / "replays" / (table->id() + ".kbr");
  for (int i = 0; i < 5000 && !fs::exists(file); ++i) std::this_thread::sleep_for(1ms);
  ASSERT_TRUE(fs::exists(file));
  const HttpAnswer answer =
      testing::http_request(server_->port(), "POST", "/api/replays/view", bytes_of(file));
  ASSERT_EQ(answer.status, 200) << answer.body.substr(0, 400);
  json::Document doc;
  doc.Parse(answer.body.c_str(), answer.body.size());
  ASSERT_FALSE(doc.HasParseError());
  // Recorded as the host named it (server_catalogue_names_test.cc).
  EXPECT_TRUE(contains(doc["game"].GetString(), "deck=small")) << doc["game"].GetString();
  expect_nothing_revealed(answer);
}

}  // namespace
}  // namespace kibitz::web
