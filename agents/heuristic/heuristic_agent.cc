#include "agents/heuristic/heuristic_agent.h"

#include "agents/heuristic/loyalist_spies_heuristic.h"
#include "env/core/error.h"

namespace kibitz {

std::vector<std::string> HeuristicAgent::supported_games() { return {"loyalist_spies"}; }

AgentInfo HeuristicAgent::info() {
  return {"heuristic",
          "hand-written rules of thumb for one game (loyalist_spies)",
          {ParamSpec::real("joker_keep", 0.5, 0.0, 1.0,
                           "loyalist_spies: chance of keeping a dealt Joker (becoming a Traitor)")},
          [](const Params& params, std::shared_ptr<const Game> game,
             std::uint64_t seed) -> std::unique_ptr<Agent> {
            if (game->name() == "loyalist_spies") {
              return std::make_unique<LoyalistSpiesHeuristic>(params.get_double("joker_keep"),
                                                              seed);
            }
            std::string names;
            for (const std::string& name : supported_games())
              names += (names.empty() ? "" : ", ") + name;
            throw error("agent heuristic has no rules for game '", game->name(),
                        "'; games with a heuristic: ", names);
          }};
}

}  // namespace kibitz
