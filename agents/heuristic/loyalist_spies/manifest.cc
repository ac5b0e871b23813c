// Loyalist Spies' heuristic (agents/heuristic/loyalist_spies/loyalist_spies_heuristic.h):
// its parameter and factory, declared for the `heuristic` agent.
#include "env/games/loyalist_spies/manifest.h"

#include "agents/heuristic/heuristic_part.h"
#include "agents/heuristic/loyalist_spies/loyalist_spies_heuristic.h"

namespace kibitz::loyalist_spies {
namespace {

const bool kRegistered = HeuristicParts::add(
    std::string(kGameName),
    {{ParamSpec::real("joker_keep", 0.5, 0.0, 1.0,
                      "loyalist_spies: chance of keeping a dealt Joker (becoming a Traitor)")},
     [](const Params& params, std::shared_ptr<const Game>,
        std::uint64_t seed) -> std::unique_ptr<Agent> {
       return std::make_unique<LoyalistSpiesHeuristic>(params.get_double("joker_keep"), seed);
     }});

}  // namespace
}  // namespace kibitz::loyalist_spies
