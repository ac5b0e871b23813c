// Loyalist Spies' notes beside its observations (web/message_json.h,
// ObservationNotes): a mission's terms, as the rules' mission guide gives
// them (env/games/loyalist_spies/scoring.h), so that the table's renderer
// (web/static/js/renderers/spies_model.js) keeps no copy of the guide.
//
//   the flip of a mission card   {"covert":C,"vp":V}
//   the mission's reveal         {"covert":C,"vp":V,"success":BOOL}
//
// V includes the King bonus: +2 for each King the determiner flipped earlier
// in the same turn. Every seat and the spectator hear the flips and the
// reveal, so the notes say nothing the stream did not.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "env/core/observation.h"

namespace kibitz::web {

std::string spies_observation_notes(std::span<const Observation> stream, std::size_t index);

}  // namespace kibitz::web
