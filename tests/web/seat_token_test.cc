#include "web/seat_token.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace kibitz::web {
namespace {

TEST(SeatTokenTest, TokensAre128BitsOfHexAndDistinct) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string token = new_seat_token();
    ASSERT_EQ(token.size(), kSeatTokenChars);
    EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos) << token;
    seen.insert(token);
  }
  EXPECT_EQ(seen.size(), 1000u);
}

TEST(SeatTokenTest, ComparesWholeTokens) {
  const std::string token = new_seat_token();
  EXPECT_TRUE(tokens_equal(token, token));
  std::string other = token;
  other.back() = other.back() == 'a' ? 'b' : 'a';
  EXPECT_FALSE(tokens_equal(token, other));
  EXPECT_FALSE(tokens_equal(token, token.substr(0, 31)));
  EXPECT_FALSE(tokens_equal(token, ""));
  EXPECT_TRUE(tokens_equal("", ""));
}

}  // namespace
}  // namespace kibitz::web
