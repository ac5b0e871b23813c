// A game's part of the `heuristic` agent: the parameters its rules of thumb
// read and the factory that builds them for one seat. Each game with a
// heuristic declares it in agents/heuristic/<game>/manifest.cc
// (env/core/game_parts.h), so the agent, `kibitz agents` and evaluation find
// every heuristic without naming a game.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "agents/agent.h"
#include "env/core/game.h"
#include "env/core/game_parts.h"
#include "env/core/params.h"

namespace kibitz {

struct HeuristicPart {
  // The parameters this game's rules read. Every game's are parameters of
  // the one `heuristic` agent, so each help text starts with the game's name
  // and a name means the same wherever two games share it.
  std::vector<ParamSpec> params;
  // Builds the rules for `game` (always this part's game); `params` holds
  // every heuristic parameter, validated, defaults filled in.
  std::function<std::unique_ptr<Agent>(const Params& params, std::shared_ptr<const Game> game,
                                       std::uint64_t seed)>
      make;
};

using HeuristicParts = GameParts<HeuristicPart>;

}  // namespace kibitz
