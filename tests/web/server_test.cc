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

#include "agents/heuristic/heuristic_part.h"
#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "tests/web/server_client.h"
#include "tests/web/web_test_support.h"
#include "env/core/error.h"
#include "web/game_part.h"
#include "web/server/rate_limiter.h"
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
    // Every table of every game, from one address (the per-client limits
    // have tests of their own, server_limits_test.cc).
    limits.tables_per_minute = 1e6;
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

  // Plays one table of `game` over WebSockets, every seat a person unless
  // `seats` says otherwise (a spectator watching), and checks what every
  // connection heard against the table's replay. Returns the table's id.
  std::string play_over_the_wire(const std::string& game, std::uint64_t seed,
                                 std::vector<std::string> seats = {});

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

std::string ServerTest::play_over_the_wire(const std::string& game, std::uint64_t seed,
                                           std::vector<std::string> labels) {
  const int players = load_game(game)->num_players();
  if (labels.empty()) labels.assign(static_cast<std::size_t>(players), "human");
  const json::Document created = create(game, labels);
  const std::string id = created["id"].GetString();
  std::vector<Listener> seats(static_cast<std::size_t>(players));
  for (int s = 0; s < players; ++s) {
    Listener& seat = seats[static_cast<std::size_t>(s)];
    if (labels[static_cast<std::size_t>(s)] != "human") continue;
    seat.client = std::make_unique<WsClient>(port(), ws_target(created["seats"][s]["link"].GetString()));
    seat.run(true, seed + static_cast<std::uint64_t>(s));
  }
  Listener spectator;
  spectator.client = std::make_unique<WsClient>(port(), ws_target(created["spectator"].GetString()));
  spectator.run(false, 0);

  const std::shared_ptr<Table> table = server_->registry().find(id);
  const bool over = table->wait_until_over(20s);
  if (!over) {
    for (Listener& seat : seats) {
      if (seat.client) seat.client->abort();
    }
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
    if (!seat.client) continue;  // an agent's seat
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
  // Three games of each, so that deals and choices differ.
  for (int round = 0; round < 3; ++round) {
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
}

// The first message of a connection refused at the handshake, and the close.
std::string refusal(WsClient& client) {
  const auto message = client.read();
  EXPECT_TRUE(message.has_value());
  EXPECT_FALSE(client.read().has_value()) << "the connection stayed open";
  return message.value_or("");
}

TEST_F(ServerTest, PeopleAmongAgentsPlayOverWebSockets) {
  start();
  play_over_the_wire("loyalist_spies", 5, {"human", "random", "heuristic", "random"});
  play_over_the_wire("leduc_poker", 6, {"ismcts(sims=50)", "human"});
  play_over_the_wire("kuhn_poker", 7, {"human", "cfr"});
  play_over_the_wire("liars_dice(players=3,dice=2)", 8, {"heuristic", "human", "ismcts(sims=50)"});
}

TEST_F(ServerTest, WrongAndOtherTablesTokensAreRefused) {
  start();
  const json::Document a = create("kuhn_poker", {"human", "human"});
  const json::Document b = create("kuhn_poker", {"human", "random"});
  const std::string id_a = a["id"].GetString();
  const std::string link_b = b["seats"][0]["link"].GetString();
  const std::string token_b = link_b.substr(link_b.find('=') + 1);

  WsClient wrong(port(), "/ws/table/" + id_a + "?seat=" + std::string(32, '0'));
  const std::string wrong_answer = refusal(wrong);
  EXPECT_EQ(type_of(wrong_answer), "error") << wrong_answer;
  // Another table's seat is no seat of this one.
  WsClient other(port(), "/ws/table/" + id_a + "?seat=" + token_b);
  EXPECT_EQ(type_of(refusal(other)), "error");
  WsClient nowhere(port(), "/ws/table/nosuchtable");
  EXPECT_NE(refusal(nowhere).find("no table"), std::string::npos);

  // A spectator cannot act; seat 1 cannot act for seat 0 (it is not its turn).
  WsClient spectator(port(), ws_target(a["spectator"].GetString()));
  WsClient seat1(port(), ws_target(a["seats"][1]["link"].GetString()));
  ASSERT_EQ(type_of(*spectator.read()), "welcome");
  spectator.send(R"({"type":"act","action":"bet"})");
  std::string answer;
  while (const auto m = spectator.read()) {
    if (type_of(*m) == "refused") { answer = *m; break; }
  }
  EXPECT_NE(answer.find("spectator"), std::string::npos) << answer;
  seat1.send(R"({"type":"act","action":"bet"})");
  answer.clear();
  while (const auto m = seat1.read()) {
    if (type_of(*m) == "refused") { answer = *m; break; }
  }
  EXPECT_FALSE(answer.empty());
  EXPECT_EQ(server_->registry().find(id_a)->status().moves, 2) << "only the deal was played";
}

TEST_F(ServerTest, OversizedAndMalformedMessagesAreRefusedAndTheServerKeepsServing) {
  NetworkLimits limits = fast_limits();
  limits.max_message_bytes = 1024;
  start(limits);
  const json::Document a = create("kuhn_poker", {"human", "random"});
  const std::string seat_link = a["seats"][0]["link"].GetString();
  {
    WsClient client(port(), ws_target(seat_link));
    for (const char* bad : {"{not json", "[1,2]", R"({"type":"fold"})", R"({"type":"act"})",
                            R"({"type":"act","action":7})", ""}) {
      ASSERT_TRUE(client.send(bad));
      std::string answer;
      while (const auto m = client.read()) {
        if (type_of(*m) == "error") { answer = *m; break; }
      }
      EXPECT_FALSE(answer.empty()) << "no error for " << bad;
    }
    // Too big: the connection is closed with 1009, message too big.
    client.send(std::string(4096, 'x'));
    while (client.read()) {
    }
    EXPECT_EQ(client.close_code(), 1009);
  }
  // The server still serves: the same seat rejoins and plays the game out.
  const std::string id = play_over_the_wire("kuhn_poker", 7);
  EXPECT_TRUE(server_->registry().find(id)->status().finished);
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/tables").status, 200);
}

TEST_F(ServerTest, AFloodIsRateLimitedAndAnotherTableStillPlays) {
  NetworkLimits limits;
  limits.messages_per_second = 5;
  limits.message_burst = 50;
  start(limits);
  const json::Document flooded = create("leduc_poker", {"human", "random"});
  WsClient flood(port(), ws_target(flooded["seats"][0]["link"].GetString()));
  // One thread floods, then reads what came back (a Beast stream is not
  // to be read and written from two threads at once).
  int sent = 0, refused_for_rate = 0;
  std::atomic<bool> closed{false};
  std::thread flooder([&] {
    const std::string bogus = R"({"type":"act","action":"no such action"})";
    while (sent < 5000 && flood.send(bogus)) ++sent;
    while (const auto m = flood.read()) {
      if (m->find("rate limit") != std::string::npos) ++refused_for_rate;
    }
    closed = true;
  });
  // Meanwhile a table of two people (each a connection under the same
  // limits: 50 messages at once, then 5 a second) plays to the end.
  const auto started = std::chrono::steady_clock::now();
  const std::string id = play_over_the_wire("kuhn_poker", 3);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
  EXPECT_TRUE(server_->registry().find(id)->status().finished);
  // The server closes the flooding connection (it would read forever else).
  for (int i = 0; i < 500 && !closed; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(closed) << "the flooding connection is still open after " << sent << " messages";
  if (!closed) flood.abort();
  flooder.join();
  // The refusals, or the close when a reset left them unread, say why.
  EXPECT_TRUE(refused_for_rate > 0 || flood.close_reason().find("rate limit") != std::string::npos)
      << flood.close_reason();
}

TEST_F(ServerTest, AClosedTabRejoinsItsSeatAndTheOlderConnectionIsClosed) {
  start();
  const json::Document a = create("kuhn_poker", {"human", "random"});
  const std::string target = ws_target(a["seats"][0]["link"].GetString());
  WsClient first(port(), target);
  std::vector<std::string> heard_first;
  while (heard_first.size() < 3) heard_first.push_back(first.read().value_or(""));  // welcome, deal, turn
  WsClient second(port(), target);
  // The older connection is told why it ends.
  while (first.read()) {
  }
  EXPECT_NE(first.close_reason().find("newer connection"), std::string::npos) << first.close_reason();
  // 1008: for good, so the older tab does not rejoin and take the seat back.
  EXPECT_EQ(first.close_code(), 1008);
  // The rejoined seat hears its stream again from the start.
  EXPECT_EQ(type_of(second.read().value_or("")), "welcome");
  const json::Document observations = parse(second.read().value_or(""));
  EXPECT_EQ(std::string(observations["type"].GetString()), "observations");
  EXPECT_EQ(observations["from"].GetInt(), 0);
  EXPECT_EQ(observations["observations"], parse(heard_first[1])["observations"]);
}

// Secret links keep seats private; the Origin and Host checks keep another
// site's page, open in the same browser, from using a server it can reach.
TEST_F(ServerTest, AnotherSitesPageCannotCreateTablesOrOpenSockets) {
  start();
  const std::string request = R"({"game": "kuhn_poker", "seats": ["human", "random"]})";
  const std::string own = "http://127.0.0.1:" + std::to_string(port());
  const HttpAnswer elsewhere = testing::http_request(port(), "POST", "/api/tables", request,
                                            {{"Origin", "https://elsewhere.example"}});
  EXPECT_EQ(elsewhere.status, 403);
  EXPECT_NE(elsewhere.body.find("https://elsewhere.example"), std::string::npos) << elsewhere.body;
  EXPECT_EQ(server_->registry().tables().size(), 0u) << "a refused request created a table";
  const HttpAnswer ours = testing::http_request(port(), "POST", "/api/tables", request, {{"Origin", own}});
  ASSERT_EQ(ours.status, 201) << ours.body;
  const std::string target = ws_target(parse(ours.body)["seats"][0]["link"].GetString());
  EXPECT_THROW(WsClient(port(), target, "https://elsewhere.example"), boost::system::system_error);
  WsClient from_our_page(port(), target, own);
  EXPECT_EQ(type_of(from_our_page.read().value_or("")), "welcome");
  // DNS rebinding: another site's name pointed at 127.0.0.1 reaches a
  // loopback server with that name as its Host, and is refused.
  const HttpAnswer rebound = testing::http_request(port(), "GET", "/api/tables", "",
                                          {{"Host", "elsewhere.example:" + std::to_string(port())}});
  EXPECT_EQ(rebound.status, 403);
  EXPECT_NE(rebound.body.find("loopback"), std::string::npos) << rebound.body;
}

TEST_F(ServerTest, StoppingTellsPlayersTheGameIsAborted) {
  start();
  const json::Document a = create("leduc_poker", {"human", "random"});
  WsClient seat(port(), ws_target(a["seats"][0]["link"].GetString()));
  ASSERT_EQ(type_of(seat.read().value_or("")), "welcome");
  server_->stop();
  server_.reset();  // closes the connections, so the reads below end
  std::string last;
  while (const auto m = seat.read()) last = *m;
  EXPECT_EQ(type_of(last), "aborted") << last;
  EXPECT_NE(last.find("shutting down"), std::string::npos) << last;
}

TEST(TokenBucketTest, SpendsTheBurstThenRefillsAtTheRate) {
  const auto t0 = TokenBucket::Clock::time_point{};
  TokenBucket bucket(2.0, 3, t0);
  EXPECT_TRUE(bucket.try_take(t0));
  EXPECT_TRUE(bucket.try_take(t0));
  EXPECT_TRUE(bucket.try_take(t0));
  EXPECT_FALSE(bucket.try_take(t0));                    // the burst is spent
  EXPECT_FALSE(bucket.try_take(t0 + 400ms));            // 0.8 of a token
  EXPECT_TRUE(bucket.try_take(t0 + 500ms));             // one token at 2 a second
  EXPECT_FALSE(bucket.try_take(t0 + 500ms));
  EXPECT_TRUE(bucket.try_take(t0 + 100s));              // refills to the burst, no more
  EXPECT_TRUE(bucket.try_take(t0 + 100s));
  EXPECT_TRUE(bucket.try_take(t0 + 100s));
  EXPECT_FALSE(bucket.try_take(t0 + 100s));
  EXPECT_THROW(TokenBucket(0.0, 1), KibitzError);
  EXPECT_THROW(TokenBucket(1.0, 0), KibitzError);
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

TEST_F(ServerTest, TheListOfGamesIsTheRegistrys) {
  start();
  const HttpAnswer answer = testing::http_request(port(), "GET", "/api/games");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json::Document listed = parse(answer.body);
  const auto& games = listed["games"];
  ASSERT_EQ(games.Size(), registered_games().size());
  for (json::SizeType i = 0; i < games.Size(); ++i) {
    const GameInfo& info = registered_games()[i];
    EXPECT_EQ(std::string(games[i]["name"].GetString()), info.name);
    EXPECT_EQ(std::string(games[i]["title"].GetString()), info.title);
    EXPECT_EQ(games[i]["examples"].Size(), info.examples.size()) << info.name;
    EXPECT_EQ(games[i]["heuristic"].GetBool(), HeuristicParts::find(info.name) != nullptr) << info.name;
    const WebPart* part = WebParts::find(info.name);
    if (part != nullptr && !part->renderer.empty()) {
      EXPECT_EQ(std::string(games[i]["renderer"].GetString()), part->renderer);
    } else {
      EXPECT_TRUE(games[i]["renderer"].IsNull()) << info.name;
    }
  }
  EXPECT_EQ(testing::http_request(port(), "POST", "/api/games").status, 405);
}

}  // namespace
}  // namespace kibitz::web
