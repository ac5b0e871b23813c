// Hostile input to `kibitz serve` on the wire (issue 30, "lenient input" and
// "a crash"): every request body and WebSocket message goes through the one
// iterative parse of web/request_json.h. Deep nesting is a clean 400 and the
// server keeps serving; duplicate keys and invalid UTF-8 are refused by
// name; no reply carries invalid UTF-8; a NUL does not cut an error short;
// a binary frame is answered as such.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "tests/web/server_fixture.h"

namespace kibitz::web {
namespace {

using testing::HttpAnswer;
using testing::WsClient;

class ServerInputTest : public testing::ServerFixture {
 protected:
  // The next "error" or "refused" message on `client`, skipping the table's own.
  static std::string next_answer(WsClient& client) {
    while (const std::optional<std::string> message = client.read()) {
      if (message->find("\"type\":\"error\"") != std::string::npos ||
          message->find("\"type\":\"refused\"") != std::string::npos) {
        return *message;
      }
    }
    return "(closed: " + client.close_reason() + ")";
  }
};

TEST_F(ServerInputTest, AQuarterMillionOpenBracketsAreA400AndTheServerGoesOn) {
  options_.network.max_request_bytes = 300000;
  start();
  const HttpAnswer deep =
      testing::http_request(port(), "POST", "/api/tables", std::string(250000, '['));
  EXPECT_EQ(deep.status, 400) << deep.body;
  EXPECT_NE(deep.body.find("malformed JSON"), std::string::npos) << deep.body;
  const std::string nested = std::string(100000, '[') + std::string(100000, ']');
  const HttpAnswer well_formed = testing::http_request(port(), "POST", "/api/tables", nested);
  EXPECT_EQ(well_formed.status, 400);
  EXPECT_NE(well_formed.body.find("nested deeper than"), std::string::npos) << well_formed.body;
  // Still serving.
  EXPECT_EQ(post_table("kuhn_poker", {"human", "random"}).status, 201);
}

TEST_F(ServerInputTest, DuplicateKeysAreRefusedNamingTheKey) {
  start();
  const HttpAnswer answer = testing::http_request(
      port(), "POST", "/api/tables",
      R"({"game":"kuhn_poker","seats":["human","human"],"game":"leduc_poker"})");
  EXPECT_EQ(answer.status, 400);
  EXPECT_NE(answer.body.find("the key \\\"game\\\" appears twice"), std::string::npos)
      << answer.body;
  EXPECT_TRUE(server_->registry().tables().empty());
}

TEST_F(ServerInputTest, InvalidUtf8IsRefusedAndNeverEchoed) {
  start();
  const HttpAnswer spec = testing::http_request(
      port(), "POST", "/api/tables", "{\"game\":\"kuhn\xff\xc0\",\"seats\":[\"human\",\"human\"]}");
  EXPECT_EQ(spec.status, 400);
  EXPECT_NE(spec.body.find("invalid UTF-8"), std::string::npos) << spec.body;
  EXPECT_TRUE(testing::is_valid_utf8(spec.body)) << spec.body;
  // A path is echoed in a 404: cleaned.
  const HttpAnswer path = testing::http_request(port(), "GET",
                                                "/api/no\xff\xfe"
                                                "where");
  EXPECT_EQ(path.status, 404);
  EXPECT_TRUE(testing::is_valid_utf8(path.body)) << path.body;
  EXPECT_NE(path.body.find("where"), std::string::npos) << path.body;
  const HttpAnswer page = testing::http_request(port(), "GET", "/no\xc3page");
  EXPECT_TRUE(testing::is_valid_utf8(page.body)) << page.body;
}

TEST_F(ServerInputTest, WebSocketMessagesAreParsedTheSameWay) {
  options_.network.max_message_bytes = 300000;
  start();
  const json::Document created = create("kuhn_poker", {"human", "human"});
  WsClient seat(port(), testing::ws_target(created["seats"][0]["link"].GetString()));

  ASSERT_TRUE(seat.send(std::string(250000, '[')));
  std::string answer = next_answer(seat);
  EXPECT_NE(answer.find("malformed JSON"), std::string::npos) << answer;

  ASSERT_TRUE(seat.send(R"({"type":"act","action":"pass","type":"act"})"));
  answer = next_answer(seat);
  EXPECT_NE(answer.find("\\\"type\\\" appears twice"), std::string::npos) << answer;

  // A NUL inside a string does not cut the error short: all of it is there.
  ASSERT_TRUE(seat.send(R"({"type":"ac\u0000tion and more","action":"pass"})"));
  answer = next_answer(seat);
  EXPECT_NE(answer.find("ac\\\\x00tion and more"), std::string::npos) << answer;
  EXPECT_NE(answer.find("(expected"), std::string::npos) << answer;

  ASSERT_TRUE(seat.send_binary("{\"type\":\"act\",\"action\":\"pass\"}"));
  answer = next_answer(seat);
  EXPECT_NE(answer.find("binary frames are not accepted"), std::string::npos) << answer;
  EXPECT_EQ(answer.find("document is empty"), std::string::npos) << answer;

  // The connection is still there, and a good message still plays.
  ASSERT_TRUE(seat.send(R"({"type":"act","action":"nothing"})"));
  answer = next_answer(seat);
  EXPECT_NE(answer.find("refused"), std::string::npos) << answer;

  // A text frame that is not UTF-8 fails the connection (1007), as the
  // WebSocket protocol requires: nothing of it is read, let alone echoed.
  ASSERT_TRUE(seat.send("{\"type\":\"act\",\"action\":\"p\xffss\"}"));
  while (seat.read()) {
  }
  EXPECT_EQ(seat.close_code(), 1007);
  // And the seat rejoins.
  WsClient again(port(), testing::ws_target(created["seats"][0]["link"].GetString()));
  EXPECT_TRUE(again.read().has_value());
}

}  // namespace
}  // namespace kibitz::web
