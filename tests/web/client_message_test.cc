// parse_client_message (web/client_message.h): the act message a seat's
// browser sends over the WebSocket, and the errors for everything else.
#include "web/client_message.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/core/error.h"

namespace kibitz::web {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_client_message(text);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ClientMessage, ReadsAnActMessage) {
  EXPECT_EQ(parse_client_message(R"({"type":"act","action":"bet"})").action, "bet");
  // Other fields are ignored; the action is kept byte for byte.
  EXPECT_EQ(parse_client_message(R"({"action":"play 3\u0000x","type":"act","id":7})").action,
            std::string("play 3\0x", 8));
}

TEST(ClientMessage, NamesWhatIsWrong) {
  EXPECT_NE(error_of("{\"type\":").find("malformed JSON at byte"), std::string::npos);
  EXPECT_EQ(error_of("[1]"), "a message must be a JSON object");
  EXPECT_EQ(error_of("{}"), "a message needs a \"type\" string");
  EXPECT_EQ(error_of(R"({"type":3})"), "a message needs a \"type\" string");
  EXPECT_EQ(error_of(R"({"type":"join"})"), "unknown message type \"join\" (expected \"act\" or \"review\")");
  EXPECT_EQ(error_of(R"({"type":"act"})"), "an act message needs an \"action\" string");
  EXPECT_EQ(error_of(R"({"type":"act","action":["bet"]})"),
            "an act message needs an \"action\" string");
}

// A review message: exactly its type and the asking seat's number; nothing
// else, so that no client believes it chose the engine or the budget.
TEST(ClientMessage, ReadsAReviewMessageStrictly) {
  const ClientMessage review = parse_client_message(R"({"type":"review","seat":1})");
  EXPECT_EQ(review.type, ClientMessage::Type::kReview);
  EXPECT_EQ(review.seat, 1);
  EXPECT_EQ(parse_client_message(R"({"type":"act","action":"bet"})").type, ClientMessage::Type::kAct);
  const std::string no_seat = "a review message needs a \"seat\": the number of your seat";
  EXPECT_EQ(error_of(R"({"type":"review"})"), no_seat);
  EXPECT_EQ(error_of(R"({"type":"review","seat":-1})"), no_seat);
  EXPECT_EQ(error_of(R"({"type":"review","seat":"0"})"), no_seat);
  EXPECT_EQ(error_of(R"({"type":"review","seat":0.5})"), no_seat);
  EXPECT_EQ(error_of(R"({"type":"review","seat":99999999999})"), no_seat);
  EXPECT_EQ(error_of(R"({"type":"review","seat":0,"sims":100000000})"),
            "a review message has two fields, \"type\" and \"seat\"; the server chooses the engine");
}

// Numbers on which rapidjson's conversion is undefined (0e90, found by
// fuzz/ws_message_fuzzer and table_request_fuzzer) are refused before any
// conversion, wherever they stand; ordinary numbers in extra fields pass.
TEST(ClientMessage, RefusesNumbersRapidjsonCannotConvert) {
  for (const std::string& number : std::vector<std::string>{
           "0e90", "-0.000E+5", "184467440737095516155", std::string(40, '1')}) {
    const std::string message = error_of(R"({"type":"act","action":"bet","n":)" + number + "}");
    EXPECT_EQ(message.rfind("message: the number ", 0), 0u) << number << ": " << message;
  }
  EXPECT_EQ(error_of("0e90e9e").rfind("message: the number 0e90 is refused", 0), 0u)
      << error_of("0e90e9e");
  EXPECT_EQ(
      parse_client_message(R"({"type":"act","action":"bet","n":[0,-1.5e3,12345678901234567890]})")
          .action,
      "bet");
}

// An escaped lone low surrogate decodes to bytes that are not UTF-8 (found
// by fuzz/ws_message_fuzzer): refused, in a value as in a key, where a
// valid pair passes.
TEST(ClientMessage, RefusesEscapesThatDecodeToInvalidUtf8) {
  EXPECT_EQ(error_of(R"({"type":"act","action":"\udca1"})"),
            "message: invalid UTF-8 in a string (an escaped lone surrogate)");
  EXPECT_EQ(error_of(R"({"type":"act","action":"bet","\udca1":1})"),
            "message: invalid UTF-8 in a string (an escaped lone surrogate)");
  EXPECT_EQ(parse_client_message(R"({"type":"act","action":"\ud83c\udca1"})").action,
            "\xF0\x9F\x82\xA1");
}

}  // namespace
}  // namespace kibitz::web
