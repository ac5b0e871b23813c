// SeatPlayers: one agent per seat of a world that a search sampled, each
// acting on that seat's own view of the world, fed observation by
// observation (SeatFeed). Agent rollouts (evaluator.h) play their worlds
// with them, and an agent belief model (belief_model.h) asks them how the
// other seats would have moved.
//
// A seat's agent is built the first time that seat acts, seeded by the seat
// alone (so building late plays as building up front): an agent may itself
// search with such agents, and building every seat's agent at every level up
// front would build exponentially many in the nesting depth.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "env/core/game.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"

namespace kibitz {

class SeatPlayers {
 public:
  // The agents will be make_agent(spec, game, Rng(seed).child(label, seat)).
  // The spec is not checked here: the owner checks it once.
  SeatPlayers(std::string spec, std::shared_ptr<const Game> game, std::uint64_t seed,
              std::string label);

  // A new world's play starts (mid-game or from the start): every agent
  // built so far is told a new game begins, and every feed restarts in
  // place (same game, same seats), allocating nothing.
  void restart();

  // The move of the seat to act in `world`, a later position of the world
  // followed since restart(); its agent is then last_acted().
  Action act(const State& world);
  const Agent& last_acted() const { return *agents_[static_cast<std::size_t>(last_)]; }
  const std::string& spec() const { return spec_; }

 private:
  Agent& agent(Player seat);

  std::string spec_;
  std::shared_ptr<const Game> game_;
  std::uint64_t seed_;
  std::string label_;
  std::vector<std::unique_ptr<Agent>> agents_;  // per seat; null until used
  std::vector<SeatFeed> feeds_;                 // per seat, through the world
  Player last_ = 0;
};

}  // namespace kibitz
