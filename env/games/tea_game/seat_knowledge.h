// Tea Game's fold of what one seat knows (env/core/seat_knowledge.h): the
// Knowledge of knowledge.h for the tensor and the default stream text for
// the string, both read once per observation, so a seat fed by a SeatFeed
// pays for what is new alone instead of replaying its whole day.
#pragma once

#include <memory>

#include "env/core/seat_knowledge.h"
#include "env/core/stream_text.h"
#include "env/games/tea_game/knowledge.h"

namespace kibitz::tea_game {

class TeaGame;

class TeaSeatKnowledge final : public SeatKnowledge {
 public:
  // Holds `game`: the Knowledge reads its Config, and a fold handed out by
  // Game::new_seat_knowledge may outlive the caller's pointer to the game.
  TeaSeatKnowledge(std::shared_ptr<const TeaGame> game, Player seat);

  void read(const Observation& observation) override;
  void encode(std::span<float> out) const override;
  void describe(std::string& out) const override;
  std::unique_ptr<SeatKnowledge> clone() const override;
  void restart() override;

 private:
  std::shared_ptr<const TeaGame> game_;
  Knowledge knowledge_;
  StreamText text_;
};

}  // namespace kibitz::tea_game
