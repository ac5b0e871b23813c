#include "env/games/spoon_nomic/export_notes.h"

#include "env/games/spoon_nomic/spoon_nomic_state.h"

namespace kibitz::spoon_nomic {
namespace {

const SpoonState& as_spoon(const State& state) { return dynamic_cast<const SpoonState&>(state); }

Player chance_seat(const State& before, Action /*outcome*/, const State& /*after*/) {
  const Table& table = as_spoon(before).table();
  return table.phase() == Phase::kDeal ? table.receiver() : table.proposed_for();
}

std::vector<SeatTally> tallies(const State& s) {
  const SpoonState& state = as_spoon(s);
  SeatTally points{"points", {}};
  SeatTally score{"score", {}};
  for (Player seat = 0; seat < state.num_players(); ++seat) {
    points.values.push_back(state.table().points(seat));
    score.values.push_back(state.score(seat));
  }
  return {points, score};
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, nullptr, tallies}; }

}  // namespace kibitz::spoon_nomic
