// Agent: chooses an action for one seat from what that seat may see.
//
// An agent receives a SeatView, never the State, so it cannot look at hidden
// cards; search agents work from SeatView::sample_world. Agents are built from
// spec strings by the agent registry (agents/registry.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "agents/game_end.h"
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
  // Its estimate of its seat's return after each legal action, for the
  // actions it has one for (search: the mean over the simulations through
  // the action); empty when it gives none. What a review weighs a move by.
  std::vector<std::pair<Action, double>> action_values;
  // Named statistics such as "simulations", "tree_nodes", "tree_bytes".
  std::vector<std::pair<std::string, double>> stats;
};

// A limit on one decision, set by whoever asks for it (the engine protocol's
// act, tools/engine/). A zero field means "the agent's own": the budget its
// spec gave it.
struct ActBudget {
  std::int64_t simulations = 0;
  std::int64_t time_ms = 0;
  // Set (to true) by whoever asked for the decision, from any thread, to end
  // it early: Ctrl-C, the end of `engine`'s input, a server's per-decision
  // limit or its shutdown. An agent that searches reads it between batches of
  // simulations and answers at once with what it has found; agents whose
  // act() is short ignore it. Not owned: it must outlive the act() calls made
  // under this budget. Null: nothing can stop the decision early.
  const std::atomic<bool>* stop = nullptr;
};

class Agent {
 public:
  virtual ~Agent() = default;

  // The spec this agent was built from, e.g. "random" (for logs and replays).
  virtual std::string spec() const = 0;

  // Called before each game with the seat this agent will play. Agents that
  // keep per-game memory reset it here.
  virtual void new_game(Player seat) {}

  // Restarts this agent's random choices as if it had just been built with
  // `seed`: from here on, shown the same views (and budgets), it makes the
  // same choices as an agent freshly built from its spec with that seed.
  // This lets a worker build its agents once and reuse them game after game
  // (agents/match/seat_agents.h) with the results of fresh agents. Returns
  // false for an agent that cannot do so, which is then built afresh.
  virtual bool reseed(std::uint64_t seed) { return false; }

  // Returns one of view.legal_actions().
  virtual Action act(const SeatView& view) = 0;

  // The budget of the following act() calls, until the next call; a budget
  // of zeros restores the agent's own. `stop` is taken from every call as it
  // is (so set_budget({}) drops it), whatever the other fields say. Agents
  // that do not search (random, heuristic, tabular) have no budget and ignore
  // it.
  virtual void set_budget(const ActBudget& budget) {}

  // Details of the last act() call, or nullptr for agents that keep none.
  virtual const DecisionInfo* last_decision() const { return nullptr; }

  // Called once when a game that this agent played to its end is over
  // (the match runner calls it for every seat): `end` gives the seat's
  // whole stream at the end, the observations of the last moves included
  // (a showdown's cards, a round's reveals), and its own return, nothing
  // more. A game abandoned midway (an exception) ends without it; the next
  // new_game says so. An agent whose seat is played elsewhere
  // (engine(cmd=...)) tells its program; the others ignore it.
  virtual void game_over(const GameEnd& end) {}
};

}  // namespace kibitz
