// The registry's limits refuse with messages that name them, and lookups by
// id and by token find the right table and seat.
#include "web/table_registry.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "tests/web/web_test_support.h"
#include "web/seat_token.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;

std::string create_error(TableRegistry& registry, const TableSpec& spec) {
  try {
    registry.create(spec);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

TEST(TableRegistryTest, TableLimitRefusesWithItsValue) {
  RegistryOptions options;
  options.limits.max_tables = 1;
  TableRegistry registry(options);
  const auto first = registry.create({"kuhn_poker", {"human", "human"}});
  const std::string message = create_error(registry, {"kuhn_poker", {"human", "human"}});
  EXPECT_NE(message.find("limit of 1 tables"), std::string::npos) << message;
  EXPECT_EQ(registry.tables().size(), 1u);
}

TEST(TableRegistryTest, SeatLimitRefusesWithItsValue) {
  RegistryOptions options;
  options.limits.max_seats_per_table = 2;
  TableRegistry registry(options);
  const std::string message =
      create_error(registry, {"loyalist_spies", {"human", "human", "human", "human", "human"}});
  EXPECT_NE(message.find("limit of 2 seats per table"), std::string::npos) << message;
}

TEST(TableRegistryTest, SpectatorsNeverTakeASeatsPlace) {
  RegistryOptions options;
  options.limits.max_spectators_per_table = 2;
  TableRegistry registry(options);
  const auto table = registry.create({"kuhn_poker", {"human", "human"}});
  auto a = table->watch();
  const auto b = table->watch();
  try {
    table->watch();
    FAIL() << "a third spectator was accepted";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("limit of 2 spectators"), std::string::npos) << e.what();
  }
  // Both seats still join, and rejoin, with the spectators' places full.
  EXPECT_NO_THROW(table->join(table->seat_token(0)));
  EXPECT_NO_THROW(table->join(table->seat_token(1)));
  const auto again = table->join(table->seat_token(0));
  EXPECT_FALSE(again->closed());
  // A spectator gone frees its place.
  a.reset();
  EXPECT_FALSE(table->watch()->closed());
}

// A table nobody attends is closed after table_idle, and its place goes
// to the next request; attended tables and finished ones are left alone.
TEST(TableRegistryTest, AbandonedTablesExpireAndFreeTheirPlace) {
  RegistryOptions options;
  options.limits.max_tables = 2;
  options.table_idle = 1h;  // driven by the times passed in below
  TableRegistry registry(options);
  const auto abandoned = registry.create({"kuhn_poker", {"human", "human"}});
  const auto attended = registry.create({"kuhn_poker", {"human", "random"}});
  const auto seat = attended->join(attended->seat_token(0));
  EXPECT_THROW(registry.create({"kuhn_poker", {"human", "human"}}), KibitzError);
  const auto now = std::chrono::steady_clock::now();
  EXPECT_EQ(registry.expire_idle_tables(now + 59min), 0);
  EXPECT_EQ(registry.expire_idle_tables(now + 61min), 1);
  EXPECT_TRUE(abandoned->status().aborted);
  EXPECT_NE(abandoned->status().abort_reason.find("abandoned"), std::string::npos);
  EXPECT_FALSE(attended->status().aborted);
  EXPECT_NO_THROW(registry.create({"kuhn_poker", {"human", "human"}}));
}

TEST(TableRegistryTest, ASpectatorDoesNotKeepAPeoplesTableAlive) {
  RegistryOptions options;
  options.table_idle = 1h;
  TableRegistry registry(options);
  const auto people = registry.create({"kuhn_poker", {"human", "human"}});
  const auto watcher = people->watch();
  const auto now = std::chrono::steady_clock::now();
  EXPECT_GE(people->unattended_for(now + 2h), 1h);
  const auto seat = people->join(people->seat_token(1));
  EXPECT_EQ(people->unattended_for(now + 2h), std::chrono::steady_clock::duration{});
}

TEST(TableRegistryTest, AListenerThatNeverReadsIsClosed) {
  RegistryOptions options;
  options.limits.max_queued_messages = 4;
  TableRegistry registry(options);
  // People only, read from the start and before each of their moves: at
  // most 4 messages wait for them (observations and turn after their own
  // move and after the other's), while the spectator, who reads nothing,
  // has one more after every move (5 at least in the shortest game).
  const auto table = registry.create({"leduc_poker", {"human", "human"}});
  const auto stuck = table->watch();
  std::vector<std::shared_ptr<Subscription>> seats{table->join(table->seat_token(0)),
                                                   table->join(table->seat_token(1))};
  std::vector<testing::Heard> heard(2);
  for (int s = 0; s < 2; ++s) testing::listen(*seats[s], table->game().stream_spec(), heard[s]);
  Rng rng(3);
  ASSERT_TRUE(testing::play_people(*table, seats, heard, rng, 10s))
      << seats[0]->close_reason() << " / " << seats[1]->close_reason();
  EXPECT_FALSE(seats[0]->closed());
  EXPECT_FALSE(seats[1]->closed());
  EXPECT_TRUE(stuck->closed());
  EXPECT_NE(stuck->close_reason().find("too many messages queued (4)"), std::string::npos)
      << stuck->close_reason();
  // Watching again after the end: welcome, the public stream, game_over.
  const auto again = table->watch();
  testing::Heard watched;
  testing::listen(*again, table->game().stream_spec(), watched);
  EXPECT_FALSE(again->closed());
  EXPECT_TRUE(watched.over);
}

TEST(TableRegistryTest, FindsTablesByIdAndSeatsByToken) {
  TableRegistry registry(RegistryOptions{});
  const auto a = registry.create({"kuhn_poker", {"human", "random"}});
  const auto b = registry.create({"kuhn_poker", {"random", "human"}});
  EXPECT_EQ(registry.find(a->id()), a);
  EXPECT_EQ(registry.find(b->id()), b);
  EXPECT_EQ(registry.find("nope"), nullptr);
  const auto seat = registry.find_seat(b->seat_token(1));
  ASSERT_TRUE(seat.has_value());
  EXPECT_EQ(seat->table, b);
  EXPECT_EQ(seat->seat, 1);
  EXPECT_FALSE(registry.find_seat(new_seat_token()).has_value());
  EXPECT_FALSE(registry.find_seat("").has_value());  // agent seats have no token
}

}  // namespace
}  // namespace kibitz::web
