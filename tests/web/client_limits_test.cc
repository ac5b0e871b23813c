// ClientLimits (web/server/client_limits.h): connections per address, and
// table creations per address from a bucket that refills at the per-minute
// rate; each address has its own.
#include "web/server/client_limits.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "env/core/error.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;

TEST(ClientLimitsTest, ConnectionsAreCountedPerAddress) {
  ClientLimits limits(2, 10);
  EXPECT_TRUE(limits.open_connection("10.0.0.1"));
  EXPECT_TRUE(limits.open_connection("10.0.0.1"));
  EXPECT_FALSE(limits.open_connection("10.0.0.1"));
  EXPECT_TRUE(limits.open_connection("10.0.0.2"));
  EXPECT_EQ(limits.connections("10.0.0.1"), 2);
  limits.close_connection("10.0.0.1");
  EXPECT_TRUE(limits.open_connection("10.0.0.1"));
  limits.close_connection("10.0.0.2");
  EXPECT_EQ(limits.connections("10.0.0.2"), 0);
}

TEST(ClientLimitsTest, TableCreationsRefillAtTheRatePerMinute) {
  ClientLimits limits(1, 6);  // six at once, then one every ten seconds
  const auto start = ClientLimits::Clock::now();
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(limits.take_table_creation("a", start)) << i;
  EXPECT_FALSE(limits.take_table_creation("a", start));
  EXPECT_TRUE(limits.take_table_creation("b", start));  // another address
  EXPECT_FALSE(limits.take_table_creation("a", start + 9s));
  EXPECT_TRUE(limits.take_table_creation("a", start + 10s));
  EXPECT_FALSE(limits.take_table_creation("a", start + 11s));
  // Many addresses seen once do not pile up: buckets refilled (10 s after
  // their one table here) are forgotten.
  for (int i = 0; i < 5000; ++i) limits.take_table_creation("x" + std::to_string(i), start + 12s + i * 20ms);
  EXPECT_LT(limits.addresses_tracked(), 3000u);
  EXPECT_TRUE(limits.take_table_creation("a", start + 2h));
}

TEST(ClientLimitsTest, LimitsMustBePositive) {
  EXPECT_THROW(ClientLimits(0, 10), KibitzError);
  EXPECT_THROW(ClientLimits(1, 0), KibitzError);
}

}  // namespace
}  // namespace kibitz::web
