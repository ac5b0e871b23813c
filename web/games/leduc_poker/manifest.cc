// Leduc poker's part of the web layer: the table's renderer
// (web/static/js/renderers/poker.js). The replay viewer has no notes of its own
// for this game.
#include "env/games/leduc_poker/manifest.h"

#include "web/game_part.h"

namespace kibitz::web {
namespace {

const bool kRegistered =
    WebParts::add(std::string(leduc_poker::kGameName), {nullptr, "poker.js", nullptr});

}  // namespace
}  // namespace kibitz::web
