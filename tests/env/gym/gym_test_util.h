// Helpers shared by the gym tests: the default spec of every registered game,
// and random legal actions read off a legal mask.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/types.h"
#include "tests/support/error_of.h"

namespace kibitz::gym::testing {

// Every test spec of every registered game (the conformance suite's list).
inline std::vector<std::string> all_specs() {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    specs.insert(specs.end(), info.test_specs.begin(), info.test_specs.end());
  }
  return specs;
}

// A uniformly random action among those the mask marks legal; kInvalidAction
// when none is (a finished episode).
inline Action random_legal(std::span<const float> mask, Rng& rng) {
  std::vector<Action> legal;
  for (std::size_t a = 0; a < mask.size(); ++a) {
    if (mask[a] != 0.0f) legal.push_back(static_cast<Action>(a));
  }
  if (legal.empty()) return kInvalidAction;
  return legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))];
}

}  // namespace kibitz::gym::testing
