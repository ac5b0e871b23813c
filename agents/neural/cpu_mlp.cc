#include "agents/neural/cpu_mlp.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <utility>

#include "env/core/error.h"

namespace kibitz::neural {

namespace {

// "[256, 818]", for messages.
std::string sizes_text(const std::vector<std::int64_t>& sizes) {
  std::ostringstream text;
  text << "[";
  for (std::size_t i = 0; i < sizes.size(); ++i) text << (i > 0 ? ", " : "") << sizes[i];
  text << "]";
  return text.str();
}

// The tensor at `index`, which must be `name` of `sizes` with as many values;
// throws KibitzError saying what was found instead.
const NamedTensor& expect_tensor(const std::vector<NamedTensor>& tensors, std::size_t index,
                                 const std::string& name, const std::vector<std::int64_t>& sizes) {
  const NamedTensor& t = tensors[index];
  std::int64_t count = 1;
  for (std::int64_t size : sizes) count *= size;
  if (t.name != name || t.sizes != sizes || static_cast<std::int64_t>(t.values.size()) != count) {
    throw error("weights tensor ", index + 1, " is '", t.name, "' of sizes ", sizes_text(t.sizes),
                " (", t.values.size(), " values); the network expects '", name, "' of sizes ",
                sizes_text(sizes));
  }
  return t;
}

}  // namespace

std::unique_ptr<CpuMlp> CpuMlp::load(const std::string& path, const Game& game,
                                     const LoadOptions& options) {
  // The same reading, checks and messages as load_network (network.cc), so a
  // checkpoint is refused alike whichever model the caller gets.
  CheckpointFile file = read_checkpoint(path);
  check_compatible(file.info, game, options, file.path);
  std::unique_ptr<CpuMlp> mlp;
  try {
    mlp = std::make_unique<CpuMlp>(file.info.shape, file.tensors);
  } catch (const KibitzError& e) {
    throw error("checkpoint '", file.path, "' does not match its own shape (",
                file.info.shape.to_string(), "): ", e.what());
  }
  mlp->checkpoint_ = std::move(file.info);
  return mlp;
}

CpuMlp::CpuMlp(const NetworkShape& shape, const std::vector<NamedTensor>& tensors) : shape_(shape) {
  if (shape.input_size <= 0 || shape.num_actions <= 0 || shape.num_players <= 0 ||
      std::any_of(shape.hidden.begin(), shape.hidden.end(), [](int w) { return w <= 0; }) ||
      !(shape.value_min < shape.value_max)) {
    throw error("not a network shape: ", shape.to_string());
  }
  // Two tensors (weight, bias) per hidden layer and per head, in the order
  // PolicyValueNetImpl registers them: the trunk, then policy, then value.
  const std::size_t expected = 2 * (shape.hidden.size() + 2);
  if (tensors.size() != expected) {
    throw error("the network has ", expected, " parameter tensors, the weights ", tensors.size());
  }
  std::size_t next = 0;
  // Copies the Linear layer `name` (weight [out, in], bias [out]) into
  // outputs [first, first + out) of `layer`, transposing the weights.
  auto copy_linear = [&](const std::string& name, int in, int out, Layer& layer, int first) {
    const NamedTensor& w = expect_tensor(tensors, next++, name + ".weight", {out, in});
    const NamedTensor& b = expect_tensor(tensors, next++, name + ".bias", {out});
    const auto width = static_cast<std::size_t>(layer.out);
    for (int o = 0; o < out; ++o) {
      const auto column = static_cast<std::size_t>(first + o);
      layer.bias[column] = b.values[static_cast<std::size_t>(o)];
      for (int i = 0; i < in; ++i) {
        layer.weights[static_cast<std::size_t>(i) * width + column] =
            w.values[static_cast<std::size_t>(o) * static_cast<std::size_t>(in) +
                     static_cast<std::size_t>(i)];
      }
    }
  };
  auto empty_layer = [](int in, int out) {
    Layer layer;
    layer.in = in;
    layer.out = out;
    layer.weights.assign(static_cast<std::size_t>(in) * static_cast<std::size_t>(out), 0.0f);
    layer.bias.assign(static_cast<std::size_t>(out), 0.0f);
    return layer;
  };

  auto weights = std::make_shared<Weights>();
  int width = shape.input_size;
  int widest = 0;
  for (std::size_t k = 0; k < shape.hidden.size(); ++k) {
    Layer layer = empty_layer(width, shape.hidden[k]);
    copy_linear("trunk." + std::to_string(k), width, layer.out, layer, 0);
    weights->hidden.push_back(std::move(layer));
    width = shape.hidden[k];
    widest = std::max(widest, width);
  }
  weights->heads = empty_layer(width, shape.num_actions + shape.num_players);
  copy_linear("policy", width, shape.num_actions, weights->heads, 0);
  copy_linear("value", width, shape.num_players, weights->heads, shape.num_actions);

  // All scratch now, so evaluate() never allocates.
  current_.assign(static_cast<std::size_t>(widest), 0.0f);
  next_.assign(static_cast<std::size_t>(widest), 0.0f);
  heads_out_.assign(static_cast<std::size_t>(weights->heads.out), 0.0f);
  weights_ = std::move(weights);
}

void CpuMlp::apply(const Layer& layer, std::span<const float> x, std::span<float> out) {
  const auto width = static_cast<std::size_t>(layer.out);
  // __restrict: the weights, the bias and the output never overlap, which
  // lets the compiler vectorise the inner loop without overlap checks.
  float* __restrict o = out.data();
  const float* __restrict bias = layer.bias.data();
  for (std::size_t j = 0; j < width; ++j) o[j] = bias[j];
  for (std::size_t i = 0; i < x.size(); ++i) {
    const float xi = x[i];
    // Most inputs are zero (one-hot encodings, ReLU outputs): skipping them
    // is most of the speed-up over a dense product.
    if (xi == 0.0f) continue;
    const float* __restrict w = layer.weights.data() + i * width;
    for (std::size_t j = 0; j < width; ++j) o[j] += xi * w[j];
  }
}

void CpuMlp::evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                      std::span<float> policy, std::span<float> values) {
  const auto rows = static_cast<std::size_t>(batch);
  const auto in = static_cast<std::size_t>(shape_.input_size);
  const auto na = static_cast<std::size_t>(shape_.num_actions);
  const auto np = static_cast<std::size_t>(shape_.num_players);
  check_evaluate_sizes(shape_, batch, inputs, masks, policy, values, "CpuMlp");
  // denormalize_values (network.cc): tanh output in [-1, 1] to the game's units.
  const double half = 0.5 * (shape_.value_max - shape_.value_min);
  const double middle = shape_.value_min + half;
  // Rows one at a time: this model is for the small batches of agents, where
  // a blocked matrix product would gain little; large batches use TorchModel.
  for (std::size_t r = 0; r < rows; ++r) {
    std::span<const float> x = inputs.subspan(r * in, in);
    for (const Layer& layer : weights_->hidden) {
      const std::span<float> out(next_.data(), static_cast<std::size_t>(layer.out));
      apply(layer, x, out);
      for (float& v : out) v = std::max(v, 0.0f);  // ReLU
      // The output becomes the next layer's input; swapping vectors keeps
      // both buffers (and the span into them) valid.
      std::swap(current_, next_);
      x = std::span<const float>(current_.data(), out.size());
    }
    apply(weights_->heads, x, heads_out_);
    masked_softmax(std::span<const float>(heads_out_).first(na), masks.subspan(r * na, na),
                   policy.subspan(r * na, na));
    for (std::size_t p = 0; p < np; ++p) {
      values[r * np + p] = static_cast<float>(std::tanh(heads_out_[na + p]) * half + middle);
    }
  }
}

}  // namespace kibitz::neural
