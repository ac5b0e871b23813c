#include "training/policy_extraction.h"

#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "env/core/error.h"
#include "env/core/state.h"

namespace kibitz::training {
namespace {

// What the walk gathers: one row per information state, in first-visit order.
struct InfostateRows {
  std::vector<std::string> keys;
  std::vector<std::vector<Action>> legal;
  std::vector<float> inputs;
  std::vector<float> masks;
  std::unordered_set<std::string> seen;
  std::size_t nodes = 0;
};

void walk(const State& state, std::size_t max_nodes, InfostateRows& rows) {
  if (++rows.nodes > max_nodes) {
    throw error("game ", state.game().spec(), " has more than ", max_nodes,
                " nodes: too large to extract a tabular policy from a network");
  }
  if (state.is_terminal()) return;
  if (state.is_chance_node()) {
    for (const ChanceOutcome& outcome : state.chance_outcomes()) {
      auto child = state.clone();
      child->apply_action(outcome.action);
      walk(*child, max_nodes, rows);
    }
    return;
  }
  const Player seat = state.current_player();
  std::string key = state.information_state_string(seat);
  const ActionList legal = state.legal_actions();
  if (rows.seen.insert(key).second) {
    const std::vector<float> tensor = state.information_state_tensor(seat);
    rows.inputs.insert(rows.inputs.end(), tensor.begin(), tensor.end());
    std::vector<float> mask(static_cast<std::size_t>(state.game().num_distinct_actions()), 0.0f);
    state.legal_action_mask(mask);
    rows.masks.insert(rows.masks.end(), mask.begin(), mask.end());
    rows.keys.push_back(std::move(key));
    rows.legal.emplace_back(legal.begin(), legal.end());
  }
  for (const Action action : legal) {
    auto child = state.clone();
    child->apply_action(action);
    walk(*child, max_nodes, rows);
  }
}

}  // namespace

TabularPolicy policy_from_network(const Game& game, neural::PolicyValueFunction& network,
                                  std::size_t max_nodes) {
  const neural::NetworkShape& shape = network.shape();
  if (!neural::network_fits(shape, game)) {
    throw error("network ", shape.to_string(), " does not fit game ", game.spec());
  }
  InfostateRows rows;
  walk(*game.new_initial_state(), max_nodes, rows);
  const int batch = static_cast<int>(rows.keys.size());
  std::vector<float> policy(rows.masks.size());
  std::vector<float> values(static_cast<std::size_t>(batch) *
                            static_cast<std::size_t>(shape.num_players));
  if (batch > 0) network.evaluate(batch, rows.inputs, rows.masks, policy, values);

  TabularPolicy table;
  for (int row = 0; row < batch; ++row) {
    const float* probabilities = policy.data() + static_cast<std::size_t>(row) *
                                                     static_cast<std::size_t>(shape.num_actions);
    const std::vector<Action>& legal = rows.legal[static_cast<std::size_t>(row)];
    double total = 0.0;
    for (const Action action : legal) total += probabilities[action];
    ActionProbabilities entry;
    for (const Action action : legal) {
      // A net whose softmax underflowed everywhere still yields a policy.
      const double p = total > 0.0 ? probabilities[action] / total
                                   : 1.0 / static_cast<double>(legal.size());
      entry.push_back({action, p});
    }
    table.set(rows.keys[static_cast<std::size_t>(row)], std::move(entry));
  }
  return table;
}

}  // namespace kibitz::training
