// Spoon Nomic's fold of what one seat knows (env/core/seat_knowledge.h):
// the KnowledgeReader of knowledge.h for the tensor and the default stream
// text for the string (env/core/stream_text_knowledge.h), both read once
// per observation.
#pragma once

#include <span>

#include "env/core/stream_text_knowledge.h"
#include "env/games/spoon_nomic/knowledge.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"

namespace kibitz::spoon_nomic {

struct SpoonFold {
  using Game = SpoonGame;
  // Fixed-size arrays and card sets only: a restart allocates nothing.
  using Fold = KnowledgeReader;
  static KnowledgeReader make(const SpoonGame& game, Player seat) { return KnowledgeReader(game, seat); }
  static void encode(const KnowledgeReader& reader, std::span<float> out) { write_tensor(reader.knowledge(), out); }
};

using SpoonSeatKnowledge = StreamTextKnowledge<SpoonFold>;

}  // namespace kibitz::spoon_nomic
