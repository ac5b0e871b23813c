// The JSON form of an ExportTimeline (export_timeline.h), written into the
// export's record object (record_json.cc); docs/replays.md describes it.
// Internal to replays/.
#pragma once

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <cstddef>

#include "env/core/stream_spec.h"
#include "replays/export_timeline.h"

namespace kibitz::replays {

// Writes "chance_seat" (one entry per action: the seat, null, or "?" past
// the actions replayed), "forced_chance", "events" and "final". `spec`
// is the game's stream spec; null when the game did not load (no events).
void save_timeline(cereal::JSONOutputArchive& ar, const StreamSpec* spec,
                   const ExportTimeline& timeline, std::size_t num_actions);

}  // namespace kibitz::replays
