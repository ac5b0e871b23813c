#include "tools/review/decision_review.h"

#include <algorithm>
#include <map>

#include "tools/arena/statistics.h"

namespace kibitz::tools {
namespace {

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
  std::map<std::string, RunningMean> values;
  std::map<std::string, double> shares;
  for (const ReplicateEstimate& r : replicates) {
    for (const auto& [a, v] : r.values) values[a].add(v);
    for (const auto& [a, p] : r.policy) shares[a] += p / static_cast<double>(replicates.size());
  }
  for (const auto& [action, samples] : values) {
    d.actions.push_back(ActionEstimate{action, samples.mean(), samples.standard_error(),
                                       static_cast<int>(samples.count()), shares[action]});
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
    RunningMean differences;
    for (const ReplicateEstimate& r : replicates) {
      const std::optional<double> best = value_of(r, d.best);
      const std::optional<double> mine = value_of(r, played);
      if (best && mine) differences.add(*best - *mine);
    }
    d.loss_error = differences.standard_error();
    d.relative_loss = d.spread > 0.0 ? std::min(1.0, *d.loss / d.spread) : 0.0;
  }
  d.verdict = verdict_for(d);
  return d;
}

}  // namespace kibitz::tools
