// The names of the phases of Loyalist Spies (public_state.h).
#include "env/games/loyalist_spies/public_state.h"

namespace kibitz::loyalist_spies {

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::kDealAces: return "aces";
    case Phase::kDeal: return "deal";
    case Phase::kKeep: return "keep";
    case Phase::kFlip: return "flip";
    case Phase::kJackTarget: return "jack";
    case Phase::kQueenPeek: return "queen peek";
    case Phase::kQueenOrder: return "queen order";
    case Phase::kFaceDown: return "face down";
    case Phase::kPlay: return "play";
    case Phase::kDraw: return "draw";
    case Phase::kDiscard: return "discard";
    case Phase::kTerminal: return "over";
  }
  return "?";
}

}  // namespace kibitz::loyalist_spies
