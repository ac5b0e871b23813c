// SeatAgents: the agents one worker keeps from game to game. An agent is
// built the first time a seat needs it and, for every later game, restarted
// with the game's seed (Agent::reseed) instead of being built again, so a
// worker builds each of its agents once (a search agent's trees, a network's
// evaluator) while every game still plays exactly as with fresh agents: the
// arena's games stay a pure function of their deal, whatever the thread
// count. An agent that cannot reseed (Agent::reseed returns false) is built
// afresh for each game instead.
//
// One SeatAgents per worker thread; it is not thread safe.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "agents/agent.h"
#include "env/core/game.h"

namespace kibitz {

class SeatAgents {
 public:
  // Builds an agent seeded with `seed`.
  using Builder = std::function<std::unique_ptr<Agent>(std::uint64_t seed)>;

  explicit SeatAgents(std::shared_ptr<const Game> game);

  // The agent of spec `spec` (the registry's make_agent) for seat `seat`,
  // ready for a game in which it plays as if just built with `seed`. One
  // agent per (spec, seat): two seats of one game never share one.
  Agent& get(const std::string& spec, Player seat, std::uint64_t seed);

  // The same for an agent that `build` makes (the net being trained, an
  // agent around an in-memory model); `key` names it in place of a spec.
  Agent& get(const std::string& key, Player seat, std::uint64_t seed, const Builder& build);

  // How many agents have been built so far (for tests).
  std::int64_t builds() const { return builds_; }

 private:
  std::shared_ptr<const Game> game_;
  std::map<std::pair<std::string, Player>, std::unique_ptr<Agent>> agents_;
  std::int64_t builds_ = 0;
};

}  // namespace kibitz
