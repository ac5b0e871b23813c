#include "agents/search/belief_params.h"

namespace kibitz {

std::vector<ParamSpec> belief_params(bool has_policy) {
  const std::string model_default =
      has_policy ? "; unwritten, the network's own policy models them"
                 : "; random weighs a world by how many moves each seat had to choose from";
  return {
      ParamSpec::integer(
          "belief", 0, 0, 100'000,
          "worlds weighted by belief: each decision draws this many worlds from the "
          "information set, weights each by how likely the other seats' moves so far were "
          "under belief_model, and simulations draw their world from them by weight; 0 "
          "samples every simulation's world uniformly")
          .as_cost(CostKind::kSamples),
      ParamSpec::text("belief_model", "random",
                      "the agent spec whose moves model the other seats in each sampled "
                      "world, acting on that seat's own view (e.g. heuristic): its reported "
                      "distribution, or else its choice, is the probability of each move" +
                          model_default)
          .as_agent_spec(),
      ParamSpec::real(
          "belief_floor", 0.2, 0.0, 1.0,
          "share of the uniform choice mixed into each modelled move's probability, so that "
          "no single move rules a world out (1: all worlds weigh alike)"),
      ParamSpec::real(
          "belief_power", 1.0, 0.0, 1.0,
          "tempering: the power each world's likelihood is raised to; below 1 keeps a few "
          "worlds from taking all the weight (0: all worlds weigh alike)"),
      ParamSpec::real(
          "belief_min_ess", 0.0, 0.0, 1.0,
          "while the pool's effective size (how many equally weighted worlds it is worth) is "
          "below this share of belief, draw belief more worlds, up to belief_rounds pools"),
      ParamSpec::integer("belief_rounds", 1, 1, 64,
                         "the most pools of belief worlds one decision draws (1: never grows)")
          .as_cost(CostKind::kSamples),
  };
}

void read_belief_params(const Params& params, bool has_policy, SearchSettings& settings) {
  settings.belief_worlds = static_cast<int>(params.get_int("belief"));
  settings.belief_model = has_policy && !params.is_explicit("belief_model")
                              ? std::string()
                              : params.get_string("belief_model");
  settings.belief_floor = params.get_double("belief_floor");
  settings.belief_power = params.get_double("belief_power");
  settings.belief_min_ess = params.get_double("belief_min_ess");
  settings.belief_rounds = static_cast<int>(params.get_int("belief_rounds"));
}

}  // namespace kibitz
