// The statistics of an arena run, computed over its complete deals: each
// agent's mean return and win rate with 95% intervals, its Bradley-Terry
// rating with a bootstrap interval, and the same means by seat.
//
// The sample unit is the deal. Every deal is played once per seating, so in
// each deal every agent plays every seat equally often with the same cards;
// an agent's per-deal mean is a seat-balanced, luck-paired measurement, and
// different deals are independent. The intervals are therefore the normal
// approximation over per-deal means.
//
// Ratings come from duplicate comparisons, as in duplicate bridge: in each
// deal every pair of agents is compared once, by the total return each
// earned in the games where they faced each other (same cards, seats
// swapped by the schedule); the higher total wins the deal, equal totals
// tie. A Bradley-Terry fit to those outcomes gives the ratings; the
// bootstrap resamples whole deals (in at most 1,000 contiguous blocks,
// arena_tally.h). Comparing single games instead would rate by hands won, which in
// poker favours whoever never folds.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tools/arena/arena_runner.h"
#include "tools/arena/arena_tally.h"
#include "tools/arena/statistics.h"

namespace kibitz::tools {

// One agent's results.
struct AgentStats {
  std::string spec;
  std::int64_t seats_played = 0;  // (game, seat) pairs it filled in the sample
  MeanEstimate mean_return;
  // A game is won by the seat(s) with the highest return; a tie between m
  // seats gives each 1/m of a win.
  MeanEstimate win_rate;
  RatingEstimate rating;
  std::vector<MeanEstimate> mean_return_by_seat;
  // Finished games it forfeited (--on-bad-answer forfeit), incomplete
  // deals included: a forfeit counts whether or not its deal is sampled.
  std::int64_t forfeits = 0;
};

// One seat's results over all agents: the seat's own advantage.
struct SeatStats {
  MeanEstimate mean_return;
  MeanEstimate win_rate;
};

struct ArenaSummary {
  std::int64_t games_finished = 0;  // including those of incomplete deals
  std::int64_t deals_used = 0;      // complete deals: the sample
  std::int64_t games_used = 0;
  int bootstrap_resamples = 0;
  int rating_batches = 0;  // blocks of deals the bootstrap resamples
  std::vector<AgentStats> agents;
  std::vector<SeatStats> seats;
  std::int64_t forfeits = 0;  // games forfeited, all agents
  std::vector<ArenaResults::ForfeitExample> forfeit_examples;  // the first few
};

struct SummaryOptions {
  int bootstrap_resamples = 1000;
  // Virtual drawn games between every pair of agents (see fit_bradley_terry).
  double prior_draws = 1.0;
};

// Seeds the bootstrap with Rng(setup.seed).child("bootstrap"), so the same
// run prints the same intervals.
ArenaSummary summarize_arena(const ArenaSetup& setup, const ArenaResults& results,
                             const SummaryOptions& options = {});

}  // namespace kibitz::tools
