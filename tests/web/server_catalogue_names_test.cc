// Catalogue files on the wire (issue 30): a server offering --models and
// --decks builds its tables from the catalogue paths, but everything a
// client can see names the entries as the host did, never by their paths:
// the table's answer, the table list, every WebSocket message, the replay
// list, the replays served (as JSON, as the viewer's document, and the
// records in the files themselves). The replays stay viewable: the server
// resolves the names through its catalogues when it reads them back.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "agents/tabular/tabular_policy.h"
#include "env/core/json.h"
#include "env/core/registry.h"
#include "replays/replay_reader.h"
#include "tests/web/server_fixture.h"

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

class ServerCatalogueNamesTest : public testing::ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    root_ = fs::temp_directory_path() /
            ("kibitz_catalogue_names_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "decks");
    fs::create_directories(root_ / "models");
    fs::copy_file(fs::path(KIBITZ_SOURCE_DIR) / "docs/examples/adulting_small_deck.json",
                  root_ / "decks" / "small.json");
    save_policy((root_ / "models" / "kuhn.policy").string(),
                TabularPolicy::uniform(*load_game("kuhn_poker")));
    options_.registry.spec_policy.models =
        Catalogue::of_folder("--models", (root_ / "models").string());
    options_.registry.spec_policy.decks =
        Catalogue::of_folder("--decks", (root_ / "decks").string());
  }
  void TearDown() override {
    ServerFixture::TearDown();
    fs::remove_all(root_);
  }

  // What a client received, checked: no catalogue folder, no path to one.
  void expect_no_path(const std::string& what, const std::string& text) const {
    EXPECT_FALSE(contains(text, root_.string())) << what << ": " << text.substr(0, 2000);
  }

  HttpAnswer get(const std::string& target) {
    HttpAnswer answer = testing::http_request(port(), "GET", target);
    EXPECT_EQ(answer.status, 200) << target << ": " << answer.body.substr(0, 400);
    expect_no_path("GET " + target, answer.body);
    return answer;
  }

  json::Document posted(const std::string& game, const std::vector<std::string>& seats) {
    const HttpAnswer answer = post_table(game, seats);
    expect_no_path("POST /api/tables " + game, answer.body);
    EXPECT_EQ(answer.status, 201) << answer.body;
    json::Document doc;
    doc.Parse(answer.body.c_str(), answer.body.size());
    EXPECT_FALSE(doc.HasParseError()) << answer.body;
    return doc;
  }

  // Every message `target`'s connection receives until it has `count`.
  std::vector<std::string> ws_messages(const std::string& target, std::size_t count) {
    testing::WsClient client(port(), target);
    testing::AbortAfter guard(client, testing::patience(10s));
    std::vector<std::string> messages;
    while (messages.size() < count) {
      const std::optional<std::string> message = client.read();
      if (!message) break;
      expect_no_path("ws " + target, *message);
      messages.push_back(*message);
    }
    return messages;
  }

  // Waits until the server lists `count` replays; their file names.
  std::vector<std::string> replays_listed(std::size_t count) {
    const auto deadline = std::chrono::steady_clock::now() + testing::patience(60s);
    for (;;) {
      const HttpAnswer answer = get("/api/replays");
      json::Document doc;
      doc.Parse(answer.body.c_str(), answer.body.size());
      std::vector<std::string> files;
      for (const auto& entry : doc["replays"].GetArray()) files.push_back(entry["file"].GetString());
      if (files.size() >= count || std::chrono::steady_clock::now() > deadline) return files;
      std::this_thread::sleep_for(20ms);
    }
  }

  fs::path root_;
};

TEST_F(ServerCatalogueNamesTest, ClientsSeeEntryNamesNeverTheirPaths) {
  start();
  const std::string policy_path = (root_ / "models" / "kuhn.policy").string();

  // A person's table: the answer and every message of its seat and a spectator.
  const json::Document person = posted("kuhn_poker", {"human", "cfr(policy=kuhn)"});
  ASSERT_TRUE(person.IsObject() && person.HasMember("seats"));
  const std::string seat_link = person["seats"][0]["link"].GetString();
  const std::vector<std::string> seat_messages = ws_messages(testing::ws_target(seat_link), 2);
  ASSERT_FALSE(seat_messages.empty());
  EXPECT_TRUE(contains(seat_messages[0], "\"welcome\"")) << seat_messages[0];
  EXPECT_TRUE(contains(seat_messages[0], "cfr(policy=kuhn)")) << seat_messages[0];
  ws_messages("/ws/table/" + std::string(person["id"].GetString()), 1);

  // Tables of agents that end and are recorded: a model named by its stem,
  // by its whole name inside a nested agent, and by its path (as a spec this
  // server recorded before would); a deck named by its stem.
  posted("kuhn_poker",
         {"cfr(policy=" + policy_path + ")", "ismcts(sims=4,rollout=cfr(policy=kuhn.policy))"});
  const json::Document adulting = posted("adulting(players=3,deck=small)", {"random", "random", "random"});
  ws_messages("/ws/table/" + std::string(adulting["id"].GetString()), 1);

  const std::string tables = get("/api/tables").body;
  EXPECT_TRUE(contains(tables, "deck=small")) << tables;
  EXPECT_TRUE(contains(tables, "cfr(policy=kuhn.policy)")) << tables;

  const std::vector<std::string> files = replays_listed(2);
  ASSERT_EQ(files.size(), 2u);
  std::string recorded;  // every game and agent spec the two files record
  for (const std::string& file : files) {
    get("/api/replays/" + file);
    const HttpAnswer view = get("/api/replays/" + file + "/view?game=0");
    EXPECT_TRUE(contains(view.body, "\"steps\"")) << view.body.substr(0, 400);
    const std::string bytes = bytes_of(replay_dir_ / file);
    const HttpAnswer upload = testing::http_request(port(), "POST", "/api/replays/view", bytes);
    EXPECT_EQ(upload.status, 200) << upload.body.substr(0, 400);
    expect_no_path("POST /api/replays/view " + file, upload.body);

    std::istringstream in(bytes);
    replays::ReplayReader reader(in, file);
    replays::ReplayRecord record;
    while (reader.next(record)) {
      recorded += record.game + "\n";
      for (const std::string& spec : record.agent_specs) recorded += spec + "\n";
      for (const std::string& label : record.seat_labels) recorded += label + "\n";
    }
  }
  expect_no_path("the recorded specs", recorded);
  EXPECT_TRUE(contains(recorded, "deck=small")) << recorded;
  EXPECT_TRUE(contains(recorded, "rollout=cfr(policy=kuhn.policy")) << recorded;
  EXPECT_TRUE(contains(recorded, "cfr(policy=kuhn.policy")) << recorded;
}

}  // namespace
}  // namespace kibitz::web
