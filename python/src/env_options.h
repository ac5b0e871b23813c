// The gym options as Python spells them: observation="information_state" or
// "observation", max_steps >= 0 (0: no limit). Shared by Env, VectorEnv and
// the AEC environment's core.
#pragma once

#include <string>

#include "env/core/error.h"
#include "env/gym/env.h"

namespace kibitz::python {

inline gym::EnvOptions env_options(const std::string& observation, int max_steps) {
  gym::EnvOptions options;
  if (observation == "information_state") {
    options.observation = gym::ObservationType::kInformationState;
  } else if (observation == "observation") {
    options.observation = gym::ObservationType::kObservation;
  } else {
    throw error("unknown observation type '", observation, "'; use 'information_state' or 'observation'");
  }
  if (max_steps < 0) throw error("max_steps must be >= 0 (0: no limit), not ", max_steps);
  options.max_steps = max_steps;
  return options;
}

}  // namespace kibitz::python
