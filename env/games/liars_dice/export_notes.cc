#include "env/games/liars_dice/export_notes.h"

#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice {
namespace {

// Dice are rolled seat by seat, D each: the roll before which `before` had
// rolled k dice is seat k / D's.
Player chance_seat(const State& before, Action /*outcome*/, const State& /*after*/) {
  const auto& state = dynamic_cast<const LiarsDiceState&>(before);
  return state.num_rolled() / state.liars_game().dice_per_player();
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, nullptr, nullptr}; }

}  // namespace kibitz::liars_dice
