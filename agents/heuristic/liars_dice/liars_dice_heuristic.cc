#include "agents/heuristic/liars_dice/liars_dice_heuristic.h"

#include "env/core/error.h"
#include "env/core/params.h"

namespace kibitz::liars_dice {

LiarsDiceHeuristic::LiarsDiceHeuristic(std::shared_ptr<const Game> game,
                                       const bot::LiarsDiceParams& params)
    : game_(std::dynamic_pointer_cast<const LiarsDiceGame>(game)), params_(params) {
  KIBITZ_CHECK(game_ != nullptr, "the Liar's Dice heuristic needs a Liar's Dice game, not '",
               game->name(), "'");
}

std::string LiarsDiceHeuristic::spec() const {
  return "heuristic(challenge_margin=" +
         param_value_to_string(ParamValue(params_.challenge_margin)) + ")";
}

void LiarsDiceHeuristic::new_game(Player) {
  decider_.reset();
  progress_.reset();
}

bool LiarsDiceHeuristic::reseed(std::uint64_t) {
  new_game(0);
  return true;
}

Action LiarsDiceHeuristic::act(const SeatView& view) {
  const SeatStream& stream = view.stream();
  if (!progress_.continues(view.seat(), stream)) decider_.emplace(game_, view.seat(), params_);
  for (const Observation& o : progress_.unread(view.seat(), stream)) decider_->read(o);
  return decider_->decide();
}

}  // namespace kibitz::liars_dice
