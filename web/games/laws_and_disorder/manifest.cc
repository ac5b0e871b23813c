// Laws and Disorder's part of the web layer: the table's renderer
// (web/static/js/renderers/laws_and_disorder.js). The replay viewer has no notes of its own
// for this game.
#include "env/games/laws_and_disorder/manifest.h"

#include "web/game_part.h"

namespace kibitz::web {
namespace {

const bool kRegistered = WebParts::add(std::string(laws_and_disorder::kGameName),
                                       {nullptr, "laws_and_disorder.js", nullptr});

}  // namespace
}  // namespace kibitz::web
