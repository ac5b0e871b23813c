#include "agents/match/seat_agents.h"

#include "agents/registry.h"
#include "env/core/error.h"

namespace kibitz {

SeatAgents::SeatAgents(std::shared_ptr<const Game> game) : game_(std::move(game)) {
  KIBITZ_CHECK(game_ != nullptr, "SeatAgents needs a game");
}

Agent& SeatAgents::get(const std::string& spec, Player seat, std::uint64_t seed) {
  return get(spec, seat, seed,
             [&](std::uint64_t agent_seed) { return make_agent(spec, game_, agent_seed); });
}

Agent& SeatAgents::get(const std::string& key, Player seat, std::uint64_t seed,
                       const Builder& build) {
  std::unique_ptr<Agent>& slot = agents_[{key, seat}];
  if (slot == nullptr || !slot->reseed(seed)) {
    slot = build(seed);
    KIBITZ_CHECK(slot != nullptr, "the builder of '", key, "' returned no agent");
    ++builds_;
  }
  return *slot;
}

}  // namespace kibitz
