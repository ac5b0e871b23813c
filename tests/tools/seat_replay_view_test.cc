// replay view --as-seat on a long game: each step shows only what is new to
// the seat, and the standing summary (its observation) is printed at the
// start, before each of its decisions and at the end, where reprinting
// everything at every step once made 15,000 lines of one 4-round Spies game.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/replays/replay_test_util.h"
#include "tools/replay/replay_view.h"

namespace kibitz::tools {
namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

// The printed steps, "[step " to the next.
std::vector<std::string> printed_steps(const std::string& text) {
  std::vector<std::string> steps;
  for (std::size_t at = text.find("[step "); at != std::string::npos;) {
    const std::size_t next = text.find("[step ", at + 1);
    steps.push_back(text.substr(at, next == std::string::npos ? next : next - at));
    at = next;
  }
  return steps;
}

ReplayScreens seat_screens(const replays::ReplayRecord& record, Player seat) {
  ViewOptions options;
  options.as_seat = seat;
  return render_replay(record, 0, options);
}

TEST(SeatReplayView, LongGamePrintsNewsAndTheSummaryAtDecisions) {
  const replays::ReplayRecord record =
      replays::testing::random_record("loyalist_spies(rounds=4)", 1, /*annotate=*/false);
  for (Player seat = 0; seat < 4; ++seat) {
    std::ostringstream out;
    print_replay(seat_screens(record, seat), out);
    const std::string text = out.str();
    const std::vector<std::string> steps = printed_steps(text);
    ASSERT_GT(steps.size(), 100u);
    EXPECT_EQ(count(text, "you are P" + std::to_string(seat) + " of 4"), 1u);
    std::size_t decisions = 0;
    for (std::size_t i = 1; i < steps.size(); ++i) {
      if (!replays::testing::contains(steps[i], "] you played ")) continue;
      ++decisions;
      EXPECT_TRUE(replays::testing::contains(steps[i - 1], "you see:")) << steps[i - 1];
    }
    ASSERT_GT(decisions, 10u);
    EXPECT_LE(count(text, "you see:"), decisions + 2) << "the summary only where it matters";
    EXPECT_TRUE(replays::testing::contains(steps.front(), "you see:"));
    EXPECT_TRUE(replays::testing::contains(steps.back(), "you see:"));
    EXPECT_TRUE(replays::testing::contains(steps.back(), "game over: your return"));
    EXPECT_LT(count(text, "\n"), 5 * steps.size()) << "no step reprints the history";
  }
}

TEST(SeatReplayView, BrowsingShowsTheSummaryAtEveryStep) {
  const replays::ReplayRecord record =
      replays::testing::random_record("loyalist_spies(rounds=1)", 2, /*annotate=*/false);
  const ReplayScreens screens = seat_screens(record, 1);
  std::istringstream in("n\nn\nn\nq\n");
  std::ostringstream out;
  browse_replay(screens, in, out, /*echo=*/false);
  const std::vector<std::string> steps = printed_steps(out.str());
  ASSERT_EQ(steps.size(), 4u) << out.str();
  for (const std::string& step : steps) {
    EXPECT_TRUE(replays::testing::contains(step, "you see:")) << step;
  }
}

}  // namespace
}  // namespace kibitz::tools
