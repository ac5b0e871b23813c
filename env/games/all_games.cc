// The registry's list: one line per game. Explicit on purpose: static
// self-registering objects vanish when a static library is linked without
// --whole-archive, and a list in one file shows every game at a glance.
#include <algorithm>

#include "env/core/registry.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/kuhn_poker/kuhn_poker.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/leduc_poker/leduc_poker.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz {

const std::vector<GameInfo>& registered_games() {
  static const std::vector<GameInfo> games = [] {
    std::vector<GameInfo> list = {
        adulting::game_info(),
        kuhn_poker::game_info(),
        laws_and_disorder::game_info(),
        leduc_poker::game_info(),
        loyalist_spies::game_info(),
        spoon_nomic::game_info(),
        tea_game::game_info(),
    };
    std::sort(list.begin(), list.end(),
              [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; });
    return list;
  }();
  return games;
}

}  // namespace kibitz
