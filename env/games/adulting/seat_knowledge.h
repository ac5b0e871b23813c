// Adulting's fold of what one seat knows (env/core/seat_knowledge.h): the
// Knowledge of encoder.h for the tensor and the default stream text for the
// string, each read once per observation, so a seat fed by a SeatFeed pays
// for what is new alone instead of rereading a game of ~2,000 entries at
// every decision.
#pragma once

#include <memory>

#include "env/core/seat_knowledge.h"
#include "env/core/stream_text.h"
#include "env/games/adulting/encoder.h"

namespace kibitz::adulting {

class AdultingSeatKnowledge final : public SeatKnowledge {
 public:
  // Holds `game`: the Knowledge points at it, and a fold handed out by
  // Game::new_seat_knowledge may outlive the caller's pointer to the game.
  AdultingSeatKnowledge(std::shared_ptr<const AdultingGame> game, Player seat);

  void read(const Observation& observation) override;
  void encode(std::span<float> out) const override;
  void describe(std::string& out) const override;
  std::unique_ptr<SeatKnowledge> clone() const override;
  void restart() override;

 private:
  std::shared_ptr<const AdultingGame> game_;
  Knowledge knowledge_;
  StreamText text_;
};

}  // namespace kibitz::adulting
