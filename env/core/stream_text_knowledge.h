// StreamTextKnowledge: the SeatKnowledge of a game whose tensor comes from
// its own fold and whose string is the default stream text (StreamText).
// Adulting, Laws and Disorder, Tea Game and Spoon Nomic all have this shape;
// each supplies a small policy instead of repeating the class:
//
//   struct TeaFold {
//     using Game = TeaGame;        // the game the fold is made from
//     using Fold = Knowledge;      // has read(const Observation&)
//     static Fold make(const Game& game, Player seat);
//     static void encode(const Fold& fold, std::span<float> out);
//   };
//   using TeaSeatKnowledge = StreamTextKnowledge<TeaFold>;
//
// restart() assigns a freshly made fold over the old one, so a fold must be
// made of fixed-size members (or ones that keep their buffers on
// assignment) for a restart to allocate nothing; the gym's allocation test
// checks it for every game.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "env/core/error.h"
#include "env/core/seat_knowledge.h"
#include "env/core/stream_text.h"

namespace kibitz {

template <typename Policy>
class StreamTextKnowledge final : public SeatKnowledge {
 public:
  using Game = typename Policy::Game;
  using Fold = typename Policy::Fold;

  // Holds `game`: folds read its configuration and the text points at its
  // StreamSpec, and a fold handed out by Game::new_seat_knowledge may outlive
  // the caller's pointer to the game.
  StreamTextKnowledge(std::shared_ptr<const Game> game, Player seat)
      : game_(std::move(game)),
        seat_(seat),
        fold_(Policy::make(*game_, seat)),
        text_(game_->stream_spec(), seat) {}

  void read(const Observation& observation) override {
    fold_.read(observation);
    if (keeps_text()) text_.read(observation);
  }

  void encode(std::span<float> out) const override {
    KIBITZ_CHECK(static_cast<int>(out.size()) == game_->information_state_tensor_size(), game_->name(),
                 ": information-state tensor of ", out.size(), " floats, expected ",
                 game_->information_state_tensor_size());
    Policy::encode(fold_, out);
  }

  void describe(std::string& out) const override {
    check_keeps_text();
    out = text_.text();
  }

  std::unique_ptr<SeatKnowledge> clone() const override { return std::make_unique<StreamTextKnowledge>(*this); }

  void restart() override {
    fold_ = Policy::make(*game_, seat_);
    text_.restart();
  }

  const Fold& fold() const { return fold_; }

 private:
  std::shared_ptr<const Game> game_;
  Player seat_;
  Fold fold_;
  StreamText text_;
};

}  // namespace kibitz
