// The agent registry's list: one line per agent (explicit, like all_games.cc).
#include <algorithm>

#include "agents/heuristic/heuristic_agent.h"
#include "agents/random/random_agent.h"
#include "agents/registry.h"
#include "agents/search/search_agent.h"
#include "agents/tabular/cfr_agent.h"

namespace kibitz {

const std::vector<AgentInfo>& registered_agents() {
  static const std::vector<AgentInfo> agents = [] {
    std::vector<AgentInfo> list = {
        CfrAgent::info(),
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

}  // namespace kibitz
