// BatchingEvaluator: many search threads share one network (STYLE 7, in the
// manner of KataGo's nneval). Each thread submits one row (tensor + legal
// mask) and waits on a future; a batcher thread runs one forward pass over
// up to max_batch queued rows, or over fewer once the oldest row has waited
// max_wait or every attached client is waiting (no further row can come).
//
// NetworkEvaluator adapts it to the search's Evaluator seam (value + prior),
// so ismcts runs PUCT on the network's policy and values its leaves with the
// value head instead of rollouts. docs/neural.md has the details.
//
// Without a batcher thread (BatchingOptions::threaded = false) every call
// runs at once on the caller's thread, batch 1: the right mode for a
// single-threaded search, and bit-for-bit deterministic.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "agents/neural/policy_value.h"
#include "agents/search/evaluator.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz::neural {

// How a BatchingEvaluator groups requests.
struct BatchingOptions {
  // false: evaluate on the caller's thread, one row at a time.
  bool threaded = true;
  // Largest forward pass.
  int max_batch = 256;
  // Longest a queued row waits for company before its batch runs anyway.
  std::chrono::microseconds max_wait{500};
};

// The output of one row.
struct Evaluation {
  std::vector<float> policy;  // num_actions, masked softmax
  std::vector<float> values;  // num_players, relative to the acting seat
};

class BatchingEvaluator {
 public:
  BatchingEvaluator(std::shared_ptr<PolicyValueFunction> network, const BatchingOptions& options);
  // Stops the batcher after running every queued request.
  ~BatchingEvaluator();
  BatchingEvaluator(const BatchingEvaluator&) = delete;
  BatchingEvaluator& operator=(const BatchingEvaluator&) = delete;

  const NetworkShape& shape() const { return network_->shape(); }
  const BatchingOptions& options() const { return options_; }

  // Queues one row (input_size floats, num_actions mask floats; copied) and
  // returns its result's future. Without a batcher thread the row runs at
  // once and the future is ready. Any thread may call it.
  std::future<Evaluation> submit(std::span<const float> input, std::span<const float> mask);

  // Evaluates one row and waits: the synchronous call. Writes num_actions
  // policy floats and num_players values (relative seat order).
  void evaluate(std::span<const float> input, std::span<const float> mask, std::span<float> policy,
                std::span<float> values);

  // A client is a thread that calls evaluate() in a loop (a search thread).
  // While every attached client is waiting, the batch runs at once instead
  // of waiting out max_wait. NetworkEvaluator attaches itself.
  void attach();
  void detach();

  // Statistics: forward passes run and rows evaluated.
  std::int64_t batches() const;
  std::int64_t rows() const;

 private:
  struct Request {
    std::vector<float> input;
    std::vector<float> mask;
    std::promise<Evaluation> promise;
    std::chrono::steady_clock::time_point queued;
  };
  void run_batcher();
  // Runs `requests` as one forward pass and fulfils their promises.
  void run_batch(std::vector<Request>& requests);

  std::shared_ptr<PolicyValueFunction> network_;
  BatchingOptions options_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Request> queue_;
  int clients_ = 0;
  bool stopping_ = false;
  std::atomic<std::int64_t> batches_{0};
  std::atomic<std::int64_t> rows_{0};

  // Forward passes are serialised (the network need not be thread safe) and
  // reuse these buffers.
  std::mutex network_mutex_;
  std::vector<float> inputs_, masks_, policy_, values_;

  std::thread batcher_;  // last: started once everything above exists
};

// The search Evaluator backed by a network. At a leaf it first samples any
// chance moves (the network reads a seat's tensor), then evaluates the
// acting seat's information-state tensor: the prior is the masked policy
// over the legal actions, and the values (turned to absolute seat order)
// estimate each seat's return. A world that ends while sampling chance gives
// its exact returns. One instance per search thread.
class NetworkEvaluator : public Evaluator {
 public:
  // How a leaf is valued.
  enum class LeafValue {
    kValueHead,  // the value head on the relevant seat's tensor
    // The world is played to its end, every seat by the policy head on its
    // own information state and chance by its probabilities; the leaf gets
    // the exact returns (a policy rollout). Slower, but free of the value
    // head's errors. A RolloutLimit can stop it sooner: the world where it
    // stops is valued by the value head of the seat to act there.
    kPolicyRollout,
  };

  NetworkEvaluator(std::shared_ptr<BatchingEvaluator> batcher, std::shared_ptr<const Game> game,
                   LeafValue leaf_value = LeafValue::kValueHead, RolloutLimit limit = {});
  ~NetworkEvaluator() override;

  // See Evaluator::evaluate; `rng` draws only the chance moves.
  void evaluate(State& world, Rng& rng, std::span<double> values,
                std::vector<double>* prior) override;
  // Always: the policy head is the prior, so the search runs PUCT.
  bool has_prior() const override { return true; }
  // The policy head on the acting seat's information state.
  void policy(const State& world, std::vector<double>& out) override;
  // The value head on `seat`'s information-state tensor at its next
  // decision: chance and the other seats (drawn from the policy head on
  // their own information states) are played until `seat` is to act, or to
  // the end of the game (exact returns).
  void seat_values(State& world, Player seat, Rng& rng, std::span<double> values) override;

 private:
  // Runs the network on `seat`'s tensor of `world` with the legal mask.
  void run_network(const State& world, Player seat);
  // The policy head's probabilities of world.legal_actions(), in that order.
  void legal_policy(const State& world, std::vector<double>& out);
  // Plays the world to its end, or to the cut, as LeafValue::kPolicyRollout
  // says.
  void policy_rollout(State& world, Rng& rng, std::span<double> values);

  std::shared_ptr<BatchingEvaluator> batcher_;
  std::shared_ptr<const Game> game_;
  LeafValue leaf_value_;
  RolloutCut cut_;
  std::vector<float> input_, mask_, policy_, relative_values_;
  ActionList legal_;  // the last legal_policy's actions
  std::vector<double> modelled_policy_;
};

// An EvaluatorFactory (search_agent.h) whose evaluators share `batcher`.
EvaluatorFactory network_evaluator_factory(
    std::shared_ptr<BatchingEvaluator> batcher, std::shared_ptr<const Game> game,
    NetworkEvaluator::LeafValue leaf_value = NetworkEvaluator::LeafValue::kValueHead,
    RolloutLimit limit = {});

}  // namespace kibitz::neural
