// Rules of thumb for the Tea Game (env/games/tea_game/), read from the
// seat's stream alone: the agent feeds the game's Knowledge (knowledge.h)
// the observations that arrived since its last decision, remembers each
// seat's last order and how often the others withdrew after an
// announcement, describes the game as it stands (tea_decisions.h) and takes
// the choice with the highest expected reward (odds from the odds engine).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "agents/agent.h"
#include "agents/heuristic/tea_game/tea_decisions.h"
#include "env/core/stream_progress.h"
#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz {

class TeaHeuristic : public Agent {
 public:
  // `game` must be a Tea Game. The agent draws nothing at random (its odds
  // come from one fixed seed), so `seed` changes nothing, and reseed() keeps
  // the odds cache across episodes.
  TeaHeuristic(std::shared_ptr<const Game> game, const tea_game::bot::TeaParams& params, std::uint64_t seed);

  std::string spec() const override;
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;

  // The game as the agent saw it at its last decision.
  const tea_game::bot::TeaSituation& situation() const { return situation_; }
  const tea_game::bot::TeaOddsCache& odds() const { return odds_; }

 private:
  void catch_up(const SeatView& view);
  void describe();

  std::shared_ptr<const tea_game::TeaGame> game_;
  tea_game::bot::TeaParams params_;
  tea_game::bot::TeaOddsCache odds_;
  std::optional<tea_game::Knowledge> knowledge_;
  Player seat_ = -1;
  std::array<int, tea_game::kMaxPlayers> last_drinks_{};  // 0: never ordered
  int withdrawals_ = 0;  // by the others, after an announcement
  int stays_ = 0;
  StreamProgress progress_;  // how much of the seat's stream is read
  tea_game::bot::TeaSituation situation_;
  ActionList legal_;
};

}  // namespace kibitz
