// RandomAgent: picks uniformly among the legal actions. The floor every other
// agent is measured against.
#pragma once

#include <cstdint>

#include "agents/agent.h"
#include "agents/registry.h"
#include "env/core/rng.h"

namespace kibitz {

class RandomAgent : public Agent {
 public:
  explicit RandomAgent(std::uint64_t seed) : rng_(seed) {}

  std::string spec() const override { return "random"; }
  Action act(const SeatView& view) override;
  bool reseed(std::uint64_t seed) override {
    rng_ = Rng(seed);
    return true;
  }

  static AgentInfo info();

 private:
  Rng rng_;
  ActionList legal_;
};

}  // namespace kibitz
