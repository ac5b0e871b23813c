// Tea Game's part of the web layer: the table's renderer
// (web/static/js/renderers/tea_game.js). The replay viewer has no notes of its own
// for this game.
#include "env/games/tea_game/manifest.h"

#include "web/game_part.h"

namespace kibitz::web {
namespace {

const bool kRegistered =
    WebParts::add(std::string(tea_game::kGameName), {nullptr, "tea_game.js", nullptr});

}  // namespace
}  // namespace kibitz::web
