// The `nn` agent in the Python module, without LibTorch: a policy-value
// network from a checkpoint, evaluated by the nn agent's own CPU code
// (agents/neural/cpu_mlp.h), acting from its policy head. The kibitz
// command's `nn` (agents/neural/neural_agents.h) is built with LibTorch
// beside it and on the CPU evaluates with the same CpuMlp; this one makes
// the same choice for the same seed (the k-th decision samples with
// Rng(seed).child("decision", k), greedy ties go to the lower action), which
// the tests check against the command's arena. Only device=cpu.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/neural/cpu_mlp.h"
#include "agents/registry.h"
#include "env/core/rng.h"

namespace kibitz::python {

class NetworkAgent final : public Agent {
 public:
  NetworkAgent(std::string spec, std::unique_ptr<neural::CpuMlp> network, bool greedy, std::uint64_t seed);

  std::string spec() const override { return spec_; }
  Action act(const SeatView& view) override;
  bool reseed(std::uint64_t seed) override {
    rng_ = Rng(seed);
    decisions_ = 0;
    return true;
  }
  const DecisionInfo* last_decision() const override { return &last_; }

  // The registry entry "nn": model=, device= (cpu only) and greedy=.
  static AgentInfo info();

 private:
  std::string spec_;
  std::unique_ptr<neural::CpuMlp> network_;
  bool greedy_;
  Rng rng_;
  std::uint64_t decisions_ = 0;
  std::vector<float> input_, mask_, policy_, values_;
  ActionList legal_;
  std::vector<double> weights_;  // choose_from_policy's scratch
  DecisionInfo last_;
};

}  // namespace kibitz::python
