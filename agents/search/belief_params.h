// The parameters that set a search agent's belief pool (belief_sampler.h),
// declared once for every search agent: ismcts, mo_ismcts, pimc and
// ismcts_nn.
#pragma once

#include <string>
#include <vector>

#include "agents/search/search_engine.h"
#include "env/core/params.h"

namespace kibitz {

// belief, belief_model, belief_floor, belief_power, belief_min_ess and
// belief_rounds. `has_policy`: the agent's evaluator has a policy (a
// network), which then models the other seats unless belief_model is
// written.
std::vector<ParamSpec> belief_params(bool has_policy);

// Reads those parameters into `settings`.
void read_belief_params(const Params& params, bool has_policy, SearchSettings& settings);

}  // namespace kibitz
