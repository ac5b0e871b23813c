// The agent registry: builds agents from spec strings such as "random" or
// "ismcts(sims=800,c=0.7)". Each agent declares its parameters once
// (ParamSpec), so a typo or bad value is an error naming it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "env/core/game.h"
#include "env/core/params.h"

namespace kibitz {

struct AgentInfo {
  std::string name;
  std::string summary;
  std::vector<ParamSpec> params;
  // Builds the agent for `game`; `seed` seeds every random choice it makes.
  std::function<std::unique_ptr<Agent>(const Params&, std::shared_ptr<const Game>,
                                       std::uint64_t seed)>
      factory;
};

// All registered agents, sorted by name (listed in agents/all_agents.cc).
const std::vector<AgentInfo>& registered_agents();

// Adds agents defined outside kibitz_agents, such as the LibTorch agents
// that agents/neural/neural_agents.h registers, so kibitz_agents never links
// torch. Call at start-up, before threads use the registry; a name that is
// already registered is a bug (KIBITZ_CHECK).
void add_agents(std::vector<AgentInfo> agents);

// The registered agent called `name`; throws KibitzError naming an unknown
// one and listing the known ones.
const AgentInfo& find_agent(std::string_view name);

// Builds an agent from a spec; throws KibitzError naming an unknown agent
// (listing the known ones) or a bad parameter.
std::unique_ptr<Agent> make_agent(std::string_view spec, std::shared_ptr<const Game> game,
                                  std::uint64_t seed);

}  // namespace kibitz
