// The registry's list: one line per game, its manifest (env/games/<game>/
// manifest.h), which is all a new game adds outside its own folders.
// Explicit on purpose: static self-registering objects vanish when a static
// library is linked without --whole-archive, and a list in one file shows
// every game at a glance. (The layers above env/ cannot be listed here, as
// env/ knows none of them: they self-register per layer, see
// env/core/game_parts.h.)
#include "env/core/registry.h"
#include "env/games/adulting/manifest.h"
#include "env/games/kuhn_poker/manifest.h"
#include "env/games/laws_and_disorder/manifest.h"
#include "env/games/leduc_poker/manifest.h"
#include "env/games/liars_dice/manifest.h"
#include "env/games/loyalist_spies/manifest.h"
#include "env/games/spoon_nomic/manifest.h"
#include "env/games/tea_game/manifest.h"

namespace kibitz::internal {

std::vector<GameInfo> builtin_games() {
  return {
      adulting::manifest(),
      kuhn_poker::manifest(),
      laws_and_disorder::manifest(),
      leduc_poker::manifest(),
      liars_dice::manifest(),
      loyalist_spies::manifest(),
      spoon_nomic::manifest(),
      tea_game::manifest(),
  };
}

}  // namespace kibitz::internal
