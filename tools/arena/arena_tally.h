// ArenaTally: the running statistics of an arena run. Finished games are
// added one at a time in game order; when the last seating of a deal
// arrives, the deal's sums are folded into running means (per agent, per
// agent and seat, per seat) and into the duplicate comparisons of the rating
// bootstrap, and forgotten. Nothing is kept per game or per deal, so the
// memory of a run does not depend on --games (arena_report.h says what the
// statistics mean).
//
// The rating bootstrap resamples contiguous blocks of deals. While there are
// at most max_rating_batches deals, each deal is its own block; past that,
// neighbouring blocks are merged in pairs whenever the count would exceed
// the maximum, so the blocks stay equal runs of deals (the last may be
// shorter) and their number stays between half the maximum and the maximum.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tools/arena/arena_schedule.h"
#include "tools/arena/statistics.h"

namespace kibitz::tools {

// Sums over the games of one deal, reset for every deal.
struct DealSums {
  DealSums(int agents, int seats);
  void clear();

  std::vector<double> agent_return;
  std::vector<double> agent_wins;
  std::vector<double> agent_seat_return;  // agent-major
  std::vector<double> seat_return;
  std::vector<double> seat_wins;
  // pair_return[a * k + b]: what a earned facing b, summed over every pair
  // of seats (a's, b's) in the deal's games.
  std::vector<double> pair_return;
};

class ArenaTally {
 public:
  explicit ArenaTally(const ArenaSchedule& schedule, int max_rating_batches = 1000);

  // Adds finished game `game`, which must be the next in game order
  // (games_added()), with its returns by seat. Game g is seating g mod R of
  // deal g / R (arena_runner.h).
  void add(std::int64_t game, std::span<const double> returns);

  std::int64_t games_added() const { return games_; }
  // Deals whose every seating has been added: the sample.
  std::int64_t complete_deals() const { return deals_; }

  const ArenaSchedule& schedule() const { return schedule_; }
  // Per-deal means, as arena_report.h describes them.
  const std::vector<RunningMean>& agent_return() const { return agent_return_; }
  const std::vector<RunningMean>& agent_wins() const { return agent_wins_; }
  const std::vector<RunningMean>& agent_seat_return() const { return agent_seat_return_; }
  const std::vector<RunningMean>& seat_return() const { return seat_return_; }
  const std::vector<RunningMean>& seat_wins() const { return seat_wins_; }
  // The duplicate comparisons of the complete deals, by block of deals.
  std::span<const PairwiseScores> rating_batches() const { return blocks_; }

 private:
  void fold_deal();
  void add_to_rating_blocks();
  void merge_rating_blocks();

  ArenaSchedule schedule_;
  int max_blocks_;
  std::int64_t games_ = 0;
  std::int64_t deals_ = 0;
  DealSums sums_;  // of the deal under way
  std::vector<RunningMean> agent_return_, agent_wins_, agent_seat_return_;
  std::vector<RunningMean> seat_return_, seat_wins_;
  std::vector<PairwiseScores> blocks_;
  std::int64_t block_size_ = 1;     // deals per full block
  std::int64_t last_block_deals_ = 0;
};

// The seats of a game that share its highest return (ties within 1e-9).
std::vector<int> winning_seats(std::span<const double> returns);

}  // namespace kibitz::tools
