// Statistics for comparing agents: means with normal-approximation 95%
// confidence intervals, and Bradley-Terry ratings with bootstrap intervals.
//
// Both work on independent, identically distributed units. In an arena the
// unit is the deal: the games of one deal share their cards and are
// strongly correlated, while different deals are independent. See
// docs/CLI.md ("kibitz arena") for why per-deal means are the right sample.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace kibitz::tools {

// z for a two-sided 95% interval of a normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

// A mean with its 95% confidence interval [low, high].
struct MeanEstimate {
  double mean = 0.0;
  double low = 0.0;
  double high = 0.0;
  std::int64_t samples = 0;
};

// Running mean and variance of i.i.d. samples (Welford's update: one pass,
// accurate over millions of samples, no sample kept).
class RunningMean {
 public:
  void add(double x);
  std::int64_t count() const { return count_; }
  double mean() const { return mean_; }
  // The standard error of the mean, s / sqrt(n); unknown with fewer than
  // two samples.
  std::optional<double> standard_error() const;
  // The mean with the normal-approximation interval mean +- z * s / sqrt(n),
  // s the sample standard deviation. With fewer than two samples the spread
  // is unknown and the interval collapses to the mean.
  MeanEstimate estimate() const;

 private:
  std::int64_t count_ = 0;
  double mean_ = 0.0;
  double sum_squares_ = 0.0;  // of deviations from the running mean
};

// RunningMean over a sample.
MeanEstimate estimate_mean(std::span<const double> samples);

// Pairwise results among k agents: score(a, b) is what a scored against b
// (1 per win, 1/2 per tie), so score(a, b) + score(b, a) is their number of
// comparisons.
class PairwiseScores {
 public:
  explicit PairwiseScores(int num_agents);

  int num_agents() const { return num_agents_; }
  double score(int a, int b) const { return scores_[index(a, b)]; }
  double comparisons(int a, int b) const { return score(a, b) + score(b, a); }

  // One comparison: a beat b, or a tie (half a point each).
  void add_win(int winner, int loser) { scores_[index(winner, loser)] += 1.0; }
  void add_tie(int a, int b);
  // Adds every score of `other`, `times` times (bootstrap resampling).
  void add(const PairwiseScores& other, double times = 1.0);

 private:
  std::size_t index(int a, int b) const;

  int num_agents_;
  std::vector<double> scores_;  // row-major k x k
};

// Elo-scale Bradley-Terry ratings: P(a beats b) = 1 / (1 + 10^((R_b - R_a) / 400)),
// ratings centred on mean 0, fitted by maximum likelihood with Hunter's MM
// iteration (ties count half a win for each side). `prior_draws` virtual
// drawn games between every pair keep ratings finite when an agent wins or
// loses everything; their weight fades as real games accumulate.
std::vector<double> fit_bradley_terry(const PairwiseScores& scores, double prior_draws = 1.0);

// A rating and its 95% interval.
struct RatingEstimate {
  double rating = 0.0;
  double low = 0.0;
  double high = 0.0;
};

// Ratings of the summed batches with percentile-bootstrap 95% intervals:
// each of `resamples` replicates draws batches.size() batches with
// replacement (Rng(seed)), sums them and refits. Batches must be i.i.d.
// units (whole deals or blocks of whole deals).
std::vector<RatingEstimate> bootstrap_bradley_terry(std::span<const PairwiseScores> batches,
                                                    int resamples, std::uint64_t seed,
                                                    double prior_draws = 1.0);

}  // namespace kibitz::tools
