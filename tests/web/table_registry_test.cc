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

TEST(TableRegistryTest, ListenerLimitRefusesWithItsValue) {
  RegistryOptions options;
  options.limits.max_subscribers_per_table = 2;
  TableRegistry registry(options);
  const auto table = registry.create({"kuhn_poker", {"human", "human"}});
  const auto a = table->watch();
  const auto b = table->join(table->seat_token(0));
  try {
    table->watch();
    FAIL() << "a third listener was accepted";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("limit of 2 connections"), std::string::npos) << e.what();
  }
  // A seat rejoining replaces its own connection: not one more.
  EXPECT_NO_THROW(table->join(table->seat_token(0)));
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
