#include "training/distributed/model_sync.h"

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace kibitz::training::distributed {
namespace {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

void hash_bytes(std::uint64_t& hash, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * kFnvPrime;
}

void hash_tensor(std::uint64_t& hash, const torch::Tensor& tensor) {
  if (!tensor.defined()) return;
  const torch::Tensor cpu = tensor.detach().to(torch::kCPU).contiguous();
  hash_bytes(hash, cpu.data_ptr(), static_cast<std::size_t>(cpu.nbytes()));
}

}  // namespace

void broadcast_network(Group& group, neural::PolicyValueNet& net) {
  std::vector<torch::Tensor> tensors = net->parameters();
  for (const torch::Tensor& buffer : net->buffers()) tensors.push_back(buffer);
  group.broadcast(tensors);
}

void broadcast_optimizer(Group& group, torch::optim::Adam& optimizer, const torch::Device& device) {
  std::string bytes;
  if (group.rank() == 0) {
    std::ostringstream out;
    torch::save(optimizer, out);
    bytes = out.str();
  }
  group.broadcast_bytes(bytes);
  if (group.rank() == 0) return;
  std::istringstream in(bytes);
  torch::load(optimizer, in, device);
}

void average_gradients(Group& group, neural::PolicyValueNet& net, std::int64_t rows) {
  torch::NoGradGuard no_grad;
  const std::vector<torch::Tensor> parameters = net->parameters();
  std::vector<torch::Tensor> pieces;
  pieces.reserve(parameters.size() + 1);
  for (const torch::Tensor& parameter : parameters) {
    const torch::Tensor& grad = parameter.grad();
    pieces.push_back(rows > 0 && grad.defined()
                         ? grad.reshape(-1) * static_cast<double>(rows)
                         : torch::zeros({parameter.numel()}, parameter.options()));
  }
  // The rows ride in the same buffer: one collective per step.
  pieces.push_back(torch::full({1}, static_cast<double>(rows), parameters.front().options()));
  torch::Tensor flat = torch::cat(pieces);
  group.allreduce_sum(flat);
  const std::int64_t total_index = flat.numel() - 1;
  const double total = flat[total_index].item<double>();
  if (total > 0) flat.div_(total);
  std::int64_t offset = 0;
  for (const torch::Tensor& parameter : parameters) {
    const std::int64_t n = parameter.numel();
    const torch::Tensor mean = flat.slice(0, offset, offset + n).view(parameter.sizes());
    if (parameter.grad().defined()) {
      parameter.mutable_grad().copy_(mean);
    } else {
      parameter.mutable_grad() = mean.clone();
    }
    offset += n;
  }
}

std::uint64_t state_hash(neural::PolicyValueNet& net, torch::optim::Adam& optimizer,
                         neural::PolicyValueNet* averaged) {
  std::uint64_t hash = kFnvOffset;
  for (const torch::Tensor& parameter : net->parameters()) hash_tensor(hash, parameter);
  if (averaged != nullptr && *averaged) {
    for (const torch::Tensor& parameter : (*averaged)->parameters()) hash_tensor(hash, parameter);
  }
  const auto& state = optimizer.state();
  for (const auto& group : optimizer.param_groups()) {
    for (const torch::Tensor& parameter : group.params()) {
      const auto found = state.find(c10::guts::to_string(parameter.unsafeGetTensorImpl()));
      if (found == state.end()) continue;
      const auto& adam = static_cast<const torch::optim::AdamParamState&>(*found->second);
      const std::int64_t step = adam.step();
      hash_bytes(hash, &step, sizeof step);
      hash_tensor(hash, adam.exp_avg());
      hash_tensor(hash, adam.exp_avg_sq());
      hash_tensor(hash, adam.max_exp_avg_sq());
    }
  }
  return hash;
}

void check_identical(Group& group, std::uint64_t hash, std::int64_t iteration) {
  // Two 32-bit halves: a double holds each exactly.
  const std::vector<double> all =
      group.allgather({static_cast<double>(hash >> 32), static_cast<double>(hash & 0xffffffffu)});
  for (int rank = 1; rank < group.size(); ++rank) {
    const auto at = static_cast<std::size_t>(2 * rank);
    if (all[at] != all[0] || all[at + 1] != all[1]) {
      throw std::runtime_error("after iteration " + std::to_string(iteration) + ", " +
                               group.describe(rank) + " holds other weights or optimizer state " +
                               "than rank 0: the ranks diverged");
    }
  }
}

neural::PolicyValueNet copy_network(neural::PolicyValueNet& net, const torch::Device& device) {
  neural::PolicyValueNet copy(net->shape(), 0);
  neural::set_network_tensors(copy, neural::network_tensors(net));
  copy->to(device);
  return copy;
}

}  // namespace kibitz::training::distributed
