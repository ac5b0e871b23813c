// Tables with people and agents: agents play on the pool to the end and the
// replay is written; refusals say why; a seat rejoins; a slow agent at one
// table does not hold up another table's agents.
#include "web/table.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "agents/registry.h"
#include "env/core/params.h"
#include "replays/replay_reader.h"
#include "replays/verify.h"
#include "tests/web/web_test_support.h"
#include "web/table_registry.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::Heard;
using testing::listen;

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("kibitz_web_" + name + "_" +
                                                            std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir.string();
}

TEST(TableTest, AllAgentKuhnTablePlaysOnThePoolAndWritesAReplay) {
  const std::string dir = temp_dir("agents");
  RegistryOptions options;
  options.replay_dir = dir;
  TableRegistry registry(options);
  const auto table = registry.create({"kuhn_poker", {"random", "ismcts(sims=20)"}});
  auto spectator = table->watch();
  ASSERT_TRUE(table->wait_until_over(10s));
  ASSERT_TRUE(table->record().has_value());
  // The end hook writes the file after the game is over: give it a moment.
  const std::string path = dir + "/" + table->id() + ".kbr";
  for (int i = 0; i < 1000 && !std::filesystem::exists(path); ++i) std::this_thread::sleep_for(1ms);
  const auto records = replays::read_replay_file(path);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_TRUE(replays::verify_record(records[0]).empty());
  EXPECT_TRUE(replays::same_game(records[0], *table->record()));
  EXPECT_EQ(records[0].seat_labels, (std::vector<std::string>{"random", "ismcts(sims=20)"}));
  ASSERT_EQ(registry.replays().size(), 1u);
  EXPECT_EQ(registry.replays()[0].file, table->id() + ".kbr");
  Heard heard;
  listen(*spectator, table->game().stream_spec(), heard);
  EXPECT_TRUE(heard.over);
  EXPECT_EQ(heard.returns, records[0].returns);
  std::filesystem::remove_all(dir);
}

TEST(TableTest, RefusalsSayWhy) {
  ThinkPool pool(1);
  const auto table = Table::create(plan_table({"leduc_poker", {"human", "human"}}, {}, 3), {"t"}, pool);
  table->begin();
  const std::string& first = table->seat_token(0);
  const std::string& second = table->seat_token(1);
  EXPECT_FALSE(table->act("0123456789abcdef0123456789abcdef", "call").accepted);
  EXPECT_EQ(table->act("nonsense", "call").reason, "that token is not a seat of this table");
  const ActResult out_of_turn = table->act(second, "call");
  EXPECT_FALSE(out_of_turn.accepted);
  EXPECT_EQ(out_of_turn.reason, "it is not your turn");
  const ActResult unknown = table->act(first, "fly");
  EXPECT_FALSE(unknown.accepted);
  EXPECT_NE(unknown.reason.find("unknown action 'fly'"), std::string::npos) << unknown.reason;
  const ActResult illegal = table->act(first, "fold");  // nothing to fold to yet
  EXPECT_FALSE(illegal.accepted);
  EXPECT_NE(illegal.reason.find("'fold' is not legal now"), std::string::npos) << illegal.reason;
  EXPECT_FALSE(table->act(first, std::string(500, 'x')).accepted);
  EXPECT_THROW(table->join("bad token"), KibitzError);
  // Play to the end; then every action is refused as too late.
  std::vector<std::shared_ptr<Subscription>> seats{table->join(first), table->join(second)};
  std::vector<Heard> heard(2);
  Rng rng(5);
  ASSERT_TRUE(testing::play_people(*table, seats, heard, rng, 10s));
  EXPECT_EQ(table->act(first, "call").reason, "the game is over");
}

TEST(TableTest, ARejoiningSeatHearsItsWholeStreamAndTheOldConnectionCloses) {
  ThinkPool pool(1);
  const auto table = Table::create(plan_table({"kuhn_poker", {"human", "human"}}, {}, 4), {"t"}, pool);
  table->begin();
  auto first = table->join(table->seat_token(0));
  Heard before;
  listen(*first, table->game().stream_spec(), before);
  ASSERT_TRUE(table->act(table->seat_token(0), "bet").accepted);
  auto again = table->join(table->seat_token(0));
  EXPECT_TRUE(first->closed());
  EXPECT_EQ(first->close_reason(), "a newer connection joined this seat");
  EXPECT_FALSE(first->fell_behind()) << "replaced for good, not behind: it must not rejoin";
  Heard after;
  listen(*again, table->game().stream_spec(), after);
  EXPECT_EQ(after.types.front(), "welcome");
  EXPECT_TRUE(after.contiguous);
  EXPECT_GT(after.observations.size(), before.observations.size());
  EXPECT_TRUE(stream_starts_with(after.observations, before.observations));
}

// A listener that never reads is closed as fallen behind (the page rejoins,
// close code 1013), and nothing more is queued for it.
TEST(SubscriptionTest, AFullQueueClosesItAsFallenBehind) {
  Subscription subscription(0, 2);
  EXPECT_TRUE(subscription.push("a"));
  EXPECT_TRUE(subscription.push("b"));
  EXPECT_FALSE(subscription.closed());
  EXPECT_FALSE(subscription.push("c"));
  EXPECT_TRUE(subscription.closed());
  EXPECT_TRUE(subscription.fell_behind());
  EXPECT_NE(subscription.close_reason().find("rejoin"), std::string::npos) << subscription.close_reason();
  EXPECT_EQ(subscription.take().size(), 2u);
}

// An agent that plays its first legal action once released: a search that
// takes as long as the test wants.
std::atomic<bool> g_release{false};
class HeldAgent : public Agent {
 public:
  std::string spec() const override { return "held"; }
  Action act(const SeatView& view) override {
    for (int i = 0; i < 20000 && !g_release.load(); ++i) std::this_thread::sleep_for(1ms);
    return view.legal_actions().front();
  }
};

TEST(TableTest, ASlowAgentDoesNotDelayAnotherTablesAgents) {
  static const bool registered = [] {
    add_agents({AgentInfo{"held", "waits for the test", {},
                          [](const Params&, std::shared_ptr<const Game>, std::uint64_t) {
                            return std::make_unique<HeldAgent>();
                          }}});
    return true;
  }();
  (void)registered;
  g_release = false;
  RegistryOptions options;
  options.think_threads = 2;
  TableRegistry registry(options);
  const auto slow = registry.create({"kuhn_poker", {"held", "held"}});
  std::this_thread::sleep_for(20ms);  // the held agent is thinking on one thread
  for (int game = 0; game < 5; ++game) {
    const auto quick = registry.create({"kuhn_poker", {"random", "ismcts(sims=50)"}});
    EXPECT_TRUE(quick->wait_until_over(10s)) << "game " << game;
  }
  EXPECT_FALSE(slow->status().finished);
  g_release = true;
  EXPECT_TRUE(slow->wait_until_over(10s));
  EXPECT_TRUE(slow->status().finished);
}

}  // namespace
}  // namespace kibitz::web
