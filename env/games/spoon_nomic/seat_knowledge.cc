#include "env/games/spoon_nomic/seat_knowledge.h"

#include "env/core/error.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"

namespace kibitz::spoon_nomic {

SpoonSeatKnowledge::SpoonSeatKnowledge(std::shared_ptr<const SpoonGame> game, Player seat)
    : game_(std::move(game)), reader_(*game_, seat), text_(game_->stream_spec(), seat) {}

void SpoonSeatKnowledge::read(const Observation& observation) {
  reader_.read(observation);
  if (keeps_text()) text_.read(observation);
}

void SpoonSeatKnowledge::encode(std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game_->information_state_tensor_size(), "spoon_nomic: tensor size");
  write_tensor(reader_.knowledge(), out);
}

void SpoonSeatKnowledge::describe(std::string& out) const {
  check_keeps_text();
  out = text_.text();
}

// The reader's Knowledge holds fixed-size arrays and card sets only: a fresh
// one assigned over it allocates nothing.
void SpoonSeatKnowledge::restart() {
  reader_ = KnowledgeReader(*game_, reader_.knowledge().seat);
  text_.restart();
}

std::unique_ptr<SeatKnowledge> SpoonSeatKnowledge::clone() const {
  return std::make_unique<SpoonSeatKnowledge>(*this);
}

std::unique_ptr<SeatKnowledge> SpoonGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < players_, "spoon_nomic: no seat ", seat);
  return std::make_unique<SpoonSeatKnowledge>(std::static_pointer_cast<const SpoonGame>(shared()), seat);
}

}  // namespace kibitz::spoon_nomic
