#include "agents/heuristic/heuristic_agent.h"

#include "agents/heuristic/adulting_heuristic.h"
#include "agents/heuristic/laws_heuristic.h"
#include "agents/heuristic/loyalist_spies_heuristic.h"
#include "agents/heuristic/spoon_heuristic.h"
#include "agents/heuristic/tea_heuristic.h"
#include "env/core/error.h"

namespace kibitz {
namespace {

// The parameters each game's rules read; the prefix of each help text names
// the game (one agent, one table of parameters for all its games).
std::vector<ParamSpec> heuristic_params() {
  return {
      ParamSpec::real("joker_keep", 0.5, 0.0, 1.0,
                      "loyalist_spies: chance of keeping a dealt Joker (becoming a Traitor)"),
      ParamSpec::real("lie_rate", 0.1, 0.0, 1.0, "adulting: chance of claiming adult when the truth is child"),
      ParamSpec::real("bid_scale", 4.0, 0.0, 100.0,
                      "adulting: a bid is bid_scale x the card's worth in mantle points x the money held per "
                      "round that probably remains"),
      ParamSpec::real("vote_z", 1.5, 0.0, 100.0,
                      "adulting: vote an adult claim down when the claimer's adult claims stand this many "
                      "standard deviations above the cards' adult chances (one less when the card would lift "
                      "the claimer past this seat)"),
      ParamSpec::real("bluff_rate", 0.2, 0.0, 1.0,
                      "adulting: chance of declaring 1 or 2 above the true measurement in a rank job"),
      ParamSpec::real("sue_threshold", 0.12, 0.0, 1.0,
                      "adulting: sue a declaration when the chance of this many declarations that high is below "
                      "this; as dealer, allow a case below twice it"),
      ParamSpec::real("extra_rate", 0.0, 0.0, 1.0,
                      "adulting: chance of taking 1 extra monies from a bank payment"),
      ParamSpec::real("card_value", 1.0, 0.0, 10.0,
                      "laws_and_disorder: monies a card in hand is worth while turns remain (future pay)"),
      ParamSpec::real("horizon", 0.6, 0.0, 1.0,
                      "laws_and_disorder: share of the remaining turns a WHEN law's firings are counted for"),
      ParamSpec::real("ability_margin", 0.5, 0.0, 100.0,
                      "laws_and_disorder: an ability is used when its worth beats its $2 by this much"),
      ParamSpec::real("rivalry", 1.0, 0.0, 10.0,
                      "spoon_nomic: with reward=score, vote yes when my change minus rivalry x the rise of the "
                      "strongest other seat's estimated score is positive (1: my margin to the leader)"),
      ParamSpec::real("win_spread", 2.0, 0.01, 100.0,
                      "spoon_nomic: with reward=win, points of spread per nweek left in the estimated win share"),
      ParamSpec::real("exemption_worth", 1.0, 0.0, 100.0,
                      "tea_game: worth in drinks of a loss exemption kept for a later game (spend it when dealing "
                      "now beats playing by more; a loss wins one at this worth)"),
      ParamSpec::integer("odds_trials", 1500, 100, 1000000,
                         "tea_game: simulated games per odds query (seeded from the agent's seed, cached per table)")
          .as_cost(CostKind::kSamples),
  };
}

adulting::bot::BotParams adulting_params(const Params& params) {
  adulting::bot::BotParams p;
  p.lie_rate = params.get_double("lie_rate");
  p.bid_scale = params.get_double("bid_scale");
  p.vote_z = params.get_double("vote_z");
  p.bluff_rate = params.get_double("bluff_rate");
  p.sue_threshold = params.get_double("sue_threshold");
  p.extra_rate = params.get_double("extra_rate");
  return p;
}

laws_and_disorder::bot::LawsParams laws_params(const Params& params) {
  laws_and_disorder::bot::LawsParams p;
  p.card_value = params.get_double("card_value");
  p.horizon = params.get_double("horizon");
  p.ability_margin = params.get_double("ability_margin");
  return p;
}

spoon_nomic::bot::SpoonParams spoon_params(const Params& params) {
  spoon_nomic::bot::SpoonParams p;
  p.rivalry = params.get_double("rivalry");
  p.win_spread = params.get_double("win_spread");
  return p;
}

tea_game::bot::TeaParams tea_params(const Params& params) {
  tea_game::bot::TeaParams p;
  p.exemption_worth = params.get_double("exemption_worth");
  p.trials = static_cast<int>(params.get_int("odds_trials"));
  return p;
}

}  // namespace

std::vector<std::string> HeuristicAgent::supported_games() {
  return {"adulting", "laws_and_disorder", "loyalist_spies", "spoon_nomic", "tea_game"};
}

AgentInfo HeuristicAgent::info() {
  return {"heuristic",
          "hand-written rules of thumb for one game (adulting, laws_and_disorder, loyalist_spies, spoon_nomic, "
          "tea_game)",
          heuristic_params(),
          [](const Params& params, std::shared_ptr<const Game> game,
             std::uint64_t seed) -> std::unique_ptr<Agent> {
            if (game->name() == "loyalist_spies") {
              return std::make_unique<LoyalistSpiesHeuristic>(params.get_double("joker_keep"),
                                                              seed);
            }
            if (game->name() == "adulting") {
              return std::make_unique<AdultingHeuristic>(std::move(game), adulting_params(params), seed);
            }
            if (game->name() == "laws_and_disorder") {
              return std::make_unique<LawsHeuristic>(std::move(game), laws_params(params), seed);
            }
            if (game->name() == "spoon_nomic") {
              return std::make_unique<SpoonHeuristic>(std::move(game), spoon_params(params));
            }
            if (game->name() == "tea_game") {
              return std::make_unique<TeaHeuristic>(std::move(game), tea_params(params), seed);
            }
            std::string names;
            for (const std::string& name : supported_games())
              names += (names.empty() ? "" : ", ") + name;
            throw error("agent heuristic has no rules for game '", game->name(),
                        "'; games with a heuristic: ", names);
          }};
}

}  // namespace kibitz
