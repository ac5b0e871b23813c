#include "env/games/tea_game/export_notes.h"

#include "env/games/tea_game/tea_state.h"

namespace kibitz::tea_game {
namespace {

Player chance_seat(const State& before, Action outcome, const State& /*after*/) {
  const Table& table = dynamic_cast<const TeaState&>(before).table();
  // Every other chance node is drawn for the seat at the cursor.
  return table.phase() == Phase::kLot ? outcome - kLotBase : table.cursor();
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, nullptr, nullptr}; }

}  // namespace kibitz::tea_game
