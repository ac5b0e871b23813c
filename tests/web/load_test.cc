// `kibitz serve` under a bounded load on loopback: a server on 127.0.0.1
// port 0 in this process, 50 tables at once (every registered game in
// turn; random agents and one or two simulated people a table, which answer
// every turn at once), each slot playing 2 games one after another
// (tests/web/load_driver.h). Every table must reach game_over within a
// generous deadline (a liveness check, not a speed target: a stalled server
// fails with the tables that did not end), every replay must be written,
// nothing refused, and every person must have heard exactly its own seat's
// stream: no message before the end carried another seat's hidden entries.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "tests/web/load_driver.h"
#include "tests/web/web_test_support.h"
#include "web/server/server.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::LoadOptions;
using testing::LoadResult;
using testing::LoadTable;
using testing::PersonRecord;

constexpr int kSlots = 50;
constexpr int kGamesPerSlot = 2;

// Every registered game in turn, a person in a seat that moves from table
// to table, a second person at every third table, random agents elsewhere.
std::vector<LoadTable> mixed_tables() {
  std::vector<LoadTable> tables;
  const auto& games = registered_games();
  for (int t = 0; t < kSlots; ++t) {
    const std::string& name = games[static_cast<std::size_t>(t) % games.size()].name;
    const int players = load_game(name)->num_players();
    std::vector<std::string> seats(static_cast<std::size_t>(players), "random");
    seats[static_cast<std::size_t>(t % players)] = "human";
    if (t % 3 == 0) seats[static_cast<std::size_t>((t + 1) % players)] = "human";
    tables.push_back({name, seats});
  }
  return tables;
}

testing::Heard decode(const std::vector<std::string>& messages, const StreamSpec& spec) {
  Subscription sink(0, messages.size() + 1);
  for (const std::string& m : messages) sink.push(m);
  testing::Heard heard;
  testing::listen(sink, spec, heard);
  return heard;
}

class LoadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    replay_dir_ = std::filesystem::temp_directory_path() / ("kibitz_load_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(replay_dir_);
    ServerOptions options;
    options.port = 0;
    options.registry.replay_dir = replay_dir_.string();
    options.registry.limits.max_tables = kSlots;  // one live table a slot, never more
    // Every finished table stays, so that what its people heard can be
    // checked against it.
    options.registry.limits.max_finished_tables = kSlots * kGamesPerSlot;
    options.network.max_connections = 4 * kSlots;
    // Every simulated client comes from 127.0.0.1: one address, all the load.
    options.network.max_connections_per_client = options.network.max_connections;
    options.network.tables_per_minute = 1e6;
    // People who answer at once outrun the default 10 messages a second.
    options.network.messages_per_second = 1e6;
    options.network.message_burst = 1000000;
    server_ = std::make_unique<Server>(options);
    server_->start();
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(replay_dir_);
  }

  // Each person heard exactly its own seat's stream, in order, then game_over.
  void expect_own_streams_only(const LoadResult& result) {
    for (const PersonRecord& person : result.people) {
      SCOPED_TRACE("table " + person.table_id + " (" + person.game + ") seat " + std::to_string(person.seat));
      const auto table = server_->registry().find(person.table_id);
      ASSERT_NE(table, nullptr);
      const auto final_state = testing::replay_state(*table);
      const testing::Heard heard = decode(person.messages, table->game().stream_spec());
      ASSERT_FALSE(heard.types.empty());
      EXPECT_EQ(heard.types.front(), "welcome");
      EXPECT_EQ(heard.observations, final_state->seat_stream(person.seat));
      EXPECT_TRUE(heard.contiguous);
      EXPECT_TRUE(heard.over);
      EXPECT_EQ(heard.types.back(), "game_over");
    }
  }

  std::filesystem::path replay_dir_;
  std::unique_ptr<Server> server_;
};

TEST_F(LoadTest, FiftyTablesAtOnceEveryGamePlaysToTheEndWithItsReplay) {
  LoadOptions options;
  options.port = server_->port();
  options.slots = mixed_tables();
  options.games_per_slot = kGamesPerSlot;
  options.keep_messages = true;
  options.deadline = 120s;  // seconds are expected; this is only a stall
  const LoadResult result = testing::run_load(options);
  ASSERT_TRUE(result.completed) << result.failure;

  ASSERT_EQ(result.table_ids.size(), static_cast<std::size_t>(kSlots * kGamesPerSlot));
  const testing::LoadSummary summary = testing::summarize(result);
  EXPECT_GT(summary.acts, 0);
  EXPECT_EQ(summary.refused, 0) << "a legal act was refused";
  EXPECT_EQ(summary.errors, 0);
  EXPECT_EQ(summary.unconfirmed, 0) << "an act's first reply was not the seat's own move";
  EXPECT_EQ(summary.latency_ns.size(), static_cast<std::size_t>(summary.acts)) << "an act had no reply";

  // Every table ended with its game over and its replay on disk.
  std::map<std::string, int> people_per_table;
  for (const PersonRecord& person : result.people) ++people_per_table[person.table_id];
  for (const std::string& id : result.table_ids) {
    const auto table = server_->registry().find(id);
    ASSERT_NE(table, nullptr) << id;
    EXPECT_TRUE(table->status().finished) << id;
    EXPECT_TRUE(std::filesystem::exists(replay_dir_ / (id + ".kbr"))) << id;
    EXPECT_GT(people_per_table[id], 0) << id;
  }
  EXPECT_EQ(server_->registry().last_replay_error(), "");
  expect_own_streams_only(result);
}

// The driver itself: a deadline that passes says which tables did not end,
// rather than hanging or passing (a person who never answers stalls its table).
TEST_F(LoadTest, AStallFailsWithTheTablesThatDidNotEnd) {
  LoadOptions options;
  options.port = server_->port();
  options.slots = {{"leduc_poker", {"human", "random"}}};
  options.think_min = 10s;  // far past the deadline
  options.think_max = 10s;
  options.deadline = 300ms;
  const LoadResult result = testing::run_load(options);
  EXPECT_FALSE(result.completed);
  EXPECT_NE(result.failure.find("stalled"), std::string::npos) << result.failure;
  ASSERT_EQ(result.table_ids.size(), 1u);
  EXPECT_NE(result.failure.find(result.table_ids[0]), std::string::npos) << result.failure;
}

}  // namespace
}  // namespace kibitz::web
