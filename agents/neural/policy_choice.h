// How an `nn` agent turns its network's outputs into a move: shared by the
// kibitz command's nn (neural_agents.cc, built with LibTorch) and the Python
// module's torch-free one (python/src/network_agent.cc), so that both choose
// alike for the same seed. Torch-free.
#pragma once

#include <span>
#include <vector>

#include "agents/agent.h"
#include "env/core/rng.h"
#include "env/core/types.h"

namespace kibitz::neural {

// Samples one of `legal` by `policy` (one entry per action of the game; a
// policy that underflowed to zero on every legal move plays them uniformly),
// or with `greedy` takes the likeliest (ties to the lower action). Fills
// `out` with the policy over the legal moves, normalised, and `value` (the
// value head's estimate for the seat). `weights` is scratch.
Action choose_from_policy(const ActionList& legal, std::span<const float> policy, double value,
                          bool greedy, Rng& rng, std::vector<double>& weights, DecisionInfo& out);

}  // namespace kibitz::neural
