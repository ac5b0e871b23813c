// Spoon Nomic's part of the web layer: the table's renderer
// (web/static/js/renderers/spoon_nomic.js). The replay viewer has no notes of its own
// for this game.
#include "env/games/spoon_nomic/manifest.h"

#include "web/game_part.h"

namespace kibitz::web {
namespace {

const bool kRegistered =
    WebParts::add(std::string(spoon_nomic::kGameName), {nullptr, "spoon_nomic.js", nullptr});

}  // namespace
}  // namespace kibitz::web
