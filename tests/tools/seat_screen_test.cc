// The terminal pieces of kibitz play: what a seat is shown (only what is new,
// then the standing summary), how typing is read (any case, any spacing),
// the hot-seat hand-over, and standard input that Ctrl-C can stop.
#include "tools/seat_screen.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "tests/support/error_of.h"
#include "tools/line_input.h"

namespace kibitz::tools {
namespace {

TEST(ChangedLines, GivesTheLinesFromTheFirstChangeOn) {
  EXPECT_EQ(changed_lines("", "a\nb\n"), "a\nb\n");
  EXPECT_EQ(changed_lines("a\nb\n", "a\nb\n"), "");
  EXPECT_EQ(changed_lines("a\nb\n", "a\nb\nc\n"), "c\n");
  // A line that grew is shown whole.
  EXPECT_EQ(changed_lines("a\nturn P1: x\n", "a\nturn P1: x, y\nz\n"), "turn P1: x, y\nz\n");
  // One-line texts (Kuhn, Leduc) are always shown whole.
  EXPECT_EQ(changed_lines("seat 0 card K betting p", "seat 0 card K betting pb"),
            "seat 0 card K betting pb");
  EXPECT_EQ(changed_lines("abc", "xyz"), "xyz");
}

TEST(PrintLabelled, OneLineBesideTheLabelSeveralIndentedUnderIt) {
  std::ostringstream one;
  print_labelled(one, "you see: ", "card K\n");
  EXPECT_EQ(one.str(), "  you see:  card K\n");
  std::ostringstream several;
  print_labelled(several, "you see: ", "a\nb\n");
  EXPECT_EQ(several.str(), "  you see:\n    a\n    b\n");
  std::ostringstream flush_left;
  print_labelled(flush_left, "game over:", "a\nb", "");
  EXPECT_EQ(flush_left.str(), "game over:\n  a\n  b\n");
}

TEST(SeatScreen, ShowsEverythingFirstThenOnlyWhatIsNew) {
  SeatScreen screen;
  std::ostringstream out;
  screen.show_view(out, "you are P0\nround 1\n", "hand [AS]");
  EXPECT_EQ(out.str(), "  you know:\n    you are P0\n    round 1\n  you see:  hand [AS]\n");
  out.str("");
  screen.show_view(out, "you are P0\nround 1\nP1 plays\n", "hand [AS]");
  EXPECT_EQ(out.str(), "  since your last turn: P1 plays\n  you see:  hand [AS]\n");
  out.str("");
  screen.show_news(out, "you are P0\nround 1\nP1 plays\n");  // nothing new: nothing
  EXPECT_EQ(out.str(), "");
  screen.clear();  // a new game: everything again
  screen.show_news(out, "you are P0\n");
  EXPECT_EQ(out.str(), "  you know: you are P0\n");
}

TEST(SeatScreen, SkipsAnObservationThatRepeatsTheInformationState) {
  SeatScreen screen;
  std::ostringstream out;
  screen.show_view(out, "seat 0 card K", "seat 0 card K");
  EXPECT_EQ(out.str(), "  you know: seat 0 card K\n");
}

TEST(NormalizeTyping, TrimsAndCollapsesSpaces) {
  EXPECT_EQ(normalize_typing("  keep   TH \t 3C  "), "keep TH 3C");
  EXPECT_EQ(normalize_typing(" \t "), "");
  EXPECT_EQ(normalize_typing("bet"), "bet");
}

// A Kuhn decision of seat 0, who holds K.
std::unique_ptr<State> kuhn_decision() {
  std::unique_ptr<State> state = load_game("kuhn_poker")->new_initial_state();
  state->apply_action(2);  // seat 0 is dealt K
  state->apply_action(0);  // seat 1 is dealt J
  return state;
}

TEST(MatchActionText, IgnoresCaseAndSpacing) {
  const std::unique_ptr<State> state = kuhn_decision();
  const SeatView view(*state, 0);
  EXPECT_EQ(match_action_text(view, "bet"), 1);
  EXPECT_EQ(match_action_text(view, "BET"), 1);
  EXPECT_EQ(match_action_text(view, "  Pass "), 0);
  EXPECT_EQ(match_action_text(view, "fold"), std::nullopt);
  EXPECT_EQ(match_action_text(view, "1"), std::nullopt);  // numbers are the game's to read
}

TEST(HandOver, ClearsATerminalAndWaitsForEnter) {
  std::istringstream typed("\nnext\n");
  StreamLineInput in(typed);
  std::ostringstream out;
  hand_over(out, in, "seat 1 (human)", /*terminal=*/true, /*echo=*/false);
  EXPECT_NE(out.str().find("\x1b[2J"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("pass to seat 1 (human), then press Enter"), std::string::npos);
  EXPECT_EQ(in.read_line(), "next");  // exactly one line was read
}

TEST(HandOver, WritesASeparatorWhenNotATerminal) {
  std::istringstream typed("\n");
  StreamLineInput in(typed);
  std::ostringstream out;
  hand_over(out, in, "seat 0 (human)", /*terminal=*/false, /*echo=*/true);
  EXPECT_EQ(out.str().find("\x1b"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find(std::string(72, '=')), std::string::npos) << out.str();
}

TEST(HandOver, EndOfInputAndQuitEndTheGame) {
  std::istringstream nothing("");
  StreamLineInput closed(nothing);
  std::ostringstream out;
  EXPECT_THROW(hand_over(out, closed, "seat 1", false, false), InputClosed);
  std::istringstream quit(" QUIT \n");
  StreamLineInput quitting(quit);
  EXPECT_THROW(hand_over(out, quitting, "seat 1", false, false), QuitRequested);
}

// A pipe whose write end the test holds.
class Pipe {
 public:
  Pipe() { EXPECT_EQ(::pipe(fds_), 0); }
  ~Pipe() {
    close_write();
    ::close(fds_[0]);
  }
  int read_end() const { return fds_[0]; }
  void write(const std::string& text) {
    ASSERT_EQ(::write(fds_[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }
  void close_write() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }

 private:
  int fds_[2] = {-1, -1};
};

TEST(FdLineInput, ReadsLinesToTheEndOfInput) {
  Pipe pipe;
  pipe.write("bet\r\n  pass \nlast");
  pipe.close_write();
  FdLineInput in(pipe.read_end(), nullptr);
  EXPECT_EQ(in.read_line(), "bet");
  EXPECT_EQ(in.read_line(), "  pass ");
  EXPECT_EQ(in.read_line(), "last");  // no newline at the end: still a line
  EXPECT_EQ(in.read_line(), std::nullopt);
}

TEST(FdLineInput, StopsOnceTheStopFlagIsSet) {
  Pipe pipe;
  pipe.write("bet\n");
  std::atomic<bool> stop{false};
  FdLineInput in(pipe.read_end(), &stop);
  EXPECT_EQ(in.read_line(), "bet");
  stop = true;  // what Ctrl-C does; the pipe stays open, so a read would wait forever
  EXPECT_THROW(in.read_line(), Interrupted);
}

// An overlong line is skipped with a notice, as `kibitz engine` skips one,
// and the session goes on with the next line: with an end and without.
TEST(FdLineInput, SkipsAnOverlongLineAndReadsOn) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  const std::string huge(FdLineInput::kMaxLineBytes + 2, 'x');
  const std::string text = "bet\n" + huge + "\npass\n" + huge;
  ASSERT_EQ(std::fwrite(text.data(), 1, text.size(), file), text.size());
  std::fflush(file);
  ::lseek(::fileno(file), 0, SEEK_SET);
  std::ostringstream notices;
  FdLineInput in(::fileno(file), nullptr, notices);
  EXPECT_EQ(in.read_line(), "bet");
  EXPECT_EQ(in.read_line(), "pass");
  EXPECT_EQ(in.read_line(), std::nullopt);
  std::fclose(file);
  const std::string expected = "skipped a line of " + std::to_string(huge.size()) +
                               " bytes: longer than the 1048576-byte limit\n";
  EXPECT_EQ(notices.str(), expected + expected);
}

}  // namespace
}  // namespace kibitz::tools
