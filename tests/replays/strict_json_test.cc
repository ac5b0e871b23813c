// check_strict_json: the one gate every JSON text kibitz reads passes. Each
// refusal names the source, the line and column, and what is wrong; what
// plain JSON allows stays allowed.
#include "replays/strict_json.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/error_of.h"

namespace kibitz::replays {
namespace {

std::string strict_error(const std::string& text) {
  return error_of([&] { check_strict_json(text, "in.json"); });
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(StrictJson, OrdinaryJsonPasses) {
  for (const char* text :
       {"{}", "[]", "0", "\"text\"", "null", " {\"a\": [1, -2.5e3, true, false, null]}\n",
        "{\"a\": {\"k\": 1}, \"b\": {\"k\": 2}}", "[{\"k\": 1}, {\"k\": 1}]", "1e308", "-1e-400",
        "18446744073709551615", "{\"a\\u0000b\": 1}"}) {
    EXPECT_EQ(strict_error(text), "") << text;
  }
}

TEST(StrictJson, NestingIsLimited) {
  const auto nested = [](std::size_t depth) {
    return std::string(depth, '[') + std::string(depth, ']');
  };
  EXPECT_EQ(strict_error(nested(kMaxJsonDepth)), "");
  const std::string message = strict_error(nested(kMaxJsonDepth + 1));
  EXPECT_TRUE(contains(message, "in.json: not valid JSON at line 1, column")) << message;
  EXPECT_TRUE(contains(message, "nested deeper than 64 levels")) << message;
  // Far past any stack: refused without recursing.
  EXPECT_TRUE(contains(strict_error(std::string(1000000, '[')), "nested deeper")) << message;
  std::string objects;
  for (std::size_t i = 0; i <= kMaxJsonDepth; ++i) objects += "{\"a\": ";
  EXPECT_TRUE(contains(strict_error(objects), "nested deeper"));
}

TEST(StrictJson, NumbersMustBeFinite) {
  for (const char* text : {"[NaN]", "[1, Infinity]", "{\"x\": -Infinity}", "[-Inf]", "[nan]"}) {
    const std::string message = strict_error(text);
    EXPECT_TRUE(contains(message, "in.json: not valid JSON at line 1")) << text << ": " << message;
  }
  EXPECT_TRUE(contains(strict_error("[1,\n NaN]"), "line 2, column 2: NaN and Infinity"))
      << strict_error("[1,\n NaN]");
  EXPECT_TRUE(contains(strict_error("[-Infinity]"), "NaN and Infinity"));
  for (const char* text : {"[1e400]", "[-1e400]", "[1.8e308]", "[17976931348623159e292]"}) {
    EXPECT_TRUE(contains(strict_error(text), "beyond the range of a double"))
        << text << ": " << strict_error(text);
  }
}

// Found by the replay_json and scenario fuzzers: "0E64" reached undefined
// behaviour in rapidjson's full-precision conversion (fuzz/findings/).
TEST(StrictJson, AZeroWithAnExponentIsRefusedBeforeAnyConversion) {
  for (const char* text : {"0E64", "[0e23]", "{\"x\": -0.000E+99}", "[0.0e-400]"}) {
    EXPECT_TRUE(contains(strict_error(text), "is a zero with an exponent; write 0"))
        << text << ": " << strict_error(text);
  }
  for (const char* text : {"[0]", "[-0.0]", "[1e-400]", "[10e5]", "[0.5e3]", "[1E+2]"}) {
    EXPECT_EQ(strict_error(text), "") << text;
  }
}

// Found by the 1,000,000-execution campaign: 21 or more digits beginning
// with 2^64 - 1 overflow rapidjson's significand (clz of 0 again), and very
// long numbers its cached-power index (a signed overflow).
TEST(StrictJson, OverlongNumbersAreRefusedBeforeAnyConversion) {
  for (const char* text : {"184467440737095516155", "[1844674407370955161595595509550]",
                           "[1.84467440737095516159e3]", "[0.1000000000000000000000]"}) {
    EXPECT_TRUE(contains(strict_error(text), "significant digits")) << text;
  }
  EXPECT_TRUE(contains(strict_error("[-0." + std::string(600, '0') + "385672600]"),
                       "significant digits or 32 characters"));
  for (const char* text : {"[18446744073709551615]", "[-2.2250738585072014e-308]",
                           "[0.00000000000000000001]", "[12345678901234567890]"}) {
    EXPECT_EQ(strict_error(text), "") << text;
  }
}

TEST(StrictJson, AKeyAppearsOnceInAnObject) {
  const std::string message =
      strict_error("{\"game\": \"kuhn_poker\",\n \"game\": \"leduc_poker\"}");
  EXPECT_TRUE(contains(message, "in.json: not valid JSON at line 2")) << message;
  EXPECT_TRUE(contains(message, "the key \"game\" appears twice in one object")) << message;
  EXPECT_TRUE(contains(strict_error("[{\"a\": {\"b\": 1, \"b\": 2}}]"), "\"b\" appears twice"));
}

TEST(StrictJson, TextAfterTheValueOrANulByteIsRefused) {
  EXPECT_TRUE(contains(strict_error("{} {}"), "not valid JSON at line 1, column 4"))
      << strict_error("{} {}");
  EXPECT_TRUE(contains(strict_error(std::string("{}\0{}", 5)), "a NUL byte"));
  EXPECT_TRUE(contains(strict_error(""), "not valid JSON"));
}

}  // namespace
}  // namespace kibitz::replays
