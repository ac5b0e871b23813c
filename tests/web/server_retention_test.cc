// The replay files of `kibitz serve` (web/replay_library.h): the list is
// read once and kept in memory, the server keeps only its newest
// --max-replays files and never deletes one it did not write, a symbolic
// link is never listed or served, and no answer names the folder's path.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "tests/web/server_fixture.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::HttpAnswer;
namespace fs = std::filesystem;

class ServerRetentionTest : public testing::ServerFixture {
 protected:
  // Plays a table of agents to its end; returns its replay's name.
  std::string play_one() {
    const std::shared_ptr<Table> table =
        server_->registry().create({"kuhn_poker", {"random", "random"}});
    EXPECT_TRUE(table->wait_until_over(testing::patience(5s)));
    const std::string file = table->id() + ".kbr";
    const auto until = std::chrono::steady_clock::now() + testing::patience(5s);
    while (!server_->registry().replay_library().find(file) &&
           std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(1ms);
    }
    return file;
  }

  std::size_t kbr_files() const {
    std::size_t n = 0;
    for (const auto& item : fs::directory_iterator(replay_dir_))
      n += item.path().extension() == ".kbr";
    return n;
  }

  void put(const std::string& name, const std::string& bytes) {
    std::ofstream(replay_dir_ / name) << bytes;
  }
};

TEST_F(ServerRetentionTest, KeepsTheNewestOfItsOwnAndNeverDeletesOthers) {
  options_.registry.max_replays = 2;
  fs::create_directories(replay_dir_);
  put("from_before.kbr", "not a replay at all");
  start();
  std::vector<std::string> played;
  for (int i = 0; i < 5; ++i) played.push_back(play_one());
  EXPECT_EQ(kbr_files(), 3u);  // two of its own, and the one from before
  EXPECT_TRUE(fs::exists(replay_dir_ / "from_before.kbr"));
  EXPECT_TRUE(fs::exists(replay_dir_ / played[3]));
  EXPECT_TRUE(fs::exists(replay_dir_ / played[4]));
  const HttpAnswer list = testing::http_request(port(), "GET", "/api/replays");
  EXPECT_NE(list.body.find(played[4]), std::string::npos) << list.body;
  EXPECT_NE(list.body.find("from_before.kbr"), std::string::npos) << list.body;
  EXPECT_EQ(list.body.find(played[0]), std::string::npos) << list.body;
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays/" + played[0]).status, 404);
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays/" + played[4]).status, 200);
  // Newest first.
  EXPECT_LT(list.body.find(played[4]), list.body.find(played[3])) << list.body;
}

TEST_F(ServerRetentionTest, TheListIsKeptInMemoryNotRescanned) {
  start();
  const std::string played = play_one();
  put("copied_in_later.kbr", "x");
  const HttpAnswer list = testing::http_request(port(), "GET", "/api/replays");
  EXPECT_NE(list.body.find(played), std::string::npos) << list.body;
  EXPECT_EQ(list.body.find("copied_in_later"), std::string::npos) << list.body;
  EXPECT_EQ(testing::http_request(port(), "GET", "/api/replays/copied_in_later.kbr").status, 404);
}

TEST_F(ServerRetentionTest, SymbolicLinksAreNeverListedOrServed) {
  fs::create_directories(replay_dir_);
  const fs::path secret = replay_dir_.parent_path() / (replay_dir_.filename().string() + "_secret");
  std::ofstream(secret) << "the server's private bytes";
  fs::create_symlink(secret, replay_dir_ / "link.kbr");
  start();
  const std::string played = play_one();
  const HttpAnswer list = testing::http_request(port(), "GET", "/api/replays");
  EXPECT_EQ(list.body.find("link.kbr"), std::string::npos) << list.body;
  for (const std::string target : {"/api/replays/link.kbr", "/api/replays/link.kbr/view"}) {
    const HttpAnswer answer = testing::http_request(port(), "GET", target);
    EXPECT_EQ(answer.status, 404) << target;
    EXPECT_EQ(answer.body.find("private"), std::string::npos) << answer.body;
  }
  // A listed file replaced by a link after it was listed is refused too.
  fs::remove(replay_dir_ / played);
  fs::create_symlink(secret, replay_dir_ / played);
  const HttpAnswer swapped = testing::http_request(port(), "GET", "/api/replays/" + played);
  EXPECT_EQ(swapped.status, 400) << swapped.body;
  EXPECT_EQ(swapped.body.find("private"), std::string::npos) << swapped.body;
  fs::remove(secret);
}

TEST_F(ServerRetentionTest, ErrorsNeverNameTheFolder) {
  fs::create_directories(replay_dir_);
  put("damaged.kbr", "KBR? not really a replay, just bytes that look nothing like one");
  start();
  for (const std::string target : {"/api/replays/damaged.kbr", "/api/replays/damaged.kbr/view"}) {
    const HttpAnswer answer = testing::http_request(port(), "GET", target);
    EXPECT_EQ(answer.status, 400) << target << ": " << answer.body;
    EXPECT_NE(answer.body.find("damaged.kbr"), std::string::npos) << answer.body;
    EXPECT_EQ(answer.body.find(replay_dir_.string()), std::string::npos) << answer.body;
    EXPECT_EQ(answer.body.find(fs::temp_directory_path().string()), std::string::npos)
        << answer.body;
  }
}

}  // namespace
}  // namespace kibitz::web
