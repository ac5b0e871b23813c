// Adulting's fold of what one seat knows (env/core/seat_knowledge.h): the
// Knowledge of knowledge.h for the tensor and the default stream text for the
// string (env/core/stream_text_knowledge.h), each read once per
// observation, so a seat fed by a SeatFeed pays for what is new alone
// instead of rereading a game of ~2,000 entries at every decision.
#pragma once

#include <span>

#include "env/core/stream_text_knowledge.h"
#include "env/games/adulting/knowledge.h"

namespace kibitz::adulting {

struct AdultingFold {
  using Game = AdultingGame;
  using Fold = Knowledge;  // fixed-size arrays only: a restart allocates nothing
  static Knowledge make(const AdultingGame& game, Player seat) { return Knowledge(game, seat); }
  static void encode(const Knowledge& knowledge, std::span<float> out) { knowledge.encode(out); }
};

using AdultingSeatKnowledge = StreamTextKnowledge<AdultingFold>;

}  // namespace kibitz::adulting
