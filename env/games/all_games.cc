// The registry's list: one line per game. Explicit on purpose: static
// self-registering objects vanish when a static library is linked without
// --whole-archive, and a list in one file shows every game at a glance.
#include <algorithm>

#include "env/core/registry.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/export_notes.h"
#include "env/games/kuhn_poker/export_notes.h"
#include "env/games/kuhn_poker/kuhn_poker.h"
#include "env/games/laws_and_disorder/export_notes.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/leduc_poker/export_notes.h"
#include "env/games/leduc_poker/leduc_poker.h"
#include "env/games/loyalist_spies/export_notes.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/spoon_nomic/export_notes.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"
#include "env/games/tea_game/export_notes.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz {
namespace {

// A game's entry with the notes its JSON export adds (env/core/export_notes.h).
GameInfo with_export_notes(GameInfo info, ExportNotes notes) {
  info.export_notes = std::move(notes);
  return info;
}

}  // namespace

const std::vector<GameInfo>& registered_games() {
  static const std::vector<GameInfo> games = [] {
    std::vector<GameInfo> list = {
        with_export_notes(adulting::game_info(), adulting::export_notes()),
        with_export_notes(kuhn_poker::game_info(), kuhn_poker::export_notes()),
        with_export_notes(laws_and_disorder::game_info(), laws_and_disorder::export_notes()),
        with_export_notes(leduc_poker::game_info(), leduc_poker::export_notes()),
        with_export_notes(loyalist_spies::game_info(), loyalist_spies::export_notes()),
        with_export_notes(spoon_nomic::game_info(), spoon_nomic::export_notes()),
        with_export_notes(tea_game::game_info(), tea_game::export_notes()),
    };
    std::sort(list.begin(), list.end(),
              [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; });
    return list;
  }();
  return games;
}

}  // namespace kibitz
