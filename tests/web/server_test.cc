// `kibitz serve` on the wire: a server on 127.0.0.1, port 0, in this
// process; Beast clients create tables over HTTP and play every registered
// game to the end as people over WebSockets (random legal actions from the
// turn messages). What each connection heard is checked against the
// finished table's replay: a seat exactly its own stream, a spectator the
// public stream. Then the refusals and limits: tokens, oversized and
// malformed messages, a flood.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "tests/web/server_client.h"
#include "tests/web/web_test_support.h"
#include "web/server/server.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::Heard;
using testing::HttpAnswer;
using testing::WsClient;

json::Document parse(const std::string& text) {
  json::Document doc;
  doc.Parse(text.c_str());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

std::string type_of(const std::string& message) {
  const json::Document doc = parse(message);
  return doc.IsObject() && doc.HasMember("type") ? doc["type"].GetString() : "";
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    replay_dir_ = std::filesystem::temp_directory_path() /
                  ("kibitz_server_test_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(replay_dir_);
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(replay_dir_);
  }

  void start(NetworkLimits network = fast_limits()) {
    ServerOptions options;
    options.port = 0;
    options.network = network;
    options.registry.replay_dir = replay_dir_.string();
    options.registry.think_threads = 2;
    server_ = std::make_unique<Server>(options);
    server_->start();
  }

  // Limits loose enough that scripted clients, acting as fast as they
  // read, are never rate limited.
  static NetworkLimits fast_limits() {
    NetworkLimits limits;
    limits.messages_per_second = 1e6;
    limits.message_burst = 1000000;
    return limits;
  }

  unsigned short port() const { return server_->port(); }

  // Creates a table over HTTP; returns the answer's document.
  json::Document create(const std::string& game, const std::vector<std::string>& seats) {
    std::string body = "{\"game\":\"" + game + "\",\"seats\":[";
    for (std::size_t s = 0; s < seats.size(); ++s) body += (s ? ",\"" : "\"") + seats[s] + "\"";
    const HttpAnswer answer = testing::http_request(port(), "POST", "/api/tables", body + "]}");
    EXPECT_EQ(answer.status, 201) << answer.body;
    return parse(answer.body);
  }

  // Plays one table of `game`, every seat a person, over WebSockets (a
  // spectator watching) and checks what every connection heard against the
  // table's replay. Returns the table's id.
  std::string play_over_the_wire(const std::string& game, std::uint64_t seed);

  std::filesystem::path replay_dir_;
  std::unique_ptr<Server> server_;
};

// "/table/ID?seat=T" -> "/ws/table/ID?seat=T".
std::string ws_target(const std::string& link) { return "/ws" + link; }

// Everything one connection heard, read on its own thread; a seat plays
// random legal actions when its turn says so.
struct Listener {
  std::unique_ptr<WsClient> client;
  std::vector<std::string> messages;
  int refused = 0;
  std::thread thread;

  void run(bool plays, std::uint64_t seed) {
    thread = std::thread([this, plays, seed] {
      Rng rng(seed);
      while (const auto message = client->read()) {
        messages.push_back(*message);
        const json::Document doc = parse(*message);
        const std::string type = doc["type"].GetString();
        if (type == "refused") ++refused;
        if (type == "game_over" || type == "aborted") break;
        if (plays && type == "turn" && doc["to_act"].GetBool()) {
          const auto& legal = doc["legal"].GetArray();
          const std::string action = legal[rng.uniform_int(legal.Size())].GetString();
          client->send("{\"type\":\"act\",\"action\":\"" + action + "\"}");
        }
      }
    });
  }
  void join() {
    if (thread.joinable()) thread.join();
  }
};

Heard decode(const std::vector<std::string>& messages, const StreamSpec& spec) {
  Subscription sink(0, messages.size() + 1);
  for (const std::string& m : messages) sink.push(m);
  Heard heard;
  testing::listen(sink, spec, heard);
  return heard;
}

std::string ServerTest::play_over_the_wire(const std::string& game, std::uint64_t seed) {
  const int players = load_game(game)->num_players();
  const json::Document created =
      create(game, std::vector<std::string>(static_cast<std::size_t>(players), "human"));
  const std::string id = created["id"].GetString();
  std::vector<Listener> seats(static_cast<std::size_t>(players));
  for (int s = 0; s < players; ++s) {
    Listener& seat = seats[static_cast<std::size_t>(s)];
    seat.client = std::make_unique<WsClient>(port(), ws_target(created["seats"][s]["link"].GetString()));
    seat.run(true, seed + static_cast<std::uint64_t>(s));
  }
  Listener spectator;
  spectator.client = std::make_unique<WsClient>(port(), ws_target(created["spectator"].GetString()));
  spectator.run(false, 0);

  const std::shared_ptr<Table> table = server_->registry().find(id);
  const bool over = table->wait_until_over(20s);
  if (!over) {
    for (Listener& seat : seats) seat.client->abort();
    spectator.client->abort();
  }
  for (Listener& seat : seats) seat.join();
  spectator.join();
  EXPECT_TRUE(over) << game << " did not end over the wire";
  if (!over) return id;

  const auto final_state = testing::replay_state(*table);
  const StreamSpec& spec = table->game().stream_spec();
  for (int s = 0; s < players; ++s) {
    const Listener& seat = seats[static_cast<std::size_t>(s)];
    const Heard heard = decode(seat.messages, spec);
    EXPECT_EQ(heard.types.front(), "welcome");
    // Exactly its own stream on the wire, nothing of another seat's.
    EXPECT_EQ(heard.observations, final_state->seat_stream(s)) << game << " seat " << s;
    EXPECT_TRUE(heard.contiguous);
    EXPECT_TRUE(heard.over) << game << " seat " << s;
    EXPECT_EQ(heard.returns, final_state->returns());
    EXPECT_EQ(seat.refused, 0) << game << " seat " << s << ": a legal action was refused";
  }
  const Heard watched = decode(spectator.messages, spec);
  EXPECT_EQ(watched.observations, final_state->public_stream()) << game << " spectator";
  EXPECT_TRUE(watched.over);
  for (const std::string& type : watched.types) EXPECT_NE(type, "turn");
  return id;
}

TEST_F(ServerTest, EveryGamePlaysToTheEndOverWebSockets) {
  start();
  std::uint64_t seed = 1;
  for (const GameInfo& info : registered_games()) {
    SCOPED_TRACE(info.name);
    const std::string id = play_over_the_wire(info.name, seed += 100);
    // Its replay is listed and reads back as JSON.
    const HttpAnswer list = testing::http_request(port(), "GET", "/api/replays");
    EXPECT_NE(list.body.find(id + ".kbr"), std::string::npos) << list.body;
    const HttpAnswer replay = testing::http_request(port(), "GET", "/api/replays/" + id + ".kbr");
    EXPECT_EQ(replay.status, 200);
    EXPECT_NE(replay.body.find("\"records\""), std::string::npos);
  }
}

TEST_F(ServerTest, HttpCreatesAndListsTablesWithoutTokens) {
  start();
  const json::Document created = create("kuhn_poker", {"human", "random"});
  const std::string id = created["id"].GetString();
  const std::string link = created["seats"][0]["link"].GetString();
  EXPECT_EQ(link.rfind("/table/" + id + "?seat=", 0), 0u) << link;
  EXPECT_FALSE(created["seats"][1].HasMember("link"));  // an agent's seat has none
  EXPECT_EQ(std::string(created["spectator"].GetString()), "/table/" + id);
  const std::string token = link.substr(link.find('=') + 1);

  const HttpAnswer list = testing::http_request(port(), "GET", "/api/tables");
  EXPECT_EQ(list.status, 200);
  EXPECT_NE(list.body.find(id), std::string::npos);
  EXPECT_EQ(list.body.find(token), std::string::npos) << "a token in the public list";

  EXPECT_EQ(testing::http_request(port(), "GET", "/").status, 200);
  EXPECT_EQ(testing::http_request(port(), "GET", link).status, 200);
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays").status, 200);
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/nothing").status, 404);
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays/../../etc/passwd").status, 404);
  const HttpAnswer bad = testing::http_request(port(), "POST", "/api/tables", "{\"game\":");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("malformed JSON"), std::string::npos) << bad.body;
  const HttpAnswer unknown =
      testing::http_request(port(), "POST", "/api/tables", R"({"game":"chess","seats":["human"]})");
  EXPECT_EQ(unknown.status, 400) << unknown.body;
  const HttpAnswer huge =
      testing::http_request(port(), "POST", "/api/tables", std::string(100000, ' '));
  EXPECT_EQ(huge.status, 413);
}

}  // namespace
}  // namespace kibitz::web
