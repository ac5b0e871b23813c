#include "agents/neural/mock_network.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "env/core/error.h"
#include "env/core/rng.h"

namespace kibitz::neural {

MockNetwork::MockNetwork(const NetworkShape& shape, std::uint64_t seed)
    : shape_(shape), seed_(seed) {
  KIBITZ_CHECK(shape.input_size > 0 && shape.num_actions > 0 && shape.num_players > 0,
               "mock network shape ", shape.to_string());
}

void MockNetwork::evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                           std::span<float> policy, std::span<float> values) {
  const auto rows = static_cast<std::size_t>(batch);
  const auto in = static_cast<std::size_t>(shape_.input_size);
  const auto na = static_cast<std::size_t>(shape_.num_actions);
  const auto np = static_cast<std::size_t>(shape_.num_players);
  check_evaluate_sizes(shape_, batch, inputs, masks, policy, values, "MockNetwork");
  ++calls_;
  int largest = largest_batch_.load();
  while (batch > largest && !largest_batch_.compare_exchange_weak(largest, batch)) {
  }
  std::vector<float> logits(na);
  for (std::size_t r = 0; r < rows; ++r) {
    // The row's hash seeds a generator; logits and values are its draws, so
    // each row's outputs depend on that row alone.
    std::uint64_t hash = seed_;
    for (std::size_t i = 0; i < in; ++i) {
      hash = derive_seed(hash, "x", std::bit_cast<std::uint32_t>(inputs[r * in + i]));
    }
    Rng rng(hash);
    for (float& l : logits) l = static_cast<float>(4.0 * rng.uniform_double() - 2.0);
    masked_softmax(logits, masks.subspan(r * na, na), policy.subspan(r * na, na));
    for (std::size_t p = 0; p < np; ++p) {
      values[r * np + p] = static_cast<float>(
          shape_.value_min + rng.uniform_double() * (shape_.value_max - shape_.value_min));
    }
  }
}

}  // namespace kibitz::neural
