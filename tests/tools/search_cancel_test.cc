// `kibitz engine` and `kibitz seat` cancel a search under way: on Ctrl-C,
// and when the input's writer goes away (docs/CLI.md). Their agents search
// with 10^9 simulations, which no test could wait out: only the cancel can
// end these decisions. The limits only guard a hung machine.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "tests/support/time_scale.h"
#include "tests/tools/kibitz_child.h"

namespace kibitz::tools {
namespace {

using std::chrono::milliseconds;
using testing::KibitzChild;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

constexpr const char* kEndlessSearch = "ismcts(sims=1000000000)";

milliseconds limit() { return test_support::scaled(milliseconds(30'000)); }

// An engine for seat 1 of Kuhn poker, asked to act after seat 0's bet; the
// act is under way when this returns.
void start_endless_act(KibitzChild& engine) {
  engine.type(R"({"type":"hello","version":2})" "\n");
  engine.type(R"({"type":"new_game","game":"kuhn_poker","seat":1})" "\n");
  engine.type(R"({"type":"observations","observations":[{"kind":"dealt_to","seat":0},)"
              R"({"kind":"dealt","card":"K"},{"kind":"bet","seat":0}]})" "\n");
  ASSERT_TRUE(engine.read_until(R"("to_act":true)")) << engine.err();
  engine.type(R"({"type":"act"})" "\n");
  std::this_thread::sleep_for(milliseconds(200));
}

TEST(SearchCancel, TheEndOfEnginesInputEndsItsSearch) {
  KibitzChild engine({"engine", "--agent", kEndlessSearch});
  start_endless_act(engine);
  engine.close_input();
  const std::optional<int> status = engine.wait_within(limit());
  ASSERT_TRUE(status.has_value()) << "the engine kept searching after its input closed";
  EXPECT_EQ(*status, 0) << engine.err();
  // The act is still answered, with a legal move.
  EXPECT_TRUE(contains(engine.out(), R"({"type":"action","action":")")) << engine.out();
}

TEST(SearchCancel, CtrlCEndsEnginesSearchAndTheEngine) {
  KibitzChild engine({"engine", "--agent", kEndlessSearch});
  start_endless_act(engine);
  engine.send(SIGINT);
  const std::optional<int> status = engine.wait_within(limit());
  ASSERT_TRUE(status.has_value()) << "the engine kept searching after Ctrl-C";
  EXPECT_EQ(*status, 130) << engine.err();
  EXPECT_TRUE(contains(engine.out(), R"({"type":"action","action":")")) << engine.out();
}

// Seat 0 of Kuhn poker is to act as soon as its card is typed (seat 1's
// card is filled in): the search starts at once.
TEST(SearchCancel, TheFirstCtrlCEndsSeatDuringASearch) {
  KibitzChild seat({"seat", "--game", "kuhn_poker", "--seat", "0", "--agent", kEndlessSearch, "--no-records"});
  ASSERT_TRUE(seat.read_until("P0> "));
  seat.type("dealt K\n");
  ASSERT_TRUE(seat.read_until("ok: dealt K"));
  std::this_thread::sleep_for(milliseconds(200));
  seat.send(SIGINT);
  const std::optional<int> status = seat.wait_within(limit());
  ASSERT_TRUE(status.has_value()) << "seat kept searching after Ctrl-C";
  EXPECT_EQ(*status, 130) << seat.err();
  EXPECT_TRUE(contains(seat.err(), "kibitz seat: interrupted")) << seat.err();
  EXPECT_FALSE(contains(seat.out(), "Play: ")) << "a cut search is no advice\n" << seat.out();
}

TEST(SearchCancel, TheEndOfSeatsInputCutsItsSearchShort) {
  KibitzChild seat({"seat", "--game", "kuhn_poker", "--seat", "0", "--agent", kEndlessSearch, "--no-records"});
  ASSERT_TRUE(seat.read_until("P0> "));
  seat.type("dealt K\n");
  ASSERT_TRUE(seat.read_until("ok: dealt K"));
  std::this_thread::sleep_for(milliseconds(200));
  seat.close_input();
  const std::optional<int> status = seat.wait_within(limit());
  ASSERT_TRUE(status.has_value()) << "seat kept searching after its input closed";
  // The advice of the cut search, then the end of input during a game.
  EXPECT_TRUE(contains(seat.out(), "P0 to act. Play: ")) << seat.out();
  EXPECT_EQ(*status, 2) << seat.out() << seat.err();
}

// An overlong line is skipped with a notice and the session goes on, as in
// `engine`; no message quotes more than a bounded part of a line.
TEST(SearchCancel, SeatSkipsAnOverlongLineAndQuotesLongEntriesInPart) {
  KibitzChild seat({"seat", "--game", "kuhn_poker", "--seat", "0", "--agent", "random", "--no-records"});
  ASSERT_TRUE(seat.read_until("P0> "));
  seat.type(std::string((1u << 20) + 10, 'x') + "\n");
  ASSERT_TRUE(seat.read_until("skipped a line of 1048586 bytes"));
  const std::string long_entry(200'000, 'y');
  seat.type(long_entry + "\n");
  ASSERT_TRUE(seat.read_until("(200000 characters)"));
  seat.type("dealt K\n");
  ASSERT_TRUE(seat.read_until("P0 to act. Play: "));
  seat.type("quit\n");
  const std::optional<int> status = seat.wait_within(limit());
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(*status, 0) << seat.err();
  EXPECT_FALSE(contains(seat.out(), std::string(1000, 'y'))) << "a long entry quoted whole";
  EXPECT_FALSE(contains(seat.out(), std::string(1000, 'x'))) << "a huge line quoted whole";
}

}  // namespace
}  // namespace kibitz::tools
