#include "agents/neural/batching_evaluator.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "env/core/error.h"

namespace kibitz::neural {

BatchingEvaluator::BatchingEvaluator(std::shared_ptr<PolicyValueFunction> network,
                                     const BatchingOptions& options)
    : network_(std::move(network)), options_(options) {
  KIBITZ_CHECK(network_ != nullptr, "BatchingEvaluator of a null network");
  KIBITZ_CHECK(options_.max_batch >= 1, "max_batch ", options_.max_batch);
  if (options_.threaded) batcher_ = std::thread([this] { run_batcher(); });
}

BatchingEvaluator::~BatchingEvaluator() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (batcher_.joinable()) batcher_.join();
}

std::future<Evaluation> BatchingEvaluator::submit(std::span<const float> input,
                                                  std::span<const float> mask) {
  const NetworkShape& s = shape();
  KIBITZ_CHECK(input.size() == static_cast<std::size_t>(s.input_size) &&
                   mask.size() == static_cast<std::size_t>(s.num_actions),
               "submit: ", input.size(), " input floats and ", mask.size(), " mask floats for ",
               s.to_string());
  Request request{std::vector<float>(input.begin(), input.end()),
                  std::vector<float>(mask.begin(), mask.end()),
                  {},
                  std::chrono::steady_clock::now()};
  std::future<Evaluation> result = request.promise.get_future();
  if (!options_.threaded) {
    std::vector<Request> one;
    one.push_back(std::move(request));
    run_batch(one);
    return result;
  }
  {
    std::lock_guard lock(mutex_);
    KIBITZ_CHECK(!stopping_, "submit to a BatchingEvaluator being destroyed");
    queue_.push_back(std::move(request));
  }
  wake_.notify_one();
  return result;
}

void BatchingEvaluator::evaluate(std::span<const float> input, std::span<const float> mask,
                                 std::span<float> policy, std::span<float> values) {
  const NetworkShape& s = shape();
  KIBITZ_CHECK(policy.size() == static_cast<std::size_t>(s.num_actions) &&
                   values.size() == static_cast<std::size_t>(s.num_players),
               "evaluate: output sizes ", policy.size(), " and ", values.size(), " for ",
               s.to_string());
  if (!options_.threaded) {
    // The synchronous path: straight into the caller's buffers, no queue.
    KIBITZ_CHECK(input.size() == static_cast<std::size_t>(s.input_size) &&
                     mask.size() == static_cast<std::size_t>(s.num_actions),
                 "evaluate: ", input.size(), " input floats and ", mask.size(), " mask floats for ",
                 s.to_string());
    std::lock_guard lock(network_mutex_);
    network_->evaluate(1, input, mask, policy, values);
    ++batches_;
    ++rows_;
    return;
  }
  const Evaluation result = submit(input, mask).get();
  std::copy(result.policy.begin(), result.policy.end(), policy.begin());
  std::copy(result.values.begin(), result.values.end(), values.begin());
}

void BatchingEvaluator::attach() {
  std::lock_guard lock(mutex_);
  ++clients_;
}

void BatchingEvaluator::detach() {
  {
    std::lock_guard lock(mutex_);
    KIBITZ_CHECK(clients_ > 0, "detach without attach");
    --clients_;
  }
  // One client fewer may mean every remaining one is now waiting.
  wake_.notify_one();
}

std::int64_t BatchingEvaluator::batches() const { return batches_; }

std::int64_t BatchingEvaluator::rows() const { return rows_; }

void BatchingEvaluator::run_batcher() {
  const auto max_batch = static_cast<std::size_t>(options_.max_batch);
  std::vector<Request> batch;
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left to run
    // Wait for company: a full batch, every attached client waiting (none
    // can add a row before it is answered), shutdown, or the oldest row's
    // deadline.
    const auto deadline = queue_.front().queued + options_.max_wait;
    wake_.wait_until(lock, deadline, [&] {
      return stopping_ || queue_.size() >= max_batch ||
             (clients_ > 0 && queue_.size() >= static_cast<std::size_t>(clients_));
    });
    const std::size_t take = std::min(queue_.size(), max_batch);
    batch.clear();
    for (std::size_t i = 0; i < take; ++i) {
      batch.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    lock.unlock();
    run_batch(batch);
    lock.lock();
  }
}

void BatchingEvaluator::run_batch(std::vector<Request>& requests) {
  const NetworkShape& s = shape();
  const auto in = static_cast<std::size_t>(s.input_size);
  const auto na = static_cast<std::size_t>(s.num_actions);
  const auto np = static_cast<std::size_t>(s.num_players);
  const std::size_t n = requests.size();
  std::lock_guard lock(network_mutex_);
  inputs_.resize(n * in);
  masks_.resize(n * na);
  policy_.resize(n * na);
  values_.resize(n * np);
  for (std::size_t r = 0; r < n; ++r) {
    std::copy(requests[r].input.begin(), requests[r].input.end(), inputs_.begin() + r * in);
    std::copy(requests[r].mask.begin(), requests[r].mask.end(), masks_.begin() + r * na);
  }
  try {
    network_->evaluate(static_cast<int>(n), inputs_, masks_, policy_, values_);
  } catch (...) {
    // The waiting threads rethrow it from their futures.
    for (Request& request : requests) request.promise.set_exception(std::current_exception());
    return;
  }
  ++batches_;
  rows_ += static_cast<std::int64_t>(n);
  for (std::size_t r = 0; r < n; ++r) {
    Evaluation result;
    result.policy.assign(policy_.begin() + r * na, policy_.begin() + (r + 1) * na);
    result.values.assign(values_.begin() + r * np, values_.begin() + (r + 1) * np);
    requests[r].promise.set_value(std::move(result));
  }
}

NetworkEvaluator::NetworkEvaluator(std::shared_ptr<BatchingEvaluator> batcher,
                                   std::shared_ptr<const Game> game, LeafValue leaf_value,
                                   RolloutLimit limit)
    : batcher_(std::move(batcher)), game_(std::move(game)), leaf_value_(leaf_value), cut_(limit) {
  KIBITZ_CHECK(batcher_ != nullptr && game_ != nullptr,
               "NetworkEvaluator needs a network and game");
  const NetworkShape& s = batcher_->shape();
  KIBITZ_CHECK(network_fits(s, *game_), "network ", s.to_string(), " does not fit ", game_->spec());
  input_.resize(static_cast<std::size_t>(s.input_size));
  mask_.resize(static_cast<std::size_t>(s.num_actions));
  policy_.resize(static_cast<std::size_t>(s.num_actions));
  relative_values_.resize(static_cast<std::size_t>(s.num_players));
  batcher_->attach();
}

NetworkEvaluator::~NetworkEvaluator() { batcher_->detach(); }

void NetworkEvaluator::evaluate(State& world, Rng& rng, std::span<double> values,
                                std::vector<double>* prior) {
  // The network reads a seat's tensor, so play chance up to the next
  // decision (the search asks for a prior only at player nodes, where this
  // loop does nothing).
  while (world.is_chance_node()) world.apply_action(world.sample_chance_outcome(rng));
  if (world.is_terminal()) {
    world.returns(values);
    return;
  }
  if (leaf_value_ == LeafValue::kPolicyRollout) {
    // The rollout asks the network at every move; the leaf itself needs a
    // forward pass of its own only for a prior.
    if (prior != nullptr) policy(world, *prior);
    policy_rollout(world, rng, values);
    return;
  }
  run_network(world, world.current_player());
  if (prior != nullptr) legal_policy(world, *prior);
  to_absolute_values(world.current_player(), relative_values_, values);
}

void NetworkEvaluator::policy_rollout(State& world, Rng& rng, std::span<double> values) {
  play_rollout<RolloutMoves::kDrawnFromLegal>(world, rng, cut_, [&](const State& w) {
    policy(w, modelled_policy_);
    return legal_[rng.sample_index(modelled_policy_)];
  });
  // Stopped short of the end: the value head reads a seat's tensor, so play
  // chance up to the next decision and ask the seat to act there.
  while (world.is_chance_node()) world.apply_action(world.sample_chance_outcome(rng));
  if (world.is_terminal()) {
    world.returns(values);
    return;
  }
  run_network(world, world.current_player());
  to_absolute_values(world.current_player(), relative_values_, values);
}

void NetworkEvaluator::policy(const State& world, std::vector<double>& out) {
  run_network(world, world.current_player());
  legal_policy(world, out);
}

void NetworkEvaluator::seat_values(State& world, Player seat, Rng& rng, std::span<double> values) {
  // A rollout's returns are every seat's, whoever asks.
  if (leaf_value_ == LeafValue::kPolicyRollout) {
    policy_rollout(world, rng, values);
    return;
  }
  // The value head learned from tensors of seats about to act, so the world
  // first moves on to `seat`'s next decision: chance by its probabilities,
  // the other seats by the policy on their own information states.
  while (!world.is_terminal() && world.current_player() != seat) {
    if (world.is_chance_node()) {
      world.apply_action(world.sample_chance_outcome(rng));
    } else {
      policy(world, modelled_policy_);
      world.apply_action(legal_[rng.sample_index(modelled_policy_)]);
    }
  }
  if (world.is_terminal()) {
    world.returns(values);
    return;
  }
  run_network(world, seat);
  to_absolute_values(seat, relative_values_, values);
}

void NetworkEvaluator::run_network(const State& world, Player seat) {
  world.information_state_tensor(seat, input_);
  world.legal_action_mask(mask_);
  batcher_->evaluate(input_, mask_, policy_, relative_values_);
}

void NetworkEvaluator::legal_policy(const State& world, std::vector<double>& out) {
  world.legal_actions(legal_);
  out.clear();
  double total = 0;
  for (Action a : legal_) {
    out.push_back(policy_[static_cast<std::size_t>(a)]);
    total += out.back();
  }
  // The policy already sums to 1 over the legal actions; renormalising in
  // double keeps the prior exact, and a policy that underflowed to zero
  // everywhere falls back to uniform.
  for (double& p : out) p = total > 0 ? p / total : 1.0 / static_cast<double>(legal_.size());
}

EvaluatorFactory network_evaluator_factory(std::shared_ptr<BatchingEvaluator> batcher,
                                           std::shared_ptr<const Game> game,
                                           NetworkEvaluator::LeafValue leaf_value,
                                           RolloutLimit limit) {
  return [batcher = std::move(batcher), game = std::move(game), leaf_value,
          limit](std::uint64_t /*seed*/) {
    return std::make_unique<NetworkEvaluator>(batcher, game, leaf_value, limit);
  };
}

}  // namespace kibitz::neural
