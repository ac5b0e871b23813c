// Spoon Nomic's fold of what one seat knows (env/core/seat_knowledge.h):
// the KnowledgeReader of knowledge.h for the tensor and the default stream
// text for the string, both read once per observation.
#pragma once

#include <memory>

#include "env/core/seat_knowledge.h"
#include "env/core/stream_text.h"
#include "env/games/spoon_nomic/knowledge.h"

namespace kibitz::spoon_nomic {

class SpoonSeatKnowledge final : public SeatKnowledge {
 public:
  // The reader copies the game's sizes and the text keeps a pointer to its
  // StreamSpec, so `game` is held: a fold handed out by
  // Game::new_seat_knowledge may outlive the caller's pointer to the game.
  SpoonSeatKnowledge(std::shared_ptr<const SpoonGame> game, Player seat);

  void read(const Observation& observation) override;
  void encode(std::span<float> out) const override;
  void describe(std::string& out) const override;
  std::unique_ptr<SeatKnowledge> clone() const override;
  void restart() override;

 private:
  std::shared_ptr<const SpoonGame> game_;
  KnowledgeReader reader_;
  StreamText text_;
};

}  // namespace kibitz::spoon_nomic
