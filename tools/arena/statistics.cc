#include "tools/arena/statistics.h"

#include <algorithm>
#include <cmath>

#include "env/core/error.h"
#include "env/core/rng.h"

namespace kibitz::tools {
namespace {

// Hunter's MM iteration stops when no log-strength moves more than this.
constexpr double kTolerance = 1e-12;
constexpr int kMaxIterations = 100000;

// The q-quantile of sorted values, interpolating between order statistics.
double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  const double position = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

}  // namespace

void RunningMean::add(double x) {
  ++count_;
  const double delta = x - mean_;
  mean_ += delta / static_cast<double>(count_);
  sum_squares_ += delta * (x - mean_);
}

std::optional<double> RunningMean::standard_error() const {
  if (count_ < 2) return std::nullopt;
  const double n = static_cast<double>(count_);
  return std::sqrt(sum_squares_ / (n - 1.0) / n);
}

MeanEstimate RunningMean::estimate() const {
  MeanEstimate estimate;
  estimate.samples = count_;
  estimate.mean = mean_;
  const double half_width = kZ95 * standard_error().value_or(0.0);
  estimate.low = mean_ - half_width;
  estimate.high = mean_ + half_width;
  return estimate;
}

MeanEstimate estimate_mean(std::span<const double> samples) {
  RunningMean running;
  for (const double x : samples) running.add(x);
  return running.estimate();
}

PairwiseScores::PairwiseScores(int num_agents)
    : num_agents_(num_agents),
      scores_(static_cast<std::size_t>(num_agents) * static_cast<std::size_t>(num_agents), 0.0) {
  KIBITZ_CHECK(num_agents >= 1, "PairwiseScores needs agents");
}

std::size_t PairwiseScores::index(int a, int b) const {
  KIBITZ_DCHECK(a >= 0 && a < num_agents_ && b >= 0 && b < num_agents_, "agent out of range");
  return static_cast<std::size_t>(a) * static_cast<std::size_t>(num_agents_) +
         static_cast<std::size_t>(b);
}

void PairwiseScores::add_tie(int a, int b) {
  scores_[index(a, b)] += 0.5;
  scores_[index(b, a)] += 0.5;
}

void PairwiseScores::add(const PairwiseScores& other, double times) {
  KIBITZ_CHECK(other.num_agents_ == num_agents_, "adding scores of different agent counts");
  for (std::size_t i = 0; i < scores_.size(); ++i) scores_[i] += times * other.scores_[i];
}

std::vector<double> fit_bradley_terry(const PairwiseScores& scores, double prior_draws) {
  const int k = scores.num_agents();
  KIBITZ_CHECK(prior_draws >= 0.0, "negative prior");
  // Total score of each agent, the prior's half points included.
  std::vector<double> total(static_cast<std::size_t>(k), 0.0);
  for (int a = 0; a < k; ++a) {
    for (int b = 0; b < k; ++b) {
      if (a != b) total[a] += scores.score(a, b) + prior_draws / 2.0;
    }
  }
  // Strengths gamma with P(a beats b) = gamma_a / (gamma_a + gamma_b). An
  // agent without any comparison keeps strength 1 (rating 0).
  std::vector<double> gamma(static_cast<std::size_t>(k), 1.0);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    double largest_step = 0.0;
    for (int a = 0; a < k; ++a) {
      double denominator = 0.0;
      for (int b = 0; b < k; ++b) {
        if (a == b) continue;
        denominator += (scores.comparisons(a, b) + prior_draws) / (gamma[a] + gamma[b]);
      }
      if (denominator <= 0.0 || total[a] <= 0.0) continue;
      // Updated in place (cyclic MM), which converges faster than a sweep
      // that updates all agents from the old values.
      const double updated = total[a] / denominator;
      largest_step = std::max(largest_step, std::abs(std::log(updated / gamma[a])));
      gamma[a] = updated;
    }
    // Only ratios matter: keep the geometric mean at 1 so nothing drifts.
    double log_mean = 0.0;
    for (const double g : gamma) log_mean += std::log(g);
    log_mean /= k;
    for (double& g : gamma) g /= std::exp(log_mean);
    if (largest_step < kTolerance) break;
  }
  std::vector<double> ratings(static_cast<std::size_t>(k));
  for (int a = 0; a < k; ++a) ratings[a] = 400.0 * std::log10(gamma[a]);
  return ratings;
}

std::vector<RatingEstimate> bootstrap_bradley_terry(std::span<const PairwiseScores> batches,
                                                    int resamples, std::uint64_t seed,
                                                    double prior_draws) {
  KIBITZ_CHECK(!batches.empty(), "bootstrap needs at least one batch");
  const int k = batches.front().num_agents();
  PairwiseScores all(k);
  for (const PairwiseScores& batch : batches) all.add(batch);
  const std::vector<double> central = fit_bradley_terry(all, prior_draws);

  std::vector<std::vector<double>> replicates(static_cast<std::size_t>(k));
  Rng rng(seed);
  for (int r = 0; r < resamples; ++r) {
    PairwiseScores sample(k);
    for (std::size_t i = 0; i < batches.size(); ++i)
      sample.add(batches[rng.uniform_int(batches.size())]);
    const std::vector<double> ratings = fit_bradley_terry(sample, prior_draws);
    for (int a = 0; a < k; ++a) replicates[a].push_back(ratings[a]);
  }
  std::vector<RatingEstimate> estimates(static_cast<std::size_t>(k));
  for (int a = 0; a < k; ++a) {
    std::sort(replicates[a].begin(), replicates[a].end());
    estimates[a].rating = central[a];
    estimates[a].low = resamples > 0 ? quantile(replicates[a], 0.025) : central[a];
    estimates[a].high = resamples > 0 ? quantile(replicates[a], 0.975) : central[a];
  }
  return estimates;
}

}  // namespace kibitz::tools
