// The one JSON parse of `kibitz serve`'s requests (web/request_json.h): deep
// nesting, invalid UTF-8 and duplicate keys are clean refusals naming the
// problem, and printable_utf8 never lets invalid UTF-8 or a control byte
// through.
#include "web/request_json.h"

#include <gtest/gtest.h>

#include <string>

#include "env/core/error.h"
#include "web/client_message.h"
#include "web/table_spec.h"

namespace kibitz::web {
namespace {

std::string refusal(const std::string& text) {
  json::Document doc;
  try {
    parse_request_json(text, "request", doc);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

// rapidjson's own validator, one code point at a time: independent of the
// code under test.
bool valid_utf8(const std::string& text) {
  json::MemoryStream in(text.data(), text.size());
  json::StringBuffer sink;
  while (in.Tell() < text.size()) {
    if (!json::UTF8<>::Validate(in, sink)) return false;
  }
  return true;
}

TEST(RequestJsonTest, ReadsAnOrdinaryObject) {
  json::Document doc;
  parse_request_json(R"({"type":"act","action":"bet","n":[1,{"a":2}]})", "request", doc);
  ASSERT_TRUE(doc.IsObject());
  EXPECT_STREQ(doc["action"].GetString(), "bet");
}

TEST(RequestJsonTest, AQuarterMillionOpenBracketsAreRefusedNotACrash) {
  const std::string message = refusal(std::string(250000, '['));
  EXPECT_NE(message.find("request: malformed JSON at byte"), std::string::npos) << message;
}

TEST(RequestJsonTest, DeepButWellFormedNestingIsRefusedByTheDepthLimit) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(refusal(deep).find("nested deeper than 32 levels"), std::string::npos);
  const std::string ok =
      std::string(kMaxRequestJsonDepth, '[') + std::string(kMaxRequestJsonDepth, ']');
  EXPECT_EQ(refusal(ok), "");
  const std::string one_more = "[" + ok + "]";
  EXPECT_NE(refusal(one_more).find("nested deeper"), std::string::npos);
}

TEST(RequestJsonTest, DuplicateKeysAreRefusedNamingTheKey) {
  EXPECT_NE(refusal(R"({"game":"kuhn_poker","game":"leduc_poker"})")
                .find("the key \"game\" appears twice"),
            std::string::npos);
  // Nested objects are checked too; the same key in two objects is fine.
  EXPECT_NE(refusal(R"({"a":[{"x":1,"x":2}]})").find("\"x\" appears twice"), std::string::npos);
  EXPECT_EQ(refusal(R"({"a":{"x":1},"b":{"x":2}})"), "");
}

TEST(RequestJsonTest, InvalidUtf8IsRefusedWithItsOffset) {
  const std::string message = refusal("{\"game\":\"kuhn\xff\xfe\"}");
  EXPECT_NE(message.find("invalid UTF-8"), std::string::npos) << message;
  EXPECT_TRUE(valid_utf8(message)) << message;
  EXPECT_NE(refusal("{\"g\xc3\":1}").find("invalid UTF-8"), std::string::npos);
  EXPECT_NE(refusal("{\"g\":\"\xed\xa0\x80\"}").find("invalid UTF-8"),
            std::string::npos);  // a surrogate
}

TEST(RequestJsonTest, EmptyAndTrailingTextAreRefused) {
  EXPECT_NE(refusal("").find("empty"), std::string::npos);
  EXPECT_NE(refusal("{} {}").find("malformed JSON"), std::string::npos);
}

TEST(RequestJsonTest, ANulInADuplicateKeyDoesNotCutTheMessage) {
  const std::string message = refusal(R"({"a\u0000b":1,"a\u0000b":2})");
  EXPECT_NE(message.find("\"a\\x00b\" appears twice"), std::string::npos) << message;
}

TEST(RequestJsonTest, PrintableUtf8CleansEveryByte) {
  EXPECT_EQ(printable_utf8("plain text\twith tab"), "plain text\twith tab");
  EXPECT_EQ(printable_utf8("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(printable_utf8("a\xff"
                           "b"),
            "a\xef\xbf\xbd"
            "b");
  EXPECT_EQ(printable_utf8(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable_utf8("\xe2\x82"), "\xef\xbf\xbd\xef\xbf\xbd");  // truncated sequence
  EXPECT_EQ(printable_utf8("\xc0\xaf"), "\xef\xbf\xbd\xef\xbf\xbd");  // overlong '/'
  EXPECT_EQ(printable_utf8("abcdef", 3), "abc...");
  // A cut falls between characters, never inside one.
  EXPECT_EQ(printable_utf8("\xc3\xa9\xc3\xa9", 3), "\xc3\xa9...");
  std::string every;
  for (int b = 0; b < 256; ++b) every += static_cast<char>(b);
  EXPECT_FALSE(valid_utf8(every));  // the check can fail
  const std::string cleaned = printable_utf8(every + every, 10000);
  EXPECT_TRUE(valid_utf8(cleaned));
  for (const char c : cleaned) EXPECT_FALSE(c == '\0' || c == '\r' || c == '\x1b');
}

TEST(RequestJsonTest, TableRequestsUseIt) {
  auto table_refusal = [](const std::string& text) {
    try {
      parse_table_spec_json(text);
    } catch (const KibitzError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(table_refusal(
                R"({"game":"kuhn_poker","seats":["human","human"],"seats":["random","random"]})")
                .find("table request: the key \"seats\" appears twice"),
            std::string::npos);
  EXPECT_NE(table_refusal(std::string(250000, '[')).find("table request: malformed JSON"),
            std::string::npos);
  const std::string nul = table_refusal(R"({"game":"kuhn\u0000poker","seats":["human","human"]})");
  EXPECT_NE(nul.find("\"kuhn\\x00poker\" holds a control character"), std::string::npos) << nul;
  EXPECT_NE(
      table_refusal("{\"game\":\"kuhn_poker\",\"seats\":[\"hum\xe9n\"]}").find("invalid UTF-8"),
      std::string::npos);
}

TEST(RequestJsonTest, WebSocketMessagesUseIt) {
  auto message_refusal = [](const std::string& text) {
    try {
      parse_client_message(text);
    } catch (const KibitzError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(parse_client_message(R"({"type":"act","action":"bet"})").action, "bet");
  EXPECT_EQ(parse_client_message(R"({"action":"a\u0000b","type":"act"})").action,
            std::string("a\0b", 3));
  EXPECT_NE(message_refusal(R"({"type":"act","action":"bet","action":"pass"})")
                .find("\"action\" appears twice"),
            std::string::npos);
  EXPECT_NE(message_refusal("").find("empty"), std::string::npos);
  const std::string nul = message_refusal(R"({"type":"a\u0000ct and the rest"})");
  EXPECT_EQ(nul, "unknown message type \"a\\x00ct and the rest\" (expected \"act\" or \"review\")");
  EXPECT_EQ(message_refusal("[1]"), "a message must be a JSON object");
}

}  // namespace
}  // namespace kibitz::web
