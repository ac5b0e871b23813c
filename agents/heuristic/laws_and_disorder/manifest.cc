// Laws and Disorder's heuristic (agents/heuristic/laws_and_disorder/laws_heuristic.h): its
// parameters and factory, declared for the `heuristic` agent.
#include "env/games/laws_and_disorder/manifest.h"

#include "agents/heuristic/heuristic_part.h"
#include "agents/heuristic/laws_and_disorder/laws_heuristic.h"

namespace kibitz::laws_and_disorder {
namespace {

std::vector<ParamSpec> params() {
  return {
      ParamSpec::real(
          "card_value", 1.0, 0.0, 10.0,
          "laws_and_disorder: monies a card in hand is worth while turns remain (future pay)"),
      ParamSpec::real(
          "horizon", 0.6, 0.0, 1.0,
          "laws_and_disorder: share of the remaining turns a WHEN law's firings are counted for"),
      ParamSpec::real(
          "ability_margin", 0.5, 0.0, 100.0,
          "laws_and_disorder: an ability is used when its worth beats its $2 by this much"),
  };
}

LawsParams bot_params(const Params& params) {
  LawsParams p;
  p.card_value = params.get_double("card_value");
  p.horizon = params.get_double("horizon");
  p.ability_margin = params.get_double("ability_margin");
  return p;
}

const bool kRegistered = HeuristicParts::add(
    std::string(kGameName), {params(),
                             [](const Params& params, std::shared_ptr<const Game> game,
                                std::uint64_t seed) -> std::unique_ptr<Agent> {
                               return std::make_unique<LawsHeuristic>(std::move(game),
                                                                      bot_params(params), seed);
                             }});

}  // namespace
}  // namespace kibitz::laws_and_disorder
