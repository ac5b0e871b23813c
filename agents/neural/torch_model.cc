#include "agents/neural/torch_model.h"

#include <cstring>

#include "agents/neural/model_cache.h"
#include "agents/neural/network.h"
#include "env/core/error.h"

namespace kibitz::neural {

struct TorchModel::Impl {
  PolicyValueNet net{nullptr};
  torch::Device device{torch::kCPU};
  CheckpointInfo checkpoint;
};

std::unique_ptr<TorchModel> TorchModel::load(const std::string& path, const Game& game,
                                             std::string_view device, const LoadOptions& options) {
  auto impl = std::make_unique<Impl>();
  // The device first: a machine without CUDA refuses before reading the file.
  impl->device = parse_device(device);
  LoadedNetwork loaded = load_network(path, game, options, impl->device);
  impl->net = std::move(loaded.net);
  impl->checkpoint = std::move(loaded.info);
  impl->net->eval();
  return std::unique_ptr<TorchModel>(new TorchModel(std::move(impl)));
}

TorchModel::TorchModel(std::shared_ptr<PolicyValueNetImpl> net, std::string_view device)
    : impl_(std::make_unique<Impl>()) {
  KIBITZ_CHECK(net != nullptr, "TorchModel of a null network");
  impl_->device = parse_device(device);
  impl_->net = PolicyValueNet(std::move(net));
  impl_->net->to(impl_->device);
}

TorchModel::TorchModel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

TorchModel::~TorchModel() = default;

const NetworkShape& TorchModel::shape() const { return impl_->net->shape(); }

const CheckpointInfo& TorchModel::checkpoint() const { return impl_->checkpoint; }

std::string TorchModel::device() const { return impl_->device.str(); }

std::unique_ptr<TorchModel> TorchModel::share() const {
  return std::unique_ptr<TorchModel>(new TorchModel(std::make_unique<Impl>(*impl_)));
}

void TorchModel::evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                          std::span<float> policy, std::span<float> values) {
  const NetworkShape& s = shape();
  const auto rows = static_cast<std::size_t>(batch);
  check_evaluate_sizes(s, batch, inputs, masks, policy, values, "TorchModel");
  torch::NoGradGuard no_grad;
  // from_blob wraps the caller's floats without a copy; forward only reads
  // them, and .to() copies when the device is not the CPU.
  const torch::Tensor x =
      torch::from_blob(const_cast<float*>(inputs.data()), {batch, s.input_size}, torch::kFloat32)
          .to(impl_->device);
  PolicyValueNetImpl::Output out = impl_->net->forward(x);
  const torch::Tensor l = out.logits.to(torch::kCPU, torch::kFloat32).contiguous();
  const torch::Tensor v = out.values.to(torch::kCPU, torch::kFloat32).contiguous();
  // The masked softmax on the host, row by row: one pass over a few hundred
  // floats, where the tensor version is nine operator calls (that overhead
  // dominates batch 1).
  const std::span<const float> logits(l.data_ptr<float>(), policy.size());
  const auto na = static_cast<std::size_t>(s.num_actions);
  for (std::size_t r = 0; r < rows; ++r) {
    kibitz::neural::masked_softmax(logits.subspan(r * na, na), masks.subspan(r * na, na),
                                   policy.subspan(r * na, na));
  }
  std::memcpy(values.data(), v.data_ptr<float>(), values.size() * sizeof(float));
}

namespace {

ModelSharer load_torch_model(const std::string& path, const Game& game, const std::string& device) {
  std::shared_ptr<const TorchModel> prototype = TorchModel::load(path, game, device);
  return [prototype] { return std::shared_ptr<PolicyValueFunction>(prototype->share()); };
}

}  // namespace

void register_torch_models() { set_device_model_loader(&load_torch_model); }

}  // namespace kibitz::neural
