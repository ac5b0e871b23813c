// Agent: chooses an action for one seat from what that seat may see.
//
// An agent receives a SeatView, never the State, so it cannot look at hidden
// cards; search agents work from SeatView::sample_world. Agents are built from
// spec strings by the agent registry (agents/registry.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "env/core/seat_view.h"
#include "env/core/types.h"

namespace kibitz {

// What an agent can report about its last decision; replays keep it.
struct DecisionInfo {
  // The agent's distribution over legal actions (e.g. root visit shares).
  std::vector<std::pair<Action, double>> policy;
  // The agent's estimate of its seat's return, when it has one.
  bool has_value = false;
  double value = 0.0;
  // Named statistics such as "simulations", "tree_nodes", "tree_bytes".
  std::vector<std::pair<std::string, double>> stats;
};

class Agent {
 public:
  virtual ~Agent() = default;

  // The spec this agent was built from, e.g. "random" (for logs and replays).
  virtual std::string spec() const = 0;

  // Called before each game with the seat this agent will play. Agents that
  // keep per-game memory reset it here.
  virtual void new_game(Player seat) {}

  // Returns one of view.legal_actions().
  virtual Action act(const SeatView& view) = 0;

  // Details of the last act() call, or nullptr for agents that keep none.
  virtual const DecisionInfo* last_decision() const { return nullptr; }
};

}  // namespace kibitz
