// Liar's Dice's heuristic (liars_dice_heuristic.h): its parameter and
// factory, declared for the `heuristic` agent.
#include "env/games/liars_dice/manifest.h"

#include "agents/heuristic/heuristic_part.h"
#include "agents/heuristic/liars_dice/liars_dice_heuristic.h"

namespace kibitz::liars_dice {
namespace {

std::vector<ParamSpec> params() {
  return {
      ParamSpec::real("challenge_margin", 0.0, 0.0, 1.0,
                      "liars_dice: call liar only when it wins more often than the likeliest raise "
                      "by more than this (0: whichever wins more often)"),
  };
}

// The rules are deterministic: no seed.
const bool kRegistered = HeuristicParts::add(
    std::string(kGameName), {params(),
                             [](const Params& params, std::shared_ptr<const Game> game,
                                std::uint64_t) -> std::unique_ptr<Agent> {
                               bot::LiarsDiceParams p;
                               p.challenge_margin = params.get_double("challenge_margin");
                               return std::make_unique<LiarsDiceHeuristic>(std::move(game), p);
                             }});

}  // namespace
}  // namespace kibitz::liars_dice
