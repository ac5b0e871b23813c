// Best response by full tree walk: the most one seat can win against fixed
// policies of all the other seats, and a pure policy that wins it.
//
// At an information set of the responding seat, the best action maximises
// the sum over the set's histories of (chance and other seats' reach) x
// (the seat's value after the action), where values deeper in the tree
// already use the seat's deeper best actions. Each information set is solved
// once (memoised), each node valued once, so the cost is linear in the tree.
// This assumes perfect recall, which every State promises (its information
// state string remembers everything the seat saw); a game that breaks it is
// reported, never looped on.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "agents/tabular/game_tree.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/game.h"
#include "env/core/types.h"

namespace kibitz {

// One seat's best response and what it earns.
struct BestResponse {
  Player seat = 0;
  // The seat's expected return playing `policy` against the fixed policies.
  double value = 0.0;
  // Probability 1 on the chosen action at every information state of the
  // seat, including those the response itself never reaches.
  TabularPolicy policy;
};

// A TabularPolicy laid out along a tree: entry Infoset::first_action + i is
// the probability of the infoset's legal_actions[i]. The infosets of
// `except_seat` are left at 0 and need no entry in the policy (a best
// response replaces them). Throws KibitzError as TabularPolicy::probabilities.
std::vector<double> tabulate_policy(const GameTree& tree, const TabularPolicy& policy,
                                    std::optional<Player> except_seat = std::nullopt);

// Every seat's expected return when all seats follow `table` (from
// tabulate_policy).
std::vector<double> expected_returns(const GameTree& tree, std::span<const double> table);

// The best response of `seat` to the other seats playing `table`; the
// table's entries for `seat` are ignored.
BestResponse best_response(const GameTree& tree, std::span<const double> table, Player seat);
// The same from a policy, building the tree of `game` (see GameTree for the
// node limit).
BestResponse best_response(const Game& game, const TabularPolicy& policy, Player seat,
                           std::size_t max_nodes = kDefaultMaxTreeNodes);

// The value to `seat` of each legal action (in the infoset's order) at one
// of its information sets: its expected return taking the action there and
// best-responding below, against the other seats playing `table`, given
// that the set was reached (its histories weighted by chance's and the
// others' reach; perfect recall makes the seat's own reach a common
// factor). This is what an action is worth against those policies, and
// the best value minus another's is that action's exact loss. Throws
// KibitzError when the others never reach the set.
std::vector<double> best_response_action_values(const GameTree& tree,
                                                std::span<const double> table, Player seat,
                                                int infoset_index);

}  // namespace kibitz
