#include "env/games/laws_and_disorder/export_notes.h"

#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {
namespace {

const LawsAndDisorderState& as_laws(const State& state) {
  return dynamic_cast<const LawsAndDisorderState&>(state);
}

Player chance_seat(const State& before, Action /*outcome*/, const State& after) {
  const ObservationLog& log = after.observation_log();
  const int first = before.observation_log().size();
  KIBITZ_CHECK(first < log.size(), "laws_and_disorder: a chance move that logged nothing");
  const Observation o = log.observation(first);
  const Obs kind = obs_kind(o);
  KIBITZ_CHECK(kind == Obs::kHolds || kind == Obs::kDrawSeen,
               "laws_and_disorder: a chance move logged kind ", int{o.kind}, " first");
  return o.value(0);
}

void forced_chance(const State* /*before*/, const State& /*after*/,
                   std::vector<ForcedChance>& /*out*/) {}

std::vector<SeatTally> tallies(const State& s) {
  const LawsAndDisorderState& state = as_laws(s);
  SeatTally monies{"monies", {}};
  for (int seat = 0; seat < state.num_players(); ++seat)
    monies.values.push_back(state.monies(seat));
  return {monies};
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, forced_chance, tallies}; }

}  // namespace kibitz::laws_and_disorder
