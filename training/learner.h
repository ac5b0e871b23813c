// The seam between the training loop (trainer.cc) and one algorithm
// (ppo.cc, expert_iteration.cc). Internal to training/: it includes LibTorch,
// so only training's own sources include it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>

#include "agents/neural/network.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "training/distributed/group.h"
#include "training/metrics.h"
#include "training/train_config.h"

namespace kibitz::training {

// What every algorithm shares: the run's settings, game, network and optimizer.
struct TrainingContext {
  const TrainConfig& config;
  std::shared_ptr<const Game> game;
  neural::NetworkShape shape;
  torch::Device device;
  neural::PolicyValueNet net;
  torch::optim::Adam& optimizer;
  // This iteration's entropy weight (config.entropy_coef on its schedule).
  double entropy_coef = 0.0;
  // The other ranks of a distributed run, or null for a run of one process.
  distributed::Group* group = nullptr;

  int rank() const { return group != nullptr ? group->rank() : 0; }
  int world_size() const { return group != nullptr ? group->size() : 1; }
  // This rank's own stream of `base`: `base` itself in a run of one
  // process (so such runs repeat those of earlier versions), else its
  // child for the rank.
  Rng rank_stream(const Rng& base) const {
    return group != nullptr ? base.child("rank", static_cast<std::uint64_t>(group->rank())) : base;
  }
  std::uint64_t rank_seed(std::uint64_t seed) const {
    return group != nullptr ? derive_seed(seed, "rank", static_cast<std::uint64_t>(group->rank()))
                            : seed;
  }
};

// One algorithm's iterations and the state it adds to a checkpoint.
class Learner {
 public:
  virtual ~Learner() = default;
  // Collects data with the current net and updates it once; adds the
  // iteration's metrics to `record`. Returns the decisions trained on.
  virtual std::int64_t run_iteration(std::int64_t iteration, MetricsRecord& record) = 0;
  // Called once the network of a checkpoint on the --checkpoint-every
  // schedule, `saved`, is written to `network_path` (by rank 0 alone: on
  // the other ranks of a distributed run the file is not there, only
  // `saved`). The extra checkpoints written at the end of the budget or on
  // Ctrl-C are not announced: where a run stops must not change the
  // iterations that follow its resume.
  virtual void on_checkpoint(const std::string& network_path, neural::PolicyValueNet& saved) = 0;
  // Writes the algorithm's state as "key=value" lines to `state` and any
  // larger data to files named from `stem` (the checkpoint path less its
  // extension); load reads them back when a run resumes.
  virtual void save(const std::string& stem, std::ostream& state) = 0;
  virtual void load(const std::string& stem, const std::map<std::string, std::string>& state) = 0;
  // A distributed run, after its start or resume: makes the state save()
  // writes (PPO's opponent pool, expert iteration's sample window) on every
  // rank what it is on rank 0, which alone reads checkpoints.
  virtual void sync(distributed::Group& group) = 0;
};

std::unique_ptr<Learner> make_ppo_learner(TrainingContext& context);
std::unique_ptr<Learner> make_expert_iteration_learner(TrainingContext& context);
// Expert iteration's loop with config.demonstrator in place of the search.
std::unique_ptr<Learner> make_behavior_cloning_learner(TrainingContext& context);

// Expert iteration's policy target from root visit shares: each share raised
// to `power`, renormalized (power 1: the shares themselves; larger: closer to
// the most visited move). `shares` must hold a positive entry.
void sharpen_shares(std::vector<float>& shares, double power);

// Runs `epochs` passes over `rows` training rows, each pass in a fresh order
// drawn from `rng` and cut into minibatches of at most `minibatch` rows;
// calls `step` with each minibatch's row numbers as an int64 tensor on
// `device`. Returns the number of minibatches (the divisor for mean losses).
int for_each_minibatch(std::int64_t rows, int epochs, std::int64_t minibatch, Rng& rng,
                       torch::Device device, const std::function<void(const torch::Tensor&)>& step);

// for_each_minibatch for a rank of a distributed run whose rows are its
// own: each pass over the rows, in a fresh order from `rng`, is cut into
// exactly `splits` minibatches of nearly equal size (some empty when rows <
// splits), so that every rank takes the same number of optimizer steps.
// Returns epochs * splits.
int for_each_split(std::int64_t rows, int epochs, std::int64_t splits, Rng& rng,
                   torch::Device device, const std::function<void(const torch::Tensor&)>& step);

// Rows of `values` (a flat float vector) as a [rows, width] CPU tensor copy.
torch::Tensor to_tensor(const std::vector<float>& values, std::int64_t width);

}  // namespace kibitz::training
