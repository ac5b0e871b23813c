// The `heuristic` agent: a hand-written rule-based player per game, the
// baseline later agents are measured against. Each game declares its rules
// of thumb in agents/heuristic/<game>/manifest.cc (heuristic_part.h); the
// agent looks the game's up there, and a game without one is an error naming
// the games that have one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/registry.h"

namespace kibitz {

// Registry entry and the list of games it can play.
struct HeuristicAgent {
  static AgentInfo info();
  // Names of the games with a heuristic, sorted.
  static std::vector<std::string> supported_games();
};

}  // namespace kibitz
