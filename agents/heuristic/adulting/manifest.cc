// Adulting's heuristic (agents/heuristic/adulting/adulting_heuristic.h): its
// parameters and factory, declared for the `heuristic` agent.
#include "env/games/adulting/manifest.h"

#include "agents/heuristic/adulting/adulting_heuristic.h"
#include "agents/heuristic/heuristic_part.h"

namespace kibitz::adulting {
namespace {

std::vector<ParamSpec> params() {
  return {
      ParamSpec::real("lie_rate", 0.1, 0.0, 1.0,
                      "adulting: chance of claiming adult when the truth is child"),
      ParamSpec::real(
          "bid_scale", 4.0, 0.0, 100.0,
          "adulting: a bid is bid_scale x the card's worth in mantle points x the money held per "
          "round that probably remains"),
      ParamSpec::real(
          "vote_z", 1.5, 0.0, 100.0,
          "adulting: vote an adult claim down when the claimer's adult claims stand this many "
          "standard deviations above the cards' adult chances (one less when the card would lift "
          "the claimer past this seat)"),
      ParamSpec::real(
          "bluff_rate", 0.2, 0.0, 1.0,
          "adulting: chance of declaring 1 or 2 above the true measurement in a rank job"),
      ParamSpec::real("sue_threshold", 0.12, 0.0, 1.0,
                      "adulting: sue a declaration when the chance of this many declarations that "
                      "high is below "
                      "this; as dealer, allow a case below twice it"),
      ParamSpec::real("extra_rate", 0.0, 0.0, 1.0,
                      "adulting: chance of taking 1 extra monies from a bank payment"),
  };
}

bot::BotParams bot_params(const Params& params) {
  bot::BotParams p;
  p.lie_rate = params.get_double("lie_rate");
  p.bid_scale = params.get_double("bid_scale");
  p.vote_z = params.get_double("vote_z");
  p.bluff_rate = params.get_double("bluff_rate");
  p.sue_threshold = params.get_double("sue_threshold");
  p.extra_rate = params.get_double("extra_rate");
  return p;
}

const bool kRegistered = HeuristicParts::add(
    std::string(kGameName), {params(),
                             [](const Params& params, std::shared_ptr<const Game> game,
                                std::uint64_t seed) -> std::unique_ptr<Agent> {
                               return std::make_unique<AdultingHeuristic>(std::move(game),
                                                                          bot_params(params), seed);
                             }});

}  // namespace
}  // namespace kibitz::adulting
