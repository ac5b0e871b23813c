// Spoon Nomic's heuristic (agents/heuristic/spoon_nomic/spoon_heuristic.h): its
// parameters and factory, declared for the `heuristic` agent.
#include "env/games/spoon_nomic/manifest.h"

#include "agents/heuristic/heuristic_part.h"
#include "agents/heuristic/spoon_nomic/spoon_heuristic.h"

namespace kibitz::spoon_nomic {
namespace {

std::vector<ParamSpec> params() {
  return {
      ParamSpec::real(
          "rivalry", 1.0, 0.0, 10.0,
          "spoon_nomic: with reward=score, vote yes when my change minus rivalry x the rise of the "
          "strongest other seat's estimated score is positive (1: my margin to the leader)"),
      ParamSpec::real("win_spread", 2.0, 0.01, 100.0,
                      "spoon_nomic: with reward=win, points of spread per nweek left in the "
                      "estimated win share"),
  };
}

bot::SpoonParams bot_params(const Params& params) {
  bot::SpoonParams p;
  p.rivalry = params.get_double("rivalry");
  p.win_spread = params.get_double("win_spread");
  return p;
}

// The rules are deterministic: no seed.
const bool kRegistered = HeuristicParts::add(
    std::string(kGameName), {params(),
                             [](const Params& params, std::shared_ptr<const Game> game,
                                std::uint64_t) -> std::unique_ptr<Agent> {
                               return std::make_unique<SpoonHeuristic>(std::move(game),
                                                                       bot_params(params));
                             }});

}  // namespace
}  // namespace kibitz::spoon_nomic
