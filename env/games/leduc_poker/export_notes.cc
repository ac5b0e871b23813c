#include "env/games/leduc_poker/export_notes.h"

#include "env/games/leduc_poker/leduc_poker.h"

namespace kibitz::leduc_poker {
namespace {

Player chance_seat(const State& before, Action /*outcome*/, const State& after) {
  const auto& was = dynamic_cast<const LeducState&>(before);
  const auto& now = dynamic_cast<const LeducState&>(after);
  for (Player seat = 0; seat < now.num_players(); ++seat) {
    if (was.private_card(seat) < 0 && now.private_card(seat) >= 0) return seat;
  }
  return kNoSeat;  // the public card
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, nullptr, nullptr}; }

}  // namespace kibitz::leduc_poker
