// The training loop behind `kibitz train`: builds the network, runs PPO or
// expert-iteration iterations, evaluates, logs metrics, draws the learning
// curve and writes checkpoints that --resume continues from. Torch-free
// header (the command and the tests include it); docs/training.md has the
// file layout and the schemes.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "training/train_config.h"

namespace kibitz::training {

// What the loop reports while it runs.
struct TrainCallbacks {
  // Called once before the first iteration of this session with the budget
  // already done: 0 for a new run, the checkpoint's count for a resumed one
  // (so a progress display can leave it out of the rate and ETA).
  std::function<void(std::int64_t)> started;
  // (done, total) in the run's budget unit: decisions for --steps,
  // iterations for --iterations. Called after every iteration.
  std::function<void(std::int64_t, std::int64_t)> progress;
  // One human-readable line (resumed from, evaluation results, files written).
  std::function<void(const std::string&)> log;
  // Called after every iteration with a 64-bit hash of the weights and
  // optimizer state this process then holds (every rank of a distributed run
  // checks that the others hold the same before going on).
  std::function<void(std::int64_t iteration, std::uint64_t state_hash)> trained;
};

// What a finished (or stopped) run did.
struct TrainSummary {
  std::int64_t iterations = 0;  // completed, resumed ones included
  std::int64_t steps = 0;       // decisions trained on, resumed ones included
  std::string checkpoint;       // the last checkpoint's network file
  bool stopped = false;         // `stop` was raised before the budget was spent
  // A distributed run: the hash of the weights and optimizer state that
  // every rank holds (checked equal on every rank after every iteration).
  std::uint64_t weights_hash = 0;
};

// Runs `config` (validated first). `stop`, when set and raised, ends the run
// after the current iteration with a checkpoint, so it can be resumed.
// Throws KibitzError for bad input: flags, an unknown game, a game without a
// network encoder, --device cuda without CUDA, --resume without a run in
// --out or a run of another game, algorithm or trunk, --out that cannot be
// created or that holds a run while neither --resume nor --force is given.
// A rank of a distributed run (--world-size above 1) first joins the others
// (training/distributed/group.h); `stop` then ends the run on every rank
// after the iteration any rank raised it in. When another rank fails it
// throws distributed::DistributedFault (training/distributed/fault.h) naming
// that rank and its host; rank 0's message also names the last checkpoint.
TrainSummary train(const TrainConfig& config, const TrainCallbacks& callbacks,
                   const std::atomic<bool>* stop = nullptr);

// The file names inside the output folder.
inline constexpr const char* kLatestFile = "latest";
inline constexpr const char* kMetricsFile = "metrics.jsonl";
inline constexpr const char* kLearningCurveFile = "learning_curve.svg";
inline constexpr const char* kPolicyFile = "policy.txt";

}  // namespace kibitz::training
