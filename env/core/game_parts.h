// GameParts<Part>: one layer's table of a game's optional parts, keyed by the
// game's registry name (env/core/registry.h). It is how a layer above env/
// (agents, replays, web, tools) learns what each game brings to it without
// any code of that layer naming a game.
//
// Why a table per layer, filled by the games themselves: env/ knows no agent,
// no report and no web page, so GameInfo cannot hold those parts; and a list
// per layer naming every game is exactly the edit a new game must not need.
// So each game declares its part of a layer in a file of its own folder of
// that layer (agents/heuristic/<game>/manifest.cc, web/games/<game>/...), as
// a registrar:
//
//   const bool kRegistered = HeuristicParts::add("tea_game", {...});
//
// Those files are built into an OBJECT library per layer whose objects every
// program linking the layer gets on its link line (cmake/game_parts.cmake):
// a static library would drop an object nothing refers to, and with it the
// registration. The table is a function-local static, so it exists before
// the first registrar runs whatever the order of static initialisation.
// Consumers read it after main() starts; the registrars run before.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "env/core/error.h"

namespace kibitz {

template <typename Part>
class GameParts {
 public:
  struct Entry {
    std::string game;  // a registry name
    Part part;
  };

  // Declares `game`'s part; returns true so that a namespace-scope constant
  // can call it. A game declaring its part twice is a programming error.
  static bool add(std::string game, Part part) {
    std::vector<Entry>& list = table();
    const auto at =
        std::lower_bound(list.begin(), list.end(), game,
                         [](const Entry& e, const std::string& name) { return e.game < name; });
    KIBITZ_CHECK(at == list.end() || at->game != game, "a game part declared twice for '", game,
                 "'");
    list.insert(at, Entry{std::move(game), std::move(part)});
    return true;
  }

  // The part of `game` (a registry name), or nullptr when it has none.
  static const Part* find(std::string_view game) {
    for (const Entry& entry : table()) {
      if (entry.game == game) return &entry.part;
    }
    return nullptr;
  }

  // Every declared part, sorted by game name (independent of link order).
  static const std::vector<Entry>& entries() { return table(); }

  // "adulting, tea_game": the games with a part, for error messages.
  static std::string game_list() {
    std::string names;
    for (const Entry& entry : table()) names += (names.empty() ? "" : ", ") + entry.game;
    return names;
  }

 private:
  static std::vector<Entry>& table() {
    static std::vector<Entry> list;
    return list;
  }
};

}  // namespace kibitz
