// The agent registry's list: one line per agent (explicit, like all_games.cc).
#include <algorithm>

#include "agents/external/engine_agent.h"
#include "agents/heuristic/heuristic_agent.h"
#include "agents/random/random_agent.h"
#include "agents/registry.h"
#include "agents/search/search_agent.h"
#include "agents/tabular/cfr_agent.h"
#include "env/core/error.h"

namespace kibitz {

namespace {

// The list itself; add_agents appends to it.
std::vector<AgentInfo>& agent_list() {
  static std::vector<AgentInfo> agents = [] {
    std::vector<AgentInfo> list = {
        CfrAgent::info(),
        EngineAgent::info(),
        HeuristicAgent::info(),
        RandomAgent::info(),
        SearchAgent::ismcts_info(),
        SearchAgent::mo_ismcts_info(),
        SearchAgent::pimc_info(),
    };
    std::sort(list.begin(), list.end(),
              [](const AgentInfo& a, const AgentInfo& b) { return a.name < b.name; });
    return list;
  }();
  return agents;
}

}  // namespace

const std::vector<AgentInfo>& registered_agents() { return agent_list(); }

void add_agents(std::vector<AgentInfo> agents) {
  std::vector<AgentInfo>& list = agent_list();
  for (AgentInfo& info : agents) {
    for (const AgentInfo& existing : list) {
      KIBITZ_CHECK(existing.name != info.name, "agent '", info.name, "' registered twice");
    }
    list.push_back(std::move(info));
  }
  std::sort(list.begin(), list.end(),
            [](const AgentInfo& a, const AgentInfo& b) { return a.name < b.name; });
}

}  // namespace kibitz
