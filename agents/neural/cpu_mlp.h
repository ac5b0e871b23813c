// CpuMlp: an inference-only copy of a policy-value network's weights,
// evaluated with plain C++ loops. It computes the function of
// PolicyValueNetImpl::forward (network.h) followed by the masked softmax,
// like TorchModel, but without LibTorch: at batch 1 LibTorch's per-operator
// overhead, not the arithmetic, sets the cost (about 240 µs a row,
// docs/neural.md), and the information-state tensors that agents feed are
// mostly zeros, which a dense matrix product cannot exploit. Agents on the
// CPU use it (load_model in neural_agents.h); training and large batches
// keep TorchModel.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agents/neural/checkpoint.h"
#include "agents/neural/policy_value.h"
#include "env/core/game.h"

namespace kibitz::neural {

// A policy-value MLP in float arrays, for small batches on the CPU. Not thread
// safe: evaluate() writes per-object scratch buffers (BatchingEvaluator
// serialises calls, as PolicyValueFunction allows). The weights themselves
// are immutable and shared by every copy (share()), so one loaded checkpoint
// serves the agents of every thread (model_cache.h).
class CpuMlp : public PolicyValueFunction {
 public:
  // Reads a checkpoint for `game` with the checks and messages of
  // TorchModel::load (read_checkpoint, check_compatible). Throws KibitzError.
  static std::unique_ptr<CpuMlp> load(const std::string& path, const Game& game,
                                      const LoadOptions& options = {});

  // Copies the parameters of a network of `shape`, named and ordered as
  // network_tensors() gives them: trunk.0.weight, trunk.0.bias, ...,
  // policy.weight, policy.bias, value.weight, value.bias (weights
  // [out, in], row-major). Throws KibitzError naming the first tensor whose
  // name or sizes do not fit `shape`.
  CpuMlp(const NetworkShape& shape, const std::vector<NamedTensor>& tensors);

  const NetworkShape& shape() const override { return shape_; }
  // Row by row: each layer adds, for every nonzero input, that input times
  // its weight row to the bias, then the masked softmax of the logits and
  // the scaled tanh of the values. Allocates nothing after the first call.
  void evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                std::span<float> policy, std::span<float> values) override;

  // The checkpoint's metadata (default-constructed when built from tensors).
  const CheckpointInfo& checkpoint() const { return checkpoint_; }

  // A model that shares these weights (read only) and has scratch buffers of
  // its own, so it may evaluate on another thread than this one.
  std::unique_ptr<CpuMlp> share() const { return std::unique_ptr<CpuMlp>(new CpuMlp(*this)); }

 private:
  // One fully connected layer, weights transposed to [in][out] so that the
  // contribution of one input is a contiguous run over the outputs.
  struct Layer {
    int in = 0;
    int out = 0;
    std::vector<float> weights;  // in * out, row i = the weights of input i
    std::vector<float> bias;     // out
  };

  // Every layer, built once and never changed afterwards.
  struct Weights {
    std::vector<Layer> hidden;
    // Both heads as one layer: num_actions logits, then num_players values
    // (before tanh), so the last activations are read once.
    Layer heads;
  };

  // Shares the weights, copies the scratch (share()).
  CpuMlp(const CpuMlp&) = default;

  // out = bias + sum over nonzero x[i] of x[i] * weights row i.
  static void apply(const Layer& layer, std::span<const float> x, std::span<float> out);

  NetworkShape shape_;
  CheckpointInfo checkpoint_;
  std::shared_ptr<const Weights> weights_;
  // Scratch: the activations of the current layer and the next one (each
  // as wide as the widest hidden layer), and the heads' outputs.
  std::vector<float> current_, next_, heads_out_;
};

}  // namespace kibitz::neural
