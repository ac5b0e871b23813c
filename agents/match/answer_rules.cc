#include "agents/match/answer_rules.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/core/game.h"

namespace kibitz {

std::string_view on_bad_answer_name(OnBadAnswer policy) {
  return policy == OnBadAnswer::kForfeit ? "forfeit" : "abort";
}

OnBadAnswer parse_on_bad_answer(std::string_view text) {
  if (text == "abort") return OnBadAnswer::kAbort;
  if (text == "forfeit") return OnBadAnswer::kForfeit;
  throw error("'", text, "' is not a choice: abort or forfeit");
}

std::vector<double> forfeit_returns(const State& state, Player seat) {
  const Game& game = state.game();
  const int seats = game.num_players();
  KIBITZ_CHECK(seat >= 0 && seat < seats, "forfeit_returns: seat ", seat, " of ", seats);
  std::vector<double> returns = state.returns();
  if (game.reward_model() != RewardModel::kGeneralSum && seats > 1) {
    // Zero-sum is constant-sum with a sum of zero (Game's default).
    const double others = (game.constant_sum_value() - game.min_return()) / (seats - 1);
    std::fill(returns.begin(), returns.end(),
              std::clamp(others, game.min_return(), game.max_return()));
  }
  returns[static_cast<std::size_t>(seat)] = game.min_return();
  return returns;
}

}  // namespace kibitz
