// A throwaway game for the manifest test (game_manifest_test.cc), in that
// test binary only: chance deals seat 0 a hidden bit, seat 0 says a bit, and
// wins 1 from seat 1 when it says the bit it holds (a lie loses 1; seat 1
// only listens, so every game is two moves long). It keeps the core
// observation log, so its streams and worlds come from the defaults, and it
// is registered only through its manifest.
#pragma once

#include <memory>

#include "env/core/registry.h"

namespace kibitz::probe_game {

inline constexpr const char* kName = "manifest_probe";
inline constexpr int kEncoderVersion = 3;

// Its manifest: what all_games.cc would list.
GameInfo manifest();

}  // namespace kibitz::probe_game
