// The arena's running statistics (tools/arena/arena_tally.h): the rating
// blocks stay bounded and cover every deal, the summary of a short run is
// the per-deal one, and a run's memory does not depend on its number of
// games.
#include "tools/arena/arena_tally.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/support/time_scale.h"
#include "tools/arena/arena_report.h"
#include "tools/arena/arena_runner.h"

namespace kibitz::tools {
namespace {

// Two agents, two seats: two seatings a deal. In deal d agent 0 earns more
// than agent 1 (a duplicate win) unless d is a multiple of 3 (a loss).
void add_deals(ArenaTally& tally, std::int64_t deals) {
  const std::int64_t first_game = tally.games_added();
  for (std::int64_t d = first_game / 2; d < first_game / 2 + deals; ++d) {
    const double edge = d % 3 == 0 ? -1.0 : 1.0;
    tally.add(2 * d, std::vector<double>{edge, -edge});      // agent 0 in seat 0
    tally.add(2 * d + 1, std::vector<double>{-edge, edge});  // agent 0 in seat 1
  }
}

double total_comparisons(const ArenaTally& tally) {
  double total = 0;
  for (const PairwiseScores& block : tally.rating_batches()) total += block.comparisons(0, 1);
  return total;
}

TEST(ArenaTally, EachDealIsItsOwnRatingBlockUpToTheMaximum) {
  const ArenaSchedule schedule(2, 2);
  ArenaTally tally(schedule, 8);
  add_deals(tally, 8);
  ASSERT_EQ(tally.rating_batches().size(), 8u);
  for (std::size_t d = 0; d < 8; ++d) {
    const PairwiseScores& block = tally.rating_batches()[d];
    EXPECT_EQ(block.comparisons(0, 1), 1.0) << d;
    EXPECT_EQ(block.score(0, 1), d % 3 == 0 ? 0.0 : 1.0) << d;
  }
}

TEST(ArenaTally, RatingBlocksStayBoundedAndCoverEveryDeal) {
  const ArenaSchedule schedule(2, 2);
  for (const int max_blocks : {1, 2, 5, 8}) {
    ArenaTally tally(schedule, max_blocks);
    for (std::int64_t deals = 1; deals <= 100; ++deals) {
      add_deals(tally, 1);
      const auto blocks = static_cast<std::int64_t>(tally.rating_batches().size());
      ASSERT_LE(blocks, max_blocks) << deals << " deals";
      if (deals >= max_blocks) {
        ASSERT_GE(blocks, (max_blocks + 1) / 2) << deals << " deals";
      }
      ASSERT_EQ(total_comparisons(tally), static_cast<double>(deals)) << deals << " deals";
      // Every block but the last holds the same number of deals: equal,
      // contiguous runs, so the blocks are i.i.d. for the bootstrap.
      const double first = tally.rating_batches()[0].comparisons(0, 1);
      for (std::int64_t b = 0; b + 1 < blocks; ++b) {
        ASSERT_EQ(tally.rating_batches()[static_cast<std::size_t>(b)].comparisons(0, 1), first);
      }
      ASSERT_LE(tally.rating_batches().back().comparisons(0, 1), first);
    }
    EXPECT_EQ(tally.complete_deals(), 100);
  }
}

TEST(ArenaTallyDeathTest, GamesMustArriveInOrder) {
  const ArenaSchedule schedule(2, 2);
  ArenaTally tally(schedule);
  // A game out of order is a bug in the runner, not bad input.
  EXPECT_DEATH(tally.add(1, std::vector<double>{1, -1}), "out of order");
  tally.add(0, std::vector<double>{1, -1});
  EXPECT_EQ(tally.complete_deals(), 0) << "half a deal is not in the sample";
  tally.add(1, std::vector<double>{1, -1});
  EXPECT_EQ(tally.complete_deals(), 1);
}

// A run planned for 10^11 deals (2 * 10^11 games) starts at once and holds
// nothing per game: before the statistics were streamed it allocated arrays
// of games x seats up front (1.6 TB here), which fails or takes the machine
// down. It is stopped after its first games. Workers run at most 32 games
// per thread ahead of the oldest game not yet handed over, so the stop is
// honoured within about 64 games however the threads are scheduled (before
// that window, a descheduled thread let the other run 2,800 games past it).
TEST(ArenaRunner, MemoryDoesNotDependOnTheNumberOfGames) {
  const ArenaSetup setup = make_arena_setup(load_game("kuhn_poker"), {"random", "random"}, 1);
  std::atomic<bool> stop{false};
  ArenaRunOptions options;
  options.threads = 2;
  options.stop = &stop;
  std::int64_t seen = 0;
  options.on_game = [&](const FinishedArenaGame&) {
    if (++seen >= 1000) stop = true;
  };
  const auto start = std::chrono::steady_clock::now();
  const ArenaResults results = play_arena(setup, 100'000'000'000, options);
  EXPECT_LT(std::chrono::steady_clock::now() - start,
            test_support::scaled(std::chrono::seconds(30)));
  EXPECT_GE(results.num_finished(), 1000);
  EXPECT_LE(results.num_finished(), 1000 + 2 * 32 + 2);
  EXPECT_EQ(results.num_games(), 200'000'000'000);
  const ArenaSummary summary = summarize_arena(setup, results);
  EXPECT_EQ(summary.games_finished, results.num_finished());
  EXPECT_LE(summary.rating_batches, 1000);
}

}  // namespace
}  // namespace kibitz::tools
