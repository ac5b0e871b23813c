// Basic vocabulary shared by every layer: actions, seats, chance outcomes.
#pragma once

#include <cstdint>
#include <vector>

namespace kibitz {

// One integer action space per game: player actions lie in
// [0, Game::num_distinct_actions()), chance outcomes in
// [0, Game::max_chance_outcomes()).
using Action = std::int32_t;

// A seat index 0..num_players-1, or one of the special values below.
using Player = int;
inline constexpr Player kChancePlayer = -1;
inline constexpr Player kTerminalPlayer = -4;
// Not a seat: an onlooker at the table, who sees what is public and no
// seat's private facts (State::public_stream).
inline constexpr Player kSpectator = -3;

inline constexpr Action kInvalidAction = -1;

// One outcome of a chance node and its probability.
struct ChanceOutcome {
  Action action;
  double probability;
};

// How returns relate across seats.
enum class RewardModel {
  kZeroSum,      // returns sum to 0 in every terminal state
  kConstantSum,  // returns sum to Game::constant_sum_value()
  kGeneralSum,   // no constraint
};

// Buffers that callers own and reuse, so hot loops allocate nothing:
// legal_actions(out) clears and fills, keeping the capacity.
using ActionList = std::vector<Action>;
using ChanceOutcomeList = std::vector<ChanceOutcome>;

}  // namespace kibitz
