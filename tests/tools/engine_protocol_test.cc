// Tests of `kibitz engine` as a client meets it: the built binary
// (KIBITZ_BINARY) spoken to line by line. The malformed-message suite: each
// bad line gets one error line naming the problem, and the engine's game is
// the same afterwards (its state reply does not change) and still playable.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "env/core/json.h"
#include "tests/tools/kibitz_child.h"

namespace kibitz::tools {
namespace {

using testing::KibitzChild;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// An engine child and the replies it has written so far.
class Engine {
 public:
  explicit Engine(const std::string& agent) : child_({"engine", "--agent", agent}) {}

  // Sends one line and returns the one reply line.
  std::string ask(const std::string& line) {
    child_.type(line + "\n");
    return reply();
  }
  std::string reply() {
    if (!child_.read_until("\n")) return "(no reply: " + child_.err() + ")";
    const std::size_t end = child_.out().find('\n', read_);
    const std::string line = child_.out().substr(read_, end - read_);
    read_ = end + 1;
    return line;
  }
  KibitzChild& child() { return child_; }

 private:
  KibitzChild child_;
  std::size_t read_ = 0;
};

void expect_error(Engine& engine, const std::string& line, const std::string& named,
                  const std::string& state) {
  const std::string reply = engine.ask(line);
  EXPECT_TRUE(contains(reply, R"({"type":"error","message":)")) << line << "\n" << reply;
  EXPECT_TRUE(contains(reply, named)) << line << "\nshould name '" << named << "':\n" << reply;
  EXPECT_EQ(engine.ask(R"({"type":"state"})"), state) << "after " << line.substr(0, 200);
}

TEST(EngineProtocol, MalformedMessagesGetAnErrorAndChangeNothing) {
  Engine engine("ismcts(sims=50)");
  ASSERT_TRUE(contains(engine.ask(R"({"type":"hello","version":2})"), R"("protocol":"kibitz-seat")"));
  const std::string no_game = engine.ask(R"({"type":"state"})");
  EXPECT_EQ(no_game, R"({"type":"state","in_game":false})");
  expect_error(engine, R"({"type":"act"})", "send new_game first", no_game);
  expect_error(engine, R"({"type":"new_game","game":"kuhn_poker","seat":2})", "seat", no_game);
  expect_error(engine, R"({"type":"new_game","game":"kuhn_pokr","seat":0})", "kuhn_pokr", no_game);
  ASSERT_TRUE(contains(engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":1,"seed":5})"),
                       R"j({"type":"game","game":"kuhn_poker(players=2)","seat":1)j"));
  ASSERT_TRUE(contains(engine.ask(R"({"type":"observations","observations":[)"
                                  R"({"kind":"dealt_to","seat":0},{"kind":"dealt","card":"K"}]})"),
                       R"("observations":2,"to_act":false)"));
  const std::string state = engine.ask(R"({"type":"state"})");
  ASSERT_TRUE(contains(state, R"("stream":[{"kind":"dealt_to","seat":0},{"kind":"dealt","card":"K"}])"))
      << state;

  // Truncated JSON, and JSON that is not a message.
  expect_error(engine, R"({"type":"observation","observation":{"kind":"bet","seat":0})", "not valid JSON", state);
  expect_error(engine, R"(["act"])", "JSON object", state);
  expect_error(engine, "", "empty line", state);
  expect_error(engine, R"({"type":"act","type":"act"})", "", state);
  expect_error(engine, "{\"type\":\"act\",\"budget\":{\"simulations\":NaN}}", "", state);
  expect_error(engine, std::string(200, '[') + std::string(200, ']'), "", state);
  // Unknown type and unknown fields.
  expect_error(engine, R"({"type":"fold"})", R"(unknown message type \"fold\")", state);
  expect_error(engine, R"({"type":"state","verbose":true})", R"(no field \"verbose\")", state);
  // The wrong seat.
  expect_error(engine, R"({"type":"act","seat":0})", "plays seat 1", state);
  expect_error(engine, R"({"type":"observation","seat":0,"observation":{"kind":"bet","seat":0}})",
               "plays seat 1", state);
  // Impossible observations: a second card, P1 moving first, a card Kuhn lacks.
  expect_error(engine, R"({"type":"observation","observation":{"kind":"dealt","card":"Q"}})", "dealt Q", state);
  expect_error(engine, R"({"type":"observation","observation":{"kind":"bet","seat":1}})", "P1 bets", state);
  expect_error(engine, R"({"type":"observation","observation":{"kind":"dealt","card":"A"}})", "no card", state);
  // Out of order: acting before its turn, a second new_game.
  expect_error(engine, R"({"type":"act"})", "P0's turn", state);
  expect_error(engine, R"({"type":"new_game","game":"kuhn_poker","seat":0})", "end_game first", state);
  // A 10 MB line is refused without being kept whole.
  const std::string huge = R"({"type":"observation","observation":{"kind":"dealt","card":")" +
                           std::string(10u << 20, 'K') + R"("}})";
  expect_error(engine, huge, "longer than the 1048576-byte limit", state);

  // And the game goes on.
  EXPECT_TRUE(contains(engine.ask(R"({"type":"observation","observation":{"kind":"bet","seat":0}})"),
                       R"("to_act":true)"));
  const std::string action = engine.ask(R"({"type":"act","budget":{"simulations":20}})");
  EXPECT_TRUE(contains(action, R"({"type":"action","action":")")) << action;
  EXPECT_TRUE(contains(action, R"("policy":{"pass":)")) << action;
  EXPECT_TRUE(contains(engine.ask(R"({"type":"end_game"})"), R"({"type":"ended")"));
  EXPECT_TRUE(contains(engine.ask(R"({"type":"act"})"), "send new_game first"));
  EXPECT_EQ(engine.child().wait(), 0) << engine.child().err();
}

TEST(EngineProtocol, VersionRule) {
  Engine engine("random");
  EXPECT_TRUE(contains(engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":0})"), "say hello first"));
  EXPECT_TRUE(contains(engine.ask(R"({"type":"hello"})"), "needs \\\"version\\\""));
  // Version 1 had no end_game "return": its clients are told, not half served.
  EXPECT_TRUE(contains(engine.ask(R"({"type":"hello","version":1})"),
                       "this engine speaks versions 2 to 3 of kibitz-seat, not version 1"));
  EXPECT_TRUE(contains(engine.ask(R"({"type":"hello","version":4})"), "not version 4"));
  EXPECT_TRUE(contains(engine.ask(R"({"type":"hello","version":2,"protocol":"mjai"})"), "not \\\"mjai\\\""));
  // Versions 2 and 3 are both served, each answered in its own number.
  EXPECT_TRUE(contains(engine.ask(R"({"type":"hello","version":2,"protocol":"kibitz-seat"})"),
                       R"({"type":"hello","protocol":"kibitz-seat","version":2,)"));
  // A version 2 client knows no "legal".
  engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":0})");
  engine.ask(R"({"type":"observations","observations":[{"kind":"dealt","card":"K"},{"kind":"dealt_to","seat":1}]})");
  EXPECT_TRUE(contains(engine.ask(R"({"type":"act","legal":["pass","bet"]})"), "comes with version 3"));
  engine.ask(R"({"type":"end_game"})");
  EXPECT_TRUE(contains(engine.ask(R"({"type":"hello","version":3})"),
                       R"({"type":"hello","protocol":"kibitz-seat","version":3,)"));
  EXPECT_EQ(engine.child().wait(), 0);
}

// Version 3: the table may send the legal actions with act. The engine acts
// when they are the seat's, in any order, and refuses a list that is not
// (the two sides no longer agree about the game), changing nothing.
// A search answers act with its value for each action it searched: the
// mean of the searching seat's returns through that action. With the Jack
// in Kuhn poker, betting loses more than passing.
TEST(EngineProtocol, ActReturnsAValuePerAction) {
  Engine engine("ismcts(sims=2000)");
  engine.ask(R"({"type":"hello","version":3})");
  engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":0,"seed":2})");
  engine.ask(R"({"type":"observations","observations":[{"kind":"dealt","card":"J"},{"kind":"dealt_to","seat":1}]})");
  const std::string reply = engine.ask(R"({"type":"act"})");
  json::Document doc;
  doc.Parse(reply.c_str());
  ASSERT_TRUE(doc.IsObject() && doc.HasMember("values")) << reply;
  const auto& values = doc["values"];
  ASSERT_TRUE(values.HasMember("pass") && values.HasMember("bet")) << reply;
  EXPECT_LT(values["bet"].GetDouble(), values["pass"].GetDouble()) << reply;
  for (const char* a : {"pass", "bet"}) {
    EXPECT_GE(values[a].GetDouble(), -2.0);
    EXPECT_LE(values[a].GetDouble(), 2.0);
  }
  EXPECT_EQ(engine.child().wait(), 0);
}

TEST(EngineProtocol, ActWithTheTablesLegalActions) {
  Engine engine("random");
  engine.ask(R"({"type":"hello","version":3})");
  engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":0})");
  engine.ask(R"({"type":"observations","observations":[{"kind":"dealt","card":"K"},{"kind":"dealt_to","seat":1}]})");
  EXPECT_TRUE(contains(engine.ask(R"({"type":"act","legal":["bet","pass"]})"), R"({"type":"action")"));
  const std::string wrong = engine.ask(R"({"type":"act","legal":["pass","bet","fold"]})");
  EXPECT_TRUE(contains(wrong, "the table's legal actions (bet, fold, pass) are not this seat's (bet, pass)"))
      << wrong;
  EXPECT_TRUE(contains(engine.ask(R"({"type":"act","legal":"pass"})"), "array of at most"));
  EXPECT_TRUE(contains(engine.ask(R"({"type":"act","legal":[1,2]})"), "only strings"));
  // Nothing changed: the seat still acts.
  EXPECT_TRUE(contains(engine.ask(R"({"type":"act"})"), R"({"type":"action")"));
  EXPECT_EQ(engine.child().wait(), 0);
}

// end_game from a referee that played the game out carries the seat's
// return; it comes only once the stream ends the game (a table that
// abandons a game sends end_game without one).
TEST(EngineProtocol, EndGameCarriesTheReturnOfAGameThatIsOver) {
  Engine engine("random");
  ASSERT_TRUE(contains(engine.ask(R"({"type":"hello","version":2})"), R"("type":"hello")"));
  ASSERT_TRUE(contains(engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":1})"),
                       R"("type":"game")"));
  const std::string before_end = R"({"type":"observations","observations":[)"
                                 R"({"kind":"dealt_to","seat":0},{"kind":"dealt","card":"Q"},)"
                                 R"({"kind":"pass","seat":0},{"kind":"bet","seat":1}]})";
  ASSERT_TRUE(contains(engine.ask(before_end), R"("observations":4,"to_act":false,"over":false)"));
  const std::string state = engine.ask(R"({"type":"state"})");
  expect_error(engine, R"({"type":"end_game","return":2})",
               "a return comes with a game that is over, and seat P1's 4 observations do not end "
               "the game",
               state);
  expect_error(engine, R"({"type":"end_game","return":"2"})", "must be a number", state);
  // Seat 0 calls, and the showdown that comes with it: the King beats the
  // Queen.
  ASSERT_TRUE(contains(engine.ask(R"({"type":"observations","observations":[)"
                                  R"({"kind":"bet","seat":0},{"kind":"show","seat":0,"card":"K"},)"
                                  R"({"kind":"show","seat":1,"card":"Q"}]})"),
                       R"("observations":7,"to_act":false,"over":true)"));
  EXPECT_EQ(engine.ask(R"({"type":"end_game","return":-2})"), R"({"type":"ended","observations":7})");
  EXPECT_EQ(engine.ask(R"({"type":"state"})"), R"({"type":"state","in_game":false})");
  // Abandoned midway: no return.
  ASSERT_TRUE(contains(engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":0})"),
                       R"("type":"game")"));
  EXPECT_EQ(engine.ask(R"({"type":"end_game"})"), R"({"type":"ended","observations":0})");
  EXPECT_EQ(engine.child().wait(), 0) << engine.child().err();
}

// The engine's agent hears the end as one in a referee's match does: an
// engine(cmd=...) agent inside the engine passes the final observations and
// the return on to its own program.
TEST(EngineProtocol, TheAgentHearsTheEndOfTheGame) {
  const std::string log =
      ::testing::TempDir() + "kibitz_inner_engine_" + std::to_string(::getpid()) + ".log";
  Engine engine(std::string("engine(cmd=") + KIBITZ_BINARY + " engine --agent random --log " + log +
                ")");
  ASSERT_TRUE(contains(engine.ask(R"({"type":"hello","version":2})"), R"("type":"hello")"));
  ASSERT_TRUE(contains(engine.ask(R"({"type":"new_game","game":"kuhn_poker","seat":0,"seed":1})"),
                       R"("type":"game")"));
  ASSERT_TRUE(contains(engine.ask(R"({"type":"observations","observations":[)"
                                  R"({"kind":"dealt","card":"J"},{"kind":"dealt_to","seat":1}]})"),
                       R"("to_act":true)"));
  ASSERT_TRUE(contains(engine.ask(R"({"type":"act"})"), R"("type":"action")"));
  ASSERT_TRUE(contains(engine.ask(R"({"type":"observations","observations":[)"
                                  R"({"kind":"pass","seat":0},{"kind":"pass","seat":1},)"
                                  R"({"kind":"show","seat":0,"card":"J"},)"
                                  R"({"kind":"show","seat":1,"card":"K"}]})"),
                       R"("over":true)"));
  EXPECT_EQ(engine.ask(R"({"type":"end_game","return":-1})"),
            R"({"type":"ended","observations":6})");
  EXPECT_EQ(engine.child().wait(), 0) << engine.child().err();
  std::ifstream in(log);
  std::vector<std::string> received;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("> ", 0) == 0) received.push_back(line.substr(2));
  }
  std::remove(log.c_str());
  ASSERT_GE(received.size(), 3u);
  EXPECT_EQ(
      received[received.size() - 2],
      R"({"type":"observations","observations":[{"kind":"pass","seat":0},{"kind":"pass","seat":1},)"
      R"({"kind":"show","seat":0,"card":"J"},{"kind":"show","seat":1,"card":"K"}]})");
  EXPECT_EQ(received.back(), R"({"type":"end_game","return":-1})");
}

// The engine's memory does not grow with the length of a line: 64 MB with
// no newline costs it no more than a short line does (peak resident sizes
// of the children this test reaped, in KiB). The long line is typed a MiB
// at a time and never held whole by this process: a child's peak counts
// its pages from before its exec, a copy of this process, so a 64 MB string
// here would read as the engine's.
TEST(EngineProtocol, AnEndlessLineDoesNotFillTheMemory) {
  auto peak_after = [](const std::string& chunk, int copies) {
    Engine engine("random");
    for (int i = 0; i < copies; ++i) engine.child().type(chunk);
    engine.child().close_input();
    const std::string reply = engine.reply();
    EXPECT_EQ(engine.child().wait(), 0);
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return std::make_pair(reply, usage.ru_maxrss);
  };
  const auto [short_reply, short_peak] = peak_after("{}\n", 1);
  const auto [long_reply, long_peak] = peak_after(std::string(1u << 20, ' '), 64);
  EXPECT_TRUE(contains(short_reply, R"(a \"type\" string)")) << short_reply;
  EXPECT_TRUE(contains(long_reply, "a line of 67108864 bytes")) << long_reply;
  EXPECT_LT(long_peak, short_peak + 16 * 1024) << "KiB";
}

TEST(EngineProtocol, HelpTeachesTheMessagesAndBadFlagsAreRefused) {
  KibitzChild help({"engine", "--help"});
  EXPECT_EQ(help.wait(), 0);
  for (const char* part : {"hello", "new_game", "observations", "act", "state", "end_game",
                           "docs/protocol.md", "1 MiB"}) {
    EXPECT_TRUE(contains(help.out(), part)) << part;
  }
  KibitzChild bad({"engine", "--agent", "randm"});
  EXPECT_EQ(bad.wait(), 2);
  EXPECT_TRUE(contains(bad.err(), "unknown agent 'randm'")) << bad.err();
}

}  // namespace
}  // namespace kibitz::tools
