// Spoon Nomic's manifest: everything env/ declares about the game, in one
// entry for env/games/all_games.cc. The parts of the layers above (a
// heuristic, a replay report, viewer notes, a browser renderer) are declared
// in the game's folders of those layers, keyed by kGameName (env/README.md,
// "Adding a game").
#pragma once

#include <string_view>

#include "env/core/registry.h"

namespace kibitz::spoon_nomic {

// The registry name, for the game's own parts in other layers.
inline constexpr std::string_view kGameName = "spoon_nomic";

// game_info() with the optional parts: export notes, encoder version, examples.
GameInfo manifest();

}  // namespace kibitz::spoon_nomic
