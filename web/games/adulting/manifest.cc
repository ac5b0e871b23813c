// Adulting's part of the web layer: the bid-and-claim notes in the replay
// viewer and the table's renderer (web/static/js/renderers/adulting.js).
#include "env/games/adulting/manifest.h"

#include "web/game_part.h"
#include "web/games/adulting/viewer_notes.h"

namespace kibitz::web {
namespace {

const bool kRegistered = WebParts::add(
    std::string(adulting::kGameName),
    {[](const replays::ReplayRecord&, std::size_t, const view::ReplayedRecord& replayed,
        const ReplayViewOptions&) { return view::adulting_notes(replayed); },
     "adulting.js", nullptr});

}  // namespace
}  // namespace kibitz::web
