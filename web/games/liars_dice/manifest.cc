// Liar's Dice's part of the web layer: the table's renderer
// (web/static/js/renderers/liars_dice.js). The replay viewer has no notes of its own
// for this game.
#include "env/games/liars_dice/manifest.h"

#include "web/game_part.h"

namespace kibitz::web {
namespace {

const bool kRegistered =
    WebParts::add(std::string(liars_dice::kGameName), {nullptr, "liars_dice.js", nullptr});

}  // namespace
}  // namespace kibitz::web
