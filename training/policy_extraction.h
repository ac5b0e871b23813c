// The tabular policy a network plays in a small game: its masked policy head
// at every information state of the game tree. This is what lets
// exploitability (agents/tabular) measure a trained net exactly: NashConv of
// the net's own behaviour, not of a sample of it.
#pragma once

#include <cstddef>

#include "agents/neural/policy_value.h"
#include "agents/tabular/game_tree.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/game.h"

namespace kibitz::training {

// Walks every history of `game` (at most `max_nodes`, else KibitzError naming
// the limit), evaluates `network` once per information state (the acting
// seat's information_state_tensor, one batched call) and returns the table,
// every entry renormalised in double precision so it sums to 1 exactly
// enough for policy files. Probabilities of legal actions that the net
// gives 0 stay 0.
TabularPolicy policy_from_network(const Game& game, neural::PolicyValueFunction& network,
                                  std::size_t max_nodes = kDefaultMaxTreeNodes);

}  // namespace kibitz::training
