// Loyalist Spies' part of the web layer: the bluff report's verdicts and
// P(Traitor) charts in the replay viewer, the table's renderer
// (web/static/js/renderers/loyalist_spies.js) and the mission terms it is
// sent beside the observations (observation_notes.h).
#include "env/games/loyalist_spies/manifest.h"

#include "web/game_part.h"
#include "web/games/loyalist_spies/observation_notes.h"
#include "web/games/loyalist_spies/viewer_notes.h"

namespace kibitz::web {
namespace {

const bool kRegistered =
    WebParts::add(std::string(loyalist_spies::kGameName),
                  {[](const replays::ReplayRecord& record, std::size_t record_index,
                      const view::ReplayedRecord& replayed, const ReplayViewOptions& options) {
                     return view::spies_notes(record, record_index, replayed, options.spies);
                   },
                   "loyalist_spies.js", spies_observation_notes});

}  // namespace
}  // namespace kibitz::web
