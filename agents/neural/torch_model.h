// TorchModel: a PolicyValueNet on a device, as a PolicyValueFunction: what
// agents and the batching evaluator call. The header is torch-free (pimpl),
// so agent code and tests that only run a model compile without LibTorch.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "agents/neural/checkpoint.h"
#include "agents/neural/policy_value.h"
#include "env/core/game.h"

namespace kibitz::neural {

class PolicyValueNetImpl;

// A network in inference mode (no autograd) on one device.
class TorchModel : public PolicyValueFunction {
 public:
  // Loads a checkpoint for `game` onto `device` ("cpu", "cuda", "cuda:N").
  // Throws KibitzError for a bad file, an incompatible checkpoint
  // (check_compatible) or an unavailable device.
  static std::unique_ptr<TorchModel> load(const std::string& path, const Game& game,
                                          std::string_view device = "cpu",
                                          const LoadOptions& options = {});

  // Wraps a network in memory (e.g. the one being trained). The model moves
  // it to `device` and shares it: the caller must not train it while this
  // model evaluates.
  TorchModel(std::shared_ptr<PolicyValueNetImpl> net, std::string_view device = "cpu");
  ~TorchModel() override;

  const NetworkShape& shape() const override;
  // Copies the rows to the device, runs one forward pass under
  // torch::NoGradGuard, copies the heads back and applies the masked
  // softmax (policy_value.h) on the host.
  void evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                std::span<float> policy, std::span<float> values) override;

  // The checkpoint's metadata (default-constructed when built from memory).
  const CheckpointInfo& checkpoint() const;
  // "cpu", "cuda:0", ...
  std::string device() const;

  // A model on the same network module (shared, read only: evaluate runs
  // forward passes without autograd and changes no parameter), for an agent
  // on another thread; the module is loaded once for all of them.
  std::unique_ptr<TorchModel> share() const;

 private:
  struct Impl;
  explicit TorchModel(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Lets the model cache (model_cache.h) load checkpoints on devices other
// than the CPU with TorchModel. A program that links kibitz_torch calls it
// once at start-up.
void register_torch_models();

}  // namespace kibitz::neural
