// The `heuristic` agent for Liar's Dice: the rules of thumb of
// liars_dice_decider.h, fed the seat's stream one observation at a time.
// Each decision folds only the observations that are new since the last one
// (StreamProgress); a stream that does not continue the one read (a new
// game, another seat, a search's rollout that starts mid-game) is read
// afresh. The rules draw nothing at random, so a seed changes nothing.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "agents/agent.h"
#include "agents/heuristic/liars_dice/liars_dice_decider.h"
#include "env/core/stream_progress.h"

namespace kibitz::liars_dice {

class LiarsDiceHeuristic : public Agent {
 public:
  // `game` must be a Liar's Dice game (a KibitzError says so otherwise).
  LiarsDiceHeuristic(std::shared_ptr<const Game> game, const bot::LiarsDiceParams& params);

  std::string spec() const override;
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;

 private:
  std::shared_ptr<const LiarsDiceGame> game_;
  bot::LiarsDiceParams params_;
  std::optional<bot::LiarsDiceDecider> decider_;
  StreamProgress progress_;  // how much of the seat's stream the decider read
};

}  // namespace kibitz::liars_dice
