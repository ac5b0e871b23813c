// MockNetwork: a deterministic fake policy-value network (STYLE 7, like
// lc0's mock backend), so batching, the search seam and the agents are
// tested without LibTorch or a checkpoint. Its outputs are a fixed function
// of each row alone (a hash of the input floats), so batched and unbatched
// calls agree bit for bit, and a row can be recomputed by a test.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>

#include "agents/neural/policy_value.h"

namespace kibitz::neural {

// Logits and values from a hash of the input row and `seed`.
class MockNetwork : public PolicyValueFunction {
 public:
  // `shape.hidden` is ignored; values fall in [value_min, value_max].
  MockNetwork(const NetworkShape& shape, std::uint64_t seed);

  const NetworkShape& shape() const override { return shape_; }
  void evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                std::span<float> policy, std::span<float> values) override;

  // Forward passes so far, and the largest batch seen (to check batching).
  std::int64_t calls() const { return calls_; }
  int largest_batch() const { return largest_batch_; }

 private:
  NetworkShape shape_;
  std::uint64_t seed_;
  std::atomic<std::int64_t> calls_{0};
  std::atomic<int> largest_batch_{0};
};

}  // namespace kibitz::neural
