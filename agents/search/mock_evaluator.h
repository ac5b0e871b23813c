// MockEvaluator: a fixed value and prior for search tests (STYLE 7), so the
// search can be checked without rollouts or a network: a test states what
// the evaluator believes and checks that the search follows it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "agents/search/evaluator.h"
#include "env/core/error.h"

namespace kibitz {

// Returns `values` for every world (or what `value_fn` computes from it) and,
// when given action weights, a prior proportional to them over the legal
// actions (an action without a weight gets `default_weight`).
class MockEvaluator : public Evaluator {
 public:
  using ValueFn = std::function<void(const State& world, std::span<double> values)>;
  // Writes the policy of world's seat to act, one weight per legal action.
  using PolicyFn = std::function<void(const State& world, std::vector<double>& weights)>;

  MockEvaluator(std::vector<double> values, std::vector<double> action_weights = {},
                double default_weight = 1.0)
      : values_(std::move(values)),
        weights_(std::move(action_weights)),
        default_weight_(default_weight) {}
  explicit MockEvaluator(ValueFn value_fn) : value_fn_(std::move(value_fn)) {}

  void evaluate(State& world, Rng& rng, std::span<double> values,
                std::vector<double>* prior) override {
    ++calls_;
    fill_values(world, values);
    if (prior != nullptr) weighted_prior(world, weights_, *prior);
  }

  // With a policy function and no weights, the prior is flat.
  bool has_prior() const override { return !weights_.empty() || policy_fn_ != nullptr; }

  // The same prior as evaluate() gives, for modelled opponents and belief
  // weights, unless set_policy_weights gave the policy its own weights or
  // set_policy_fn a policy that reads the world (its weights normalised here).
  void policy(const State& world, std::vector<double>& out) override {
    ++policy_calls_;
    if (policy_fn_) {
      policy_fn_(world, out);
      double total = 0;
      for (double w : out) total += w;
      for (double& p : out) p /= total;
      return;
    }
    weighted_prior(world, policy_weights_.empty() ? weights_ : policy_weights_, out);
  }
  void set_policy_weights(std::vector<double> weights) { policy_weights_ = std::move(weights); }
  void set_policy_fn(PolicyFn fn) { policy_fn_ = std::move(fn); }

  // The same values as evaluate(), remembering each seat asked.
  void seat_values(State& world, Player seat, Rng& /*rng*/, std::span<double> values) override {
    seats_asked_.push_back(seat);
    fill_values(world, values);
  }
  const std::vector<Player>& seats_asked() const { return seats_asked_; }

  // How many times evaluate() and policy() ran.
  std::int64_t calls() const { return calls_; }
  std::int64_t policy_calls() const { return policy_calls_; }

 private:
  // The fixed values, or value_fn's.
  void fill_values(const State& world, std::span<double> values) const {
    if (value_fn_) {
      value_fn_(world, values);
    } else {
      KIBITZ_CHECK(values.size() == values_.size(), "mock values for ", values_.size(), " seats");
      std::copy(values_.begin(), values_.end(), values.begin());
    }
  }

  // `weights` over world's legal actions, normalised.
  void weighted_prior(const State& world, const std::vector<double>& weights,
                      std::vector<double>& out) {
    world.legal_actions(legal_);
    out.clear();
    double total = 0;
    for (Action a : legal_) {
      const auto i = static_cast<std::size_t>(a);
      out.push_back(i < weights.size() ? weights[i] : default_weight_);
      total += out.back();
    }
    for (double& p : out) p /= total;
  }

  std::vector<double> values_;
  std::vector<double> weights_;
  std::vector<double> policy_weights_;
  double default_weight_ = 1.0;
  ValueFn value_fn_;
  PolicyFn policy_fn_;
  ActionList legal_;
  std::int64_t calls_ = 0;
  std::int64_t policy_calls_ = 0;
  std::vector<Player> seats_asked_;
};

}  // namespace kibitz
