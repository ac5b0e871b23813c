#include "agents/search/rollout_limit.h"

namespace kibitz {

std::vector<ParamSpec> rollout_limit_params(const std::string& scored_by) {
  return {
      ParamSpec::integer("rollout_moves", 0, 0, 1'000'000,
                         "the most seat moves a rollout plays before it stops (chance moves are "
                         "free); 0 plays on to the end; a stopped rollout is scored by " +
                             scored_by),
      ParamSpec::choice("rollout_stop", "end", {"end", "game"},
                        "end: rollouts play on to the end of the episode; game: they stop when "
                        "the episode's current game is over (a tea game in Tea Game, a round "
                        "in Loyalist Spies; elsewhere the episode is one game), scored by " +
                            scored_by),
  };
}

RolloutLimit read_rollout_limit(const Params& params) {
  RolloutLimit limit;
  limit.max_moves = static_cast<int>(params.get_int("rollout_moves"));
  limit.stop_at_game_end = params.get_string("rollout_stop") == "game";
  return limit;
}

}  // namespace kibitz
