// Tea Game's heuristic (agents/heuristic/tea_game/tea_heuristic.h): its parameters
// and factory, declared for the `heuristic` agent.
#include "env/games/tea_game/manifest.h"

#include "agents/heuristic/heuristic_part.h"
#include "agents/heuristic/tea_game/tea_heuristic.h"

namespace kibitz::tea_game {
namespace {

std::vector<ParamSpec> params() {
  return {
      ParamSpec::real("exemption_worth", 1.0, 0.0, 100.0,
                      "tea_game: worth in drinks of a loss exemption kept for a later game (spend "
                      "it when dealing "
                      "now beats playing by more; a loss wins one at this worth)"),
      ParamSpec::integer("odds_trials", 1500, 100, 1000000,
                         "tea_game: simulated games per odds query (seeded from the agent's seed, "
                         "cached per table)")
          .as_cost(CostKind::kSamples),
  };
}

bot::TeaParams bot_params(const Params& params) {
  bot::TeaParams p;
  p.exemption_worth = params.get_double("exemption_worth");
  p.trials = static_cast<int>(params.get_int("odds_trials"));
  return p;
}

const bool kRegistered = HeuristicParts::add(
    std::string(kGameName), {params(),
                             [](const Params& params, std::shared_ptr<const Game> game,
                                std::uint64_t seed) -> std::unique_ptr<Agent> {
                               return std::make_unique<TeaHeuristic>(std::move(game),
                                                                     bot_params(params), seed);
                             }});

}  // namespace
}  // namespace kibitz::tea_game
