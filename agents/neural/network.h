// The LibTorch side of the policy-value network (STYLE 7: LibTorch behind
// one interface). Include this header only from translation units that
// link torch (agents/neural, training/); everything else uses the
// torch-free policy_value.h, torch_model.h and batching_evaluator.h.
//
// The network is an MLP: input -> [Linear -> ReLU] per hidden width ->
// two heads, policy logits (num_actions) and values (num_players, relative
// seat order, tanh scaled to [value_min, value_max]; see policy_value.h).
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "agents/neural/checkpoint.h"
#include "agents/neural/policy_value.h"
#include "env/core/game.h"

namespace kibitz::neural {

// The MLP policy-value module; use through the PolicyValueNet holder.
class PolicyValueNetImpl : public torch::nn::Module {
 public:
  // Builds the layers of `shape` and initialises every weight from an Rng
  // seeded with `seed` (uniform in +-1/sqrt(fan_in), biases zero), never from
  // torch's global generator: the same seed gives the same net everywhere.
  PolicyValueNetImpl(const NetworkShape& shape, std::uint64_t seed);

  // The heads for a batch of inputs [batch, input_size]. On the CPU (float
  // inputs, LibTorch built with oneDNN) every layer runs as a oneDNN inner
  // product, forward and backward: Debian's LibTorch sends Linear to the
  // generic reference BLAS, which is 15 to 30 times slower for a batch
  // (docs/neural.md). Other devices use the Linear layers. Both compute the
  // same function and gradients, up to float rounding.
  struct Output {
    torch::Tensor logits;             // [batch, num_actions], unmasked
    torch::Tensor normalized_values;  // [batch, num_players], tanh output in [-1, 1]
    torch::Tensor values;             // the same in the game's units: [value_min, value_max]
  };
  Output forward(const torch::Tensor& inputs);

  const NetworkShape& shape() const { return shape_; }

  // false: always the plain Linear layers (to compare the two paths).
  void set_use_onednn(bool use) { use_onednn_ = use; }

 private:
  NetworkShape shape_;
  // The hidden Linear layers, each followed by a ReLU: trunk.0, trunk.1, ...
  torch::nn::ModuleList trunk_{nullptr};
  std::vector<torch::nn::Linear> hidden_layers_;  // the same layers, typed
  torch::nn::Linear policy_head_{nullptr};
  torch::nn::Linear value_head_{nullptr};
  bool use_onednn_ = true;
};
TORCH_MODULE(PolicyValueNet);

// Softmax over the entries where mask > 0, exactly 0 elsewhere; a row
// without a legal entry gives zeros. logits and mask: [batch, num_actions].
torch::Tensor masked_softmax(const torch::Tensor& logits, const torch::Tensor& mask);
// Log-softmax over the legal entries for training losses; illegal entries
// get a large finite negative (not -inf), so target * log_p is 0 there, never
// NaN.
torch::Tensor masked_log_softmax(const torch::Tensor& logits, const torch::Tensor& mask);

// Maps returns in the game's units to the normalized value scale of `shape`
// ([value_min, value_max] -> [-1, 1]) and back: value-loss targets.
torch::Tensor normalize_values(const NetworkShape& shape, const torch::Tensor& values);
torch::Tensor denormalize_values(const NetworkShape& shape, const torch::Tensor& normalized);

// "cpu" or "cuda" (also "cuda:N"). Throws KibitzError for any other text,
// and for cuda when torch::cuda::is_available() is false ("this LibTorch
// build has no CUDA support or no GPU is visible").
torch::Device parse_device(std::string_view name);

// Saves `net`'s weights (moved to the CPU) with `info`, atomically.
// info.shape must equal net->shape().
void save_network(const std::string& path, PolicyValueNet& net, const CheckpointInfo& info);

// A network read back from a checkpoint.
struct LoadedNetwork {
  CheckpointInfo info;
  PolicyValueNet net{nullptr};
};

// Reads `path`, refuses what does not fit `game` (check_compatible), builds
// the network and copies the weights in, on `device`. Throws KibitzError.
LoadedNetwork load_network(const std::string& path, const Game& game,
                           const LoadOptions& options = {},
                           const torch::Device& device = torch::kCPU);

// Flattens the parameters of `net` (on any device) into named CPU arrays, and
// copies such arrays back (names, order and sizes must match exactly, else
// KibitzError naming the first mismatch).
std::vector<NamedTensor> network_tensors(PolicyValueNet& net);
void set_network_tensors(PolicyValueNet& net, const std::vector<NamedTensor>& tensors);

}  // namespace kibitz::neural
