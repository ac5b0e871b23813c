#include "agents/neural/policy_choice.h"

#include <algorithm>

namespace kibitz::neural {

Action choose_from_policy(const ActionList& legal, std::span<const float> policy, double value,
                          bool greedy, Rng& rng, std::vector<double>& weights, DecisionInfo& out) {
  weights.clear();
  double total = 0;
  for (Action a : legal) {
    weights.push_back(policy[static_cast<std::size_t>(a)]);
    total += weights.back();
  }
  // A policy that underflowed to zero on every legal action plays uniformly.
  if (total <= 0) std::fill(weights.begin(), weights.end(), 1.0);
  std::size_t chosen = 0;
  if (greedy) {
    for (std::size_t i = 1; i < weights.size(); ++i) {
      if (weights[i] > weights[chosen]) chosen = i;  // strict: ties keep the lower action
    }
  } else {
    chosen = rng.sample_index(weights);
  }
  out = DecisionInfo();
  const double sum = total > 0 ? total : static_cast<double>(weights.size());
  for (std::size_t i = 0; i < legal.size(); ++i) out.policy.emplace_back(legal[i], weights[i] / sum);
  out.has_value = true;
  out.value = value;
  return legal[chosen];
}

}  // namespace kibitz::neural
