// Laws and Disorder's fold of what one seat knows (env/core/seat_knowledge.h):
// the encoder's Knowledge for the tensor and the default stream text for the
// string (env/core/stream_text_knowledge.h), both read once per observation.
#pragma once

#include <span>

#include "env/core/stream_text_knowledge.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"

namespace kibitz::laws_and_disorder {

struct LawsFold {
  using Game = LawsAndDisorderGame;
  using Fold = Knowledge;  // fixed-size arrays only: a restart allocates nothing
  static Knowledge make(const LawsAndDisorderGame& game, Player seat) { return Knowledge(game.config(), seat); }
  static void encode(const Knowledge& knowledge, std::span<float> out) { knowledge.encode(out); }
};

using LawsSeatKnowledge = StreamTextKnowledge<LawsFold>;

}  // namespace kibitz::laws_and_disorder
