#include "tools/arena/arena_report.h"

#include <utility>

#include "env/core/rng.h"

namespace kibitz::tools {

ArenaSummary summarize_arena(const ArenaSetup& setup, const ArenaResults& results,
                             const SummaryOptions& options) {
  const ArenaTally& tally = results.tally();
  const ArenaSchedule& schedule = tally.schedule();
  const int k = schedule.num_agents();
  const int p = schedule.num_seats();

  ArenaSummary summary;
  summary.games_finished = results.num_finished();
  summary.deals_used = tally.complete_deals();
  summary.games_used = summary.deals_used * schedule.num_rotations();

  const std::span<const PairwiseScores> rating_batches = tally.rating_batches();
  std::vector<RatingEstimate> ratings(static_cast<std::size_t>(k));
  if (!rating_batches.empty()) {
    summary.bootstrap_resamples = options.bootstrap_resamples;
    summary.rating_batches = static_cast<int>(rating_batches.size());
    ratings =
        bootstrap_bradley_terry(rating_batches, options.bootstrap_resamples,
                                Rng(setup.seed).child("bootstrap").seed(), options.prior_draws);
  }
  for (int a = 0; a < k; ++a) {
    AgentStats stats;
    stats.spec = setup.agents[a];
    stats.seats_played = summary.deals_used * schedule.plays_per_deal();
    stats.mean_return = tally.agent_return()[a].estimate();
    stats.win_rate = tally.agent_wins()[a].estimate();
    stats.rating = ratings[a];
    for (int s = 0; s < p; ++s) {
      stats.mean_return_by_seat.push_back(
          tally.agent_seat_return()[static_cast<std::size_t>(a * p + s)].estimate());
    }
    if (!results.forfeits().empty()) stats.forfeits = results.forfeits()[static_cast<std::size_t>(a)];
    summary.forfeits += stats.forfeits;
    summary.agents.push_back(std::move(stats));
  }
  summary.forfeit_examples = results.forfeit_examples();
  for (int s = 0; s < p; ++s) {
    summary.seats.push_back(
        SeatStats{tally.seat_return()[s].estimate(), tally.seat_wins()[s].estimate()});
  }
  return summary;
}

}  // namespace kibitz::tools
