#include "tools/review/decision_review.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace kibitz::tools {
namespace {

// The mean and, with two or more samples, the standard error of the mean.
std::pair<double, std::optional<double>> mean_and_error(const std::vector<double>& samples) {
  double sum = 0.0;
  for (const double x : samples) sum += x;
  const double mean = samples.empty() ? 0.0 : sum / static_cast<double>(samples.size());
  if (samples.size() < 2) return {mean, std::nullopt};
  double squares = 0.0;
  for (const double x : samples) squares += (x - mean) * (x - mean);
  const double variance = squares / static_cast<double>(samples.size() - 1);
  return {mean, std::sqrt(variance / static_cast<double>(samples.size()))};
}

std::optional<double> value_of(const ReplicateEstimate& r, const std::string& action) {
  for (const auto& [a, v] : r.values) {
    if (a == action) return v;
  }
  return std::nullopt;
}

Verdict verdict_for(const DecisionReview& d) {
  if (!d.loss) return Verdict::kUnclear;
  const bool beyond_noise = d.loss_error && *d.loss > kNoiseMultiple * *d.loss_error;
  if (d.relative_loss < kInaccuracyShare) return Verdict::kGood;
  if (!beyond_noise) return Verdict::kUnclear;
  if (d.relative_loss < kMistakeShare) return Verdict::kInaccuracy;
  if (d.relative_loss < kBlunderShare) return Verdict::kMistake;
  return Verdict::kBlunder;
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kGood: return "good";
    case Verdict::kUnclear: return "unclear";
    case Verdict::kInaccuracy: return "inaccuracy";
    case Verdict::kMistake: return "mistake";
    case Verdict::kBlunder: return "blunder";
  }
  return "?";
}

int severity(Verdict verdict) {
  switch (verdict) {
    case Verdict::kInaccuracy: return 1;
    case Verdict::kMistake: return 2;
    case Verdict::kBlunder: return 3;
    default: return 0;
  }
}

DecisionReview combine_replicates(int move, const std::string& played, std::size_t legal,
                                  const std::vector<ReplicateEstimate>& replicates) {
  DecisionReview d;
  d.move = move;
  d.played = played;
  if (legal == 1) {
    d.forced = true;
    d.best = played;
    d.loss = 0.0;
    d.verdict = Verdict::kGood;
    return d;
  }
  std::map<std::string, std::vector<double>> values;
  std::map<std::string, double> shares;
  for (const ReplicateEstimate& r : replicates) {
    for (const auto& [a, v] : r.values) values[a].push_back(v);
    for (const auto& [a, p] : r.policy) shares[a] += p / static_cast<double>(replicates.size());
  }
  for (const auto& [action, samples] : values) {
    const auto [mean, error] = mean_and_error(samples);
    d.actions.push_back(ActionEstimate{action, mean, error, static_cast<int>(samples.size()), shares[action]});
  }
  std::stable_sort(d.actions.begin(), d.actions.end(),
                   [](const ActionEstimate& a, const ActionEstimate& b) { return a.value > b.value; });
  if (d.actions.empty()) return d;
  d.best = d.actions.front().action;
  d.spread = d.actions.front().value - d.actions.back().value;
  const auto played_estimate = std::find_if(d.actions.begin(), d.actions.end(),
                                            [&](const ActionEstimate& a) { return a.action == played; });
  if (played_estimate != d.actions.end()) {
    d.loss = d.actions.front().value - played_estimate->value;
    // Per replicate, best minus played, where that replicate valued both.
    std::vector<double> differences;
    for (const ReplicateEstimate& r : replicates) {
      const std::optional<double> best = value_of(r, d.best);
      const std::optional<double> mine = value_of(r, played);
      if (best && mine) differences.push_back(*best - *mine);
    }
    d.loss_error = mean_and_error(differences).second;
    d.relative_loss = d.spread > 0.0 ? std::min(1.0, *d.loss / d.spread) : 0.0;
  }
  d.verdict = verdict_for(d);
  return d;
}

}  // namespace kibitz::tools
