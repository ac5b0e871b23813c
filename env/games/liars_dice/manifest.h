// Liar's Dice's manifest: everything env/ declares about the game, in one
// entry for env/games/all_games.cc. The parts of the layers above (a
// heuristic, an encoder) are declared in the game's folders of those
// layers, keyed by kGameName (env/README.md, "Adding a game").
#pragma once

#include <string_view>

#include "env/core/registry.h"

namespace kibitz::liars_dice {

// The registry name, for the game's own parts in other layers.
inline constexpr std::string_view kGameName = "liars_dice";

// game_info() with the optional parts: export notes, examples.
GameInfo manifest();

}  // namespace kibitz::liars_dice
