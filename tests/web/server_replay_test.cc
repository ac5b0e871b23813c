// The replay viewer's routes of `kibitz serve` on the wire: the document of
// a listed replay after a table played to its end, and of uploaded bytes;
// unlisted names, damaged bytes and bad game numbers refused with the
// problem named; the upload's own body limit (--max-upload-bytes) applying
// to that route only; a seat record uploaded to the same route; and a view
// being built holding up no other request.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "env/core/json.h"
#include "tests/web/server_client.h"
#include "web/server/server.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::HttpAnswer;

json::Document parse(const std::string& text) {
  json::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text.substr(0, 200);
  return doc;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class ServerReplayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    replay_dir_ = std::filesystem::temp_directory_path() /
                  ("kibitz_server_replay_test_" + std::to_string(::getpid()) + "_" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(replay_dir_);
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(replay_dir_);
  }

  void start(ServerOptions options = {}) {
    options.port = 0;
    options.registry.replay_dir = replay_dir_.string();
    server_ = std::make_unique<Server>(options);
    server_->start();
  }

  unsigned short port() const { return server_->port(); }

  // Plays a table of agents to its end; returns its replay file's name.
  std::string played_replay(const std::string& game, const std::vector<std::string>& seats) {
    const std::shared_ptr<Table> table = server_->registry().create({game, seats});
    EXPECT_TRUE(table->wait_until_over(60s));
    const std::string file = table->id() + ".kbr";
    // The end hook writes the file just after the game is over.
    for (int i = 0; i < 2000 && !std::filesystem::exists(replay_dir_ / file); ++i) std::this_thread::sleep_for(1ms);
    EXPECT_TRUE(std::filesystem::exists(replay_dir_ / file));
    return file;
  }

  std::string bytes_of(const std::string& file) const {
    std::ifstream in(replay_dir_ / file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
  }

  std::filesystem::path replay_dir_;
  std::unique_ptr<Server> server_;
};

TEST_F(ServerReplayTest, AListedReplayOpensInTheViewer) {
  start();
  const std::string file = played_replay("loyalist_spies(rounds=1)", {"random", "heuristic", "random", "heuristic"});
  const HttpAnswer answer = testing::http_request(port(), "GET", "/api/replays/" + file + "/view");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json::Document doc = parse(answer.body);
  EXPECT_EQ(doc["source"].GetString(), file);
  EXPECT_EQ(doc["games"].GetInt(), 1);
  EXPECT_EQ(doc["game_index"].GetInt(), 0);
  EXPECT_TRUE(doc["finished"].GetBool());
  EXPECT_EQ(doc["moves"].Size(), static_cast<unsigned>(doc["steps"].GetInt()));
  EXPECT_EQ(doc["streams"].Size(), 4u);
  EXPECT_EQ(doc["charts"].Size(), 5u);  // the public's P(Traitor) and each seat's
  EXPECT_GT(doc["annotations"].Size(), 0u);
  // Asked again (from the cache, or built again), the same document.
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays/" + file + "/view?game=0").body, answer.body);

  const HttpAnswer past = testing::http_request(port(), "GET", "/api/replays/" + file + "/view?game=1");
  EXPECT_EQ(past.status, 400);
  EXPECT_TRUE(contains(past.body, "the file holds 1 game; game=1 does not exist")) << past.body;
  const HttpAnswer word = testing::http_request(port(), "GET", "/api/replays/" + file + "/view?game=first");
  EXPECT_EQ(word.status, 400);
  EXPECT_TRUE(contains(word.body, "game=first is not a game number")) << word.body;
}

TEST_F(ServerReplayTest, OnlyListedNamesAreOpened) {
  start();
  played_replay("kuhn_poker", {"random", "random"});
  for (const std::string target : {"/api/replays/nosuch.kbr/view", "/api/replays/../x/view", "/api/replays/../x",
                                   "/api/replays/%2e%2e%2fx/view", "/api/replays//view"}) {
    const HttpAnswer answer = testing::http_request(port(), "GET", target);
    EXPECT_EQ(answer.status, 404) << target << ": " << answer.body;
  }
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays/view").status, 405);
}

TEST_F(ServerReplayTest, UploadedBytesOpenInTheViewer) {
  start();
  const std::string file = played_replay("leduc_poker", {"random", "ismcts(sims=20)"});
  const std::string bytes = bytes_of(file);
  const HttpAnswer answer = testing::http_request(port(), "POST", "/api/replays/view?game=0", bytes);
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json::Document doc = parse(answer.body);
  EXPECT_STREQ(doc["source"].GetString(), "uploaded file");
  EXPECT_EQ(doc["moves"].Size(), static_cast<unsigned>(doc["steps"].GetInt()));
  // The listed file's own document holds the same game.
  const json::Document listed = parse(testing::http_request(port(), "GET", "/api/replays/" + file + "/view").body);
  EXPECT_EQ(listed["steps"].GetInt(), doc["steps"].GetInt());

  const HttpAnswer garbage = testing::http_request(port(), "POST", "/api/replays/view", "these are not replay bytes");
  EXPECT_EQ(garbage.status, 400);
  EXPECT_TRUE(contains(garbage.body, "uploaded file")) << garbage.body;
  std::string damaged = bytes;
  damaged[damaged.size() / 2] ^= 0x21;
  const HttpAnswer broken = testing::http_request(port(), "POST", "/api/replays/view", damaged);
  EXPECT_EQ(broken.status, 400) << broken.body;
  const HttpAnswer empty = testing::http_request(port(), "POST", "/api/replays/view", "");
  EXPECT_EQ(empty.status, 400);
  EXPECT_TRUE(contains(empty.body, "empty")) << empty.body;
  const HttpAnswer bad_index = testing::http_request(port(), "POST", "/api/replays/view?game=2", bytes);
  EXPECT_EQ(bad_index.status, 400);
  EXPECT_TRUE(contains(bad_index.body, "game=2 does not exist")) << bad_index.body;
}

// A seat record posted to the same route opens as that seat's document;
// one that is not sound is refused, its bytes not quoted back.
TEST_F(ServerReplayTest, AnUploadedSeatRecordOpensInTheViewer) {
  start();
  const std::string record = R"({"format": "kibitz-seat-record", "version": 1, "game": "kuhn_poker",
    "seat": 1, "agent": "", "source": "kibitz engine", "start_time": "",
    "stream": [{"kind":"dealt_to","seat":0}, {"kind":"dealt","card":"K"}, {"kind":"bet","seat":0}],
    "decisions": [{"stream_size": 3, "played": "bet", "advised": "bet"}], "returns": null})";
  const HttpAnswer answer = testing::http_request(port(), "POST", "/api/replays/view", "\n" + record);
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json::Document doc = parse(answer.body);
  EXPECT_STREQ(doc["kind"].GetString(), "seat_record");
  EXPECT_EQ(doc["seat"].GetInt(), 1);
  EXPECT_EQ(doc["steps"].GetInt(), 3);
  EXPECT_EQ(doc["decisions"][0]["step"].GetInt(), 3);

  std::string hostile = record;
  hostile.replace(hostile.find("\"kind\":\"bet\""), 12, "\"kind\":\"<b>MARKER</b>\"");
  const HttpAnswer refused = testing::http_request(port(), "POST", "/api/replays/view", hostile);
  EXPECT_EQ(refused.status, 400);
  EXPECT_TRUE(contains(refused.body, "observation 2 of the stream")) << refused.body;
  EXPECT_FALSE(contains(refused.body, "MARKER")) << refused.body;
  const HttpAnswer second = testing::http_request(port(), "POST", "/api/replays/view?game=1", record);
  EXPECT_EQ(second.status, 400);
  EXPECT_TRUE(contains(second.body, "game=1 does not exist")) << second.body;
}

TEST_F(ServerReplayTest, TheUploadHasItsOwnBodyLimit) {
  ServerOptions options;
  options.network.max_request_bytes = 1024;
  options.network.max_upload_bytes = 4096;
  start(options);
  // Under the upload limit but over the request limit: read, and refused as a file.
  const HttpAnswer small = testing::http_request(port(), "POST", "/api/replays/view", std::string(3000, 'x'));
  EXPECT_EQ(small.status, 400) << small.body;
  // Over it: 413, naming the flag.
  const HttpAnswer large = testing::http_request(port(), "POST", "/api/replays/view", std::string(5000, 'x'));
  EXPECT_EQ(large.status, 413);
  EXPECT_TRUE(contains(large.body, "--max-upload-bytes")) << large.body;
  // Every other request keeps max_request_bytes.
  const HttpAnswer table = testing::http_request(port(), "POST", "/api/tables", std::string(3000, ' '));
  EXPECT_EQ(table.status, 413);
  EXPECT_TRUE(contains(table.body, "limit of 1024 bytes")) << table.body;
  // The server goes on serving.
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/tables").status, 200);
}

// One network thread, and a view held on its view thread until released:
// another request is answered meanwhile. Were the view built on the network
// thread, the other request would wait for the hold, which gives up only
// after 30 s (and says so): no timing decides the outcome.
TEST_F(ServerReplayTest, AViewBeingBuiltHoldsUpNoOtherRequest) {
  std::mutex mutex;
  std::condition_variable wake;
  bool released = false;
  bool gave_up = false;
  std::atomic<bool> holding{false};
  ServerOptions options;
  options.network_threads = 1;
  options.view_started = [&] {
    holding = true;
    std::unique_lock lock(mutex);
    gave_up = !wake.wait_for(lock, 30s, [&] { return released; });
  };
  start(options);
  const std::string file = played_replay("kuhn_poker", {"random", "random"});
  HttpAnswer view;
  std::thread viewer([&] { view = testing::http_request(port(), "GET", "/api/replays/" + file + "/view"); });
  for (int i = 0; i < 10000 && !holding; ++i) std::this_thread::sleep_for(1ms);
  ASSERT_TRUE(holding) << "the view never started";
  const HttpAnswer other = testing::http_request(port(), "GET", "/api/tables");
  {
    std::lock_guard lock(mutex);
    EXPECT_FALSE(gave_up) << "the other request waited for the view";
    released = true;
  }
  wake.notify_all();
  viewer.join();
  EXPECT_EQ(other.status, 200);
  EXPECT_EQ(view.status, 200) << view.body;
}

// Views past max_queued_views wait nowhere: they are refused at once. One
// network thread, so that the two requests below are queued one after
// the other.
TEST_F(ServerReplayTest, ViewsPastTheQueueAreRefused) {
  std::mutex mutex;
  std::condition_variable wake;
  bool released = false;
  std::atomic<int> started{0};
  ServerOptions options;
  options.network_threads = 1;
  options.network.max_queued_views = 1;
  options.view_started = [&] {
    ++started;
    std::unique_lock lock(mutex);
    wake.wait_for(lock, 30s, [&] { return released; });
  };
  start(options);
  const std::string file = played_replay("kuhn_poker", {"random", "random"});
  const std::string target = "/api/replays/" + file + "/view";
  HttpAnswer first;
  std::thread a([&] { first = testing::http_request(port(), "GET", target); });
  for (int i = 0; i < 10000 && started == 0; ++i) std::this_thread::sleep_for(1ms);
  ASSERT_EQ(started, 1);
  // One view is under way: of two more, one waits in the queue and the other is refused.
  std::array<HttpAnswer, 2> more;
  std::atomic<int> answered{0};
  std::vector<std::thread> threads;
  for (HttpAnswer& answer : more) {
    threads.emplace_back([&] {
      answer = testing::http_request(port(), "GET", target);
      ++answered;
    });
  }
  for (int i = 0; i < 10000 && answered == 0; ++i) std::this_thread::sleep_for(1ms);
  {
    std::lock_guard lock(mutex);
    released = true;
  }
  wake.notify_all();
  a.join();
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(first.status, 200);
  const HttpAnswer& refused = more[0].status == 503 ? more[0] : more[1];
  const HttpAnswer& served = more[0].status == 503 ? more[1] : more[0];
  EXPECT_EQ(refused.status, 503);
  EXPECT_TRUE(contains(refused.body, "limit 1")) << refused.body;
  EXPECT_EQ(served.status, 200) << served.body;
}

}  // namespace
}  // namespace kibitz::web
