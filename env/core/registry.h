// The game registry: every game is listed once in env/games/all_games.cc by
// its manifest (env/games/<game>/manifest.h): its parameters, a factory, the
// parameter sets the conformance suite plays, and the optional parts env/
// itself knows of (export notes, the network encoder's version, examples).
// The parts of the layers above (a heuristic, a report, viewer notes, a
// browser renderer) are declared in the game's folders of those layers, in
// per-layer tables keyed by the name here (env/core/game_parts.h);
// env/README.md, "Adding a game", gives the recipe.
// load_game("leduc_poker(players=2)") builds a game from a spec string.
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

// A spec worth trying, with what it shows: `kibitz games` prints them and the
// server's page offers them.
struct GameExample {
  std::string spec;  // e.g. "loyalist_spies(rounds=1)"
  std::string what;  // e.g. "one round: the quickest whole game"
};

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
  // Optional: the version of the network encoder, i.e. of the layout of
  // State::information_state_tensor that a network reads; 0 when the game
  // has none (agents/neural/encoders.h). Bump it whenever the tensor changes
  // meaning or size, so that old checkpoints are refused.
  int encoder_version = 0;
  // Optional: specs worth trying, beyond the default.
  std::vector<GameExample> examples{};
};

// All registered games, sorted by name: env/games/all_games.cc's list and
// any add_game made before the first call. Built once; the references stay
// valid for the life of the program.
const std::vector<GameInfo>& registered_games();

// Registers a game beyond all_games.cc's list: a test's throwaway game, in
// that test's binary only, proving that every consumer picks a game up from
// its manifest alone. Call it before the registry is first read (from a
// static registrar); later, or with a name already taken, is a bug
// (KIBITZ_CHECK). Returns true for use as a registrar's initialiser.
bool add_game(GameInfo info);

namespace internal {
// env/games/all_games.cc's list, one manifest per game, unsorted.
std::vector<GameInfo> builtin_games();
}  // namespace internal

// The entry for a name; throws KibitzError listing the registered names.
const GameInfo& find_game(std::string_view name);

// Parses and validates a spec and builds the game; errors name the bad part.
std::shared_ptr<const Game> load_game(std::string_view spec);

}  // namespace kibitz
