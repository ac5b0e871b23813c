#include "env/games/loyalist_spies/export_notes.h"

#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
namespace {

const LoyalistSpiesState& as_spies(const State& state) {
  return dynamic_cast<const LoyalistSpiesState&>(state);
}

Player chance_seat(const State& before, Action /*outcome*/, const State& after) {
  const GameLog& log = as_spies(after).log();
  const int first = as_spies(before).log().size();
  KIBITZ_CHECK(first < log.size(), "loyalist_spies: a chance move that logged nothing");
  const Event& e = log[first];
  return e.kind == EventKind::kFaceDown ? kNoSeat : e.seat;
}

std::vector<SeatTally> tallies(const State& s) {
  const LoyalistSpiesState& state = as_spies(s);
  SeatTally totals{"totals", {}};
  for (Player seat = 0; seat < state.num_players(); ++seat)
    totals.values.push_back(state.total(seat));
  return {totals};
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, nullptr, tallies}; }

}  // namespace kibitz::loyalist_spies
