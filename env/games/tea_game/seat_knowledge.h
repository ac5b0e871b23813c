// Tea Game's fold of what one seat knows (env/core/seat_knowledge.h): the
// Knowledge of knowledge.h for the tensor and the default stream text for
// the string (env/core/stream_text_knowledge.h), both read once per
// observation, so a seat fed by a SeatFeed pays for what is new alone
// instead of replaying its whole day.
#pragma once

#include <span>

#include "env/core/stream_text_knowledge.h"
#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz::tea_game {

struct TeaFold {
  using Game = TeaGame;
  using Fold = Knowledge;  // fixed-size arrays only: a restart allocates nothing
  static Knowledge make(const TeaGame& game, Player seat) { return Knowledge(game.config(), seat); }
  static void encode(const Knowledge& knowledge, std::span<float> out) { write_tensor(knowledge, out); }
};

using TeaSeatKnowledge = StreamTextKnowledge<TeaFold>;

}  // namespace kibitz::tea_game
