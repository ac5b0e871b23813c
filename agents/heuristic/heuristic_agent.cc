#include "agents/heuristic/heuristic_agent.h"

#include "agents/heuristic/heuristic_part.h"
#include "env/core/error.h"

namespace kibitz {
namespace {

// Every game's parameters, in the order of the games' names: one agent, one
// table of parameters for all its games (each help text names its game).
// Two games may share a parameter only by declaring it alike.
std::vector<ParamSpec> heuristic_params() {
  std::vector<ParamSpec> params;
  for (const auto& entry : HeuristicParts::entries()) {
    for (const ParamSpec& spec : entry.part.params) {
      bool listed = false;
      for (const ParamSpec& seen : params) listed = listed || seen.name == spec.name;
      if (!listed) params.push_back(spec);
    }
  }
  return params;
}

}  // namespace

std::vector<std::string> HeuristicAgent::supported_games() {
  std::vector<std::string> names;
  for (const auto& entry : HeuristicParts::entries()) names.push_back(entry.game);
  return names;
}

AgentInfo HeuristicAgent::info() {
  return {"heuristic",
          "hand-written rules of thumb for one game (" + HeuristicParts::game_list() + ")",
          heuristic_params(),
          [](const Params& params, std::shared_ptr<const Game> game,
             std::uint64_t seed) -> std::unique_ptr<Agent> {
            const HeuristicPart* part = HeuristicParts::find(game->name());
            if (part == nullptr) {
              throw error("agent heuristic has no rules for game '", game->name(),
                          "'; games with a heuristic: ", HeuristicParts::game_list());
            }
            return part->make(params, std::move(game), seed);
          }};
}

}  // namespace kibitz
