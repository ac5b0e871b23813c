// The game registry: every game is listed once in env/games/all_games.cc with
// its parameters, a factory and the parameter sets the conformance suite
// plays. load_game("leduc_poker(players=2)") builds a game from a spec string.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/export_notes.h"
#include "env/core/game.h"
#include "env/core/params.h"

namespace kibitz {

struct GameInfo {
  std::string name;     // registry key, e.g. "leduc_poker"
  std::string title;    // for people, e.g. "Leduc poker"
  std::string summary;  // one line
  std::vector<ParamSpec> params;
  std::function<std::shared_ptr<const Game>(const Params&)> factory;
  // Specs the conformance suite and benchmarks run (at least the default).
  std::vector<std::string> test_specs;
  // Optional: what the JSON export of a record adds (export_notes.h).
  ExportNotes export_notes{};
};

// All registered games, sorted by name (defined in env/games/all_games.cc).
const std::vector<GameInfo>& registered_games();

// The entry for a name; throws KibitzError listing the registered names.
const GameInfo& find_game(std::string_view name);

// Parses and validates a spec and builds the game; errors name the bad part.
std::shared_ptr<const Game> load_game(std::string_view spec);

}  // namespace kibitz
