// The server's list of games, GET /api/games: every registered game with
// what its manifest declares that a page can use, so the pages list the
// games from the registry instead of by hand:
//
//   {"games":[{"name","title","summary","default_spec","examples":[{"spec","what"}],
//              "heuristic":BOOL,"renderer":"x.js"|null}]}
//
// `heuristic` says whether the `heuristic` agent can fill a seat of the game;
// `renderer` is the table page's module for it, a file of /js/renderers/
// (null: the generic one).
#pragma once

#include <string>

namespace kibitz::web {

// The JSON above, built once (the registry and the parts are fixed once the
// program runs).
const std::string& games_json();

}  // namespace kibitz::web
