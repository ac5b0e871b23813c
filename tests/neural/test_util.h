// Shared fixtures of the neural tests: tiny networks, checkpoints in a
// temporary folder, and a game played to a decision point.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/neural/checkpoint.h"
#include "agents/neural/policy_value.h"
#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/state.h"

namespace kibitz::neural::testing {

// A fresh, empty folder for this test's files.
std::string temp_dir();

// Saves a freshly initialised network for `game` (trunk `hidden`, weights
// from `seed`) to `path` and returns the metadata written.
CheckpointInfo save_fresh_network(const std::string& path, const Game& game,
                                  const std::vector<int>& hidden, std::uint64_t seed);

// Seeded random play (chance by its probabilities, seats uniformly) for
// `moves` moves or until a seat must act after them; the state is at a
// player node, or terminal.
std::unique_ptr<State> random_decision(const Game& game, std::uint64_t seed, int moves);

// Input rows and masks of `count` random decision points of `game`.
void random_rows(const Game& game, int count, std::uint64_t seed, std::vector<float>& inputs,
                 std::vector<float>& masks);

// Expects `call` to throw a KibitzError whose message contains every part.
template <typename F>
void expect_refusal(F&& call, const std::vector<std::string>& parts) {
  try {
    call();
    ADD_FAILURE() << "no error; expected one mentioning " << parts[0];
  } catch (const KibitzError& e) {
    const std::string message = e.what();
    for (const std::string& part : parts) {
      EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
    }
  }
}

}  // namespace kibitz::neural::testing
