#include "tools/arena/arena_report.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "env/core/rng.h"

namespace kibitz::tools {
namespace {

constexpr double kTieTolerance = 1e-9;

bool same_return(double a, double b) {
  return std::abs(a - b) <= kTieTolerance * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

// Sums over the games of one deal, reset for every deal.
struct DealSums {
  DealSums(int agents, int seats)
      : agent_return(agents, 0.0),
        agent_wins(agents, 0.0),
        agent_seat_return(static_cast<std::size_t>(agents * seats), 0.0),
        seat_return(seats, 0.0),
        seat_wins(seats, 0.0),
        pair_return(static_cast<std::size_t>(agents * agents), 0.0) {}

  void clear() {
    for (std::vector<double>* sums :
         {&agent_return, &agent_wins, &agent_seat_return, &seat_return, &seat_wins, &pair_return}) {
      std::fill(sums->begin(), sums->end(), 0.0);
    }
  }

  std::vector<double> agent_return;
  std::vector<double> agent_wins;
  std::vector<double> agent_seat_return;  // agent-major
  std::vector<double> seat_return;
  std::vector<double> seat_wins;
  // pair_return[a * k + b]: what a earned facing b, summed over every pair
  // of seats (a's, b's) in the deal's games.
  std::vector<double> pair_return;
};

// Adds one game to the deal's sums: returns, split wins, and returns by
// opponent for the duplicate comparison.
void add_game(std::span<const int> seating, std::span<const double> returns, int num_agents,
              DealSums& sums) {
  const int seats = static_cast<int>(returns.size());
  // The same test as winning_seats, without building a list per game.
  const double best = *std::max_element(returns.begin(), returns.end());
  int num_winners = 0;
  for (const double r : returns) num_winners += same_return(r, best) ? 1 : 0;
  const double share = 1.0 / static_cast<double>(num_winners);
  for (int s = 0; s < seats; ++s) {
    const int agent = seating[s];
    sums.agent_return[agent] += returns[s];
    sums.agent_seat_return[static_cast<std::size_t>(agent * seats + s)] += returns[s];
    sums.seat_return[s] += returns[s];
    if (same_return(returns[s], best)) {
      sums.agent_wins[agent] += share;
      sums.seat_wins[s] += share;
    }
  }
  for (int i = 0; i < seats; ++i) {
    for (int j = 0; j < seats; ++j) {
      // An agent filling two seats is not compared with itself.
      if (seating[i] == seating[j]) continue;
      sums.pair_return[static_cast<std::size_t>(seating[i] * num_agents + seating[j])] +=
          returns[i];
    }
  }
}

// Adds the deal's duplicate comparisons: every pair of agents (every pair
// meets in every deal of a schedule) is compared by what each earned facing
// the other, over the same cards and, the schedule being symmetric, the
// same seats.
void add_deal_comparisons(const DealSums& sums, int num_agents, PairwiseScores& scores) {
  for (int a = 0; a < num_agents; ++a) {
    for (int b = a + 1; b < num_agents; ++b) {
      const double a_total = sums.pair_return[static_cast<std::size_t>(a * num_agents + b)];
      const double b_total = sums.pair_return[static_cast<std::size_t>(b * num_agents + a)];
      if (same_return(a_total, b_total)) {
        scores.add_tie(a, b);
      } else if (a_total > b_total) {
        scores.add_win(a, b);
      } else {
        scores.add_win(b, a);
      }
    }
  }
}

}  // namespace

std::vector<int> winning_seats(std::span<const double> returns) {
  const double best = *std::max_element(returns.begin(), returns.end());
  std::vector<int> winners;
  for (std::size_t s = 0; s < returns.size(); ++s) {
    if (same_return(returns[s], best)) winners.push_back(static_cast<int>(s));
  }
  return winners;
}

ArenaSummary summarize_arena(const ArenaSetup& setup, const ArenaResults& results,
                             const SummaryOptions& options) {
  const ArenaSchedule& schedule = setup.schedule;
  const int k = schedule.num_agents();
  const int p = schedule.num_seats();
  const int rotations = schedule.num_rotations();
  const std::vector<std::int64_t> deals = results.complete_deals();

  ArenaSummary summary;
  summary.games_finished = results.num_finished();
  summary.deals_used = static_cast<std::int64_t>(deals.size());
  summary.games_used = summary.deals_used * rotations;

  std::vector<RunningMean> agent_return(k), agent_wins(k), seat_return(p), seat_wins(p);
  std::vector<RunningMean> agent_seat_return(static_cast<std::size_t>(k * p));
  // Deals are grouped into contiguous blocks for the rating bootstrap: a
  // block of i.i.d. deals is itself an i.i.d. unit, and blocks bound its cost.
  const auto batches =
      static_cast<int>(std::min<std::int64_t>(summary.deals_used, options.max_rating_batches));
  std::vector<PairwiseScores> rating_batches(static_cast<std::size_t>(batches), PairwiseScores(k));

  // Per-deal means divide by how often each agent (or seat) appears in a
  // deal, which the schedule fixes.
  const double per_agent = schedule.plays_per_deal();
  const double per_agent_seat = schedule.plays_per_seat_per_deal();
  DealSums sums(k, p);
  for (std::size_t i = 0; i < deals.size(); ++i) {
    sums.clear();
    for (int r = 0; r < rotations; ++r) {
      add_game(schedule.seating(r), results.returns(deals[i] * rotations + r), k, sums);
    }
    for (int a = 0; a < k; ++a) {
      agent_return[a].add(sums.agent_return[a] / per_agent);
      agent_wins[a].add(sums.agent_wins[a] / per_agent);
      for (int s = 0; s < p; ++s) {
        const auto at = static_cast<std::size_t>(a * p + s);
        agent_seat_return[at].add(sums.agent_seat_return[at] / per_agent_seat);
      }
    }
    for (int s = 0; s < p; ++s) {
      seat_return[s].add(sums.seat_return[s] / rotations);
      seat_wins[s].add(sums.seat_wins[s] / rotations);
    }
    const auto batch =
        static_cast<std::size_t>(static_cast<std::int64_t>(i) * batches / summary.deals_used);
    add_deal_comparisons(sums, k, rating_batches[batch]);
  }

  std::vector<RatingEstimate> ratings(static_cast<std::size_t>(k));
  if (batches > 0) {
    summary.bootstrap_resamples = options.bootstrap_resamples;
    summary.rating_batches = batches;
    ratings =
        bootstrap_bradley_terry(rating_batches, options.bootstrap_resamples,
                                Rng(setup.seed).child("bootstrap").seed(), options.prior_draws);
  }
  for (int a = 0; a < k; ++a) {
    AgentStats stats;
    stats.spec = setup.agents[a];
    stats.seats_played = summary.deals_used * schedule.plays_per_deal();
    stats.mean_return = agent_return[a].estimate();
    stats.win_rate = agent_wins[a].estimate();
    stats.rating = ratings[a];
    for (int s = 0; s < p; ++s) {
      stats.mean_return_by_seat.push_back(
          agent_seat_return[static_cast<std::size_t>(a * p + s)].estimate());
    }
    summary.agents.push_back(std::move(stats));
  }
  for (int s = 0; s < p; ++s) {
    summary.seats.push_back(SeatStats{seat_return[s].estimate(), seat_wins[s].estimate()});
  }
  return summary;
}

}  // namespace kibitz::tools
