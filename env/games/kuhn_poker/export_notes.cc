#include "env/games/kuhn_poker/export_notes.h"

#include "env/games/kuhn_poker/kuhn_poker.h"

namespace kibitz::kuhn_poker {
namespace {

Player chance_seat(const State& before, Action /*outcome*/, const State& after) {
  const auto& was = dynamic_cast<const KuhnState&>(before);
  const auto& now = dynamic_cast<const KuhnState&>(after);
  for (Player seat = 0; seat < now.num_players(); ++seat) {
    if (was.card(seat) < 0 && now.card(seat) >= 0) return seat;
  }
  return kNoSeat;
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, nullptr, nullptr}; }

}  // namespace kibitz::kuhn_poker
