// Agent: chooses an action for one seat from what that seat may see.
//
// An agent receives a SeatView, never the State, so it cannot look at hidden
// cards; search agents work from SeatView::sample_world. Agents are built from
// spec strings by the agent registry (agents/registry.h).
#pragma once

#include <string>

#include "env/core/seat_view.h"
#include "env/core/types.h"

namespace kibitz {

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
};

}  // namespace kibitz
