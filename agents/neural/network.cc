#include "agents/neural/network.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "env/core/error.h"
#include "env/core/rng.h"

namespace kibitz::neural {

namespace {

// Fills a Linear layer from `rng`: weights uniform in +-1/sqrt(fan_in) (the
// usual default scale, drawn from our generator so a seed is portable),
// biases zero.
void init_linear(torch::nn::Linear& layer, Rng& rng) {
  torch::NoGradGuard no_grad;
  const std::int64_t fan_in = layer->weight.size(1);
  const double bound = 1.0 / std::sqrt(static_cast<double>(fan_in));
  std::vector<float> values(static_cast<std::size_t>(layer->weight.numel()));
  for (float& v : values) v = static_cast<float>((2.0 * rng.uniform_double() - 1.0) * bound);
  layer->weight.copy_(torch::from_blob(values.data(), layer->weight.sizes(), torch::kFloat32));
  layer->bias.zero_();
}

}  // namespace

PolicyValueNetImpl::PolicyValueNetImpl(const NetworkShape& shape, std::uint64_t seed)
    : shape_(shape) {
  KIBITZ_CHECK(shape.input_size > 0 && shape.num_actions > 0 && shape.num_players > 0,
               "network shape ", shape.to_string());
  KIBITZ_CHECK(shape.value_min < shape.value_max, "value range of ", shape.to_string());
  Rng rng(seed);
  std::int64_t width = shape.input_size;
  trunk_ = register_module("trunk", torch::nn::ModuleList());
  for (int next : shape.hidden) {
    torch::nn::Linear layer(width, next);
    init_linear(layer, rng);
    trunk_->push_back(layer);
    hidden_layers_.push_back(layer);
    width = next;
  }
  policy_head_ = register_module("policy", torch::nn::Linear(width, shape.num_actions));
  value_head_ = register_module("value", torch::nn::Linear(width, shape.num_players));
  init_linear(policy_head_, rng);
  init_linear(value_head_, rng);
}

PolicyValueNetImpl::Output PolicyValueNetImpl::forward(const torch::Tensor& inputs) {
  const bool onednn = use_onednn_ && inputs.device().is_cpu() &&
                      inputs.scalar_type() == torch::kFloat32 && at::hasMKLDNN();
  // One layer without its activation. The oneDNN inner product reads the
  // layer's own dense weights (a network being trained is always evaluated
  // with its current weights) and has a backward, so autograd works through
  // it; the conversions to and from oneDNN's layout are copies, cheap next
  // to the product.
  auto linear = [&](torch::nn::Linear& layer, const torch::Tensor& x) {
    if (!onednn) return layer->forward(x);
    return torch::mkldnn_linear(x.contiguous().to_mkldnn(), layer->weight, layer->bias).to_dense();
  };
  torch::Tensor x = inputs;
  for (torch::nn::Linear& layer : hidden_layers_) x = torch::relu(linear(layer, x));
  Output out;
  out.logits = linear(policy_head_, x);
  out.normalized_values = torch::tanh(linear(value_head_, x));
  out.values = denormalize_values(shape_, out.normalized_values);
  return out;
}

torch::Tensor masked_softmax(const torch::Tensor& logits, const torch::Tensor& mask) {
  const torch::Tensor legal = mask > 0;
  // Illegal logits become the lowest finite float (not -inf, which would turn
  // a row without legal entries into NaN); the product with the mask then
  // makes them exactly 0 whatever rounding left, and the renormalisation
  // gives the legal entries the whole mass.
  const torch::Tensor filled =
      logits.masked_fill(legal.logical_not(), std::numeric_limits<float>::lowest());
  const torch::Tensor weights = torch::softmax(filled, -1) * legal.to(logits.scalar_type());
  const torch::Tensor total = weights.sum(-1, /*keepdim=*/true);
  return weights / total.clamp_min(std::numeric_limits<float>::min());
}

torch::Tensor masked_log_softmax(const torch::Tensor& logits, const torch::Tensor& mask) {
  return torch::log_softmax(logits.masked_fill((mask > 0).logical_not(), -1e9), -1);
}

torch::Tensor normalize_values(const NetworkShape& shape, const torch::Tensor& values) {
  const double half = 0.5 * (shape.value_max - shape.value_min);
  return (values - (shape.value_min + half)) / half;
}

torch::Tensor denormalize_values(const NetworkShape& shape, const torch::Tensor& normalized) {
  const double half = 0.5 * (shape.value_max - shape.value_min);
  return normalized * half + (shape.value_min + half);
}

torch::Device parse_device(std::string_view name) {
  if (name == "cpu") return torch::kCPU;
  if (name == "cuda" || name.starts_with("cuda:")) {
    if (!torch::cuda::is_available()) {
      throw error("device ", name,
                  ": CUDA is not available (this LibTorch build has no CUDA support, or no GPU "
                  "is visible); use device=cpu");
    }
    const torch::Device device{std::string(name)};
    if (device.has_index() && device.index() >= static_cast<int>(torch::cuda::device_count())) {
      throw error("device ", name, ": only ", torch::cuda::device_count(), " CUDA device(s)");
    }
    return device;
  }
  throw error("unknown device '", name, "'; use cpu or cuda (cuda:N for the N-th GPU)");
}

std::vector<NamedTensor> network_tensors(PolicyValueNet& net) {
  std::vector<NamedTensor> tensors;
  for (const auto& item : net->named_parameters(/*recurse=*/true)) {
    const torch::Tensor cpu = item.value().detach().to(torch::kCPU, torch::kFloat32).contiguous();
    NamedTensor t;
    t.name = item.key();
    t.sizes.assign(cpu.sizes().begin(), cpu.sizes().end());
    t.values.resize(static_cast<std::size_t>(cpu.numel()));
    std::memcpy(t.values.data(), cpu.data_ptr<float>(), t.values.size() * sizeof(float));
    tensors.push_back(std::move(t));
  }
  return tensors;
}

void set_network_tensors(PolicyValueNet& net, const std::vector<NamedTensor>& tensors) {
  auto parameters = net->named_parameters(/*recurse=*/true);
  if (parameters.size() != tensors.size()) {
    throw error("the network has ", parameters.size(), " parameter tensors, the weights ",
                tensors.size());
  }
  torch::NoGradGuard no_grad;
  std::size_t i = 0;
  for (auto& item : parameters) {
    const NamedTensor& t = tensors[i++];
    const std::vector<std::int64_t> sizes(item.value().sizes().begin(), item.value().sizes().end());
    if (t.name != item.key() || t.sizes != sizes) {
      throw error("weights tensor ", i, " is '", t.name, "' of ", t.values.size(),
                  " values; the network expects '", item.key(), "' of ", item.value().numel());
    }
    const torch::Tensor source = torch::from_blob(const_cast<float*>(t.values.data()),
                                                  item.value().sizes(), torch::kFloat32);
    item.value().copy_(source);
  }
}

void save_network(const std::string& path, PolicyValueNet& net, const CheckpointInfo& info) {
  KIBITZ_CHECK(info.shape == net->shape(), "checkpoint info shape ", info.shape.to_string(),
               " for a network of shape ", net->shape().to_string());
  write_checkpoint(path, CheckpointFile{info, network_tensors(net), path});
}

LoadedNetwork load_network(const std::string& path, const Game& game, const LoadOptions& options,
                           const torch::Device& device) {
  CheckpointFile file = read_checkpoint(path);
  check_compatible(file.info, game, options, file.path);
  LoadedNetwork loaded;
  loaded.info = std::move(file.info);
  loaded.net = PolicyValueNet(loaded.info.shape, /*seed=*/0);
  try {
    set_network_tensors(loaded.net, file.tensors);
  } catch (const KibitzError& e) {
    throw error("checkpoint '", file.path, "' does not match its own shape (",
                loaded.info.shape.to_string(), "): ", e.what());
  }
  loaded.net->to(device);
  return loaded;
}

}  // namespace kibitz::neural
