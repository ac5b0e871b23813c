// Measuring a network while it trains: games of the net against a fixed
// opponent (random, the game's heuristic), the net in every seat in turn on
// the same deals (paired seats), so the deal's luck cancels out of the mean.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "agents/agent.h"
#include "env/core/game.h"

namespace kibitz::training {

// The learner's results against one opponent.
struct MatchResult {
  std::string opponent;
  std::int64_t games = 0;
  double mean_return = 0.0;  // the learner's mean return per game
  double ci95 = 0.0;         // half-width of the normal 95% interval of that mean
  double win_rate = 0.0;     // share of games where the learner's return was > 0
};

// Builds the learner's agent for one game, seeded with `seed`.
using AgentFactory = std::function<std::unique_ptr<Agent>(std::uint64_t seed)>;

// Plays `games` games: game g seats the learner at seat g % players and the
// opponent (make_agent(opponent_spec)) everywhere else, on deal g / players
// (chance drawn from Rng(deal seed)), so each deal is played from every seat.
// Every game is played by the match runner (agents/match) with agents seeded
// from the deal seed and the seat: built once and reseeded per game, which
// plays as agents built afresh (a learner that cannot reseed is rebuilt).
MatchResult play_match(const std::shared_ptr<const Game>& game, const AgentFactory& learner,
                       const std::string& opponent_spec, std::int64_t games, std::uint64_t seed);

// Whether `heuristic` plays this game (agents/heuristic).
bool has_heuristic(const Game& game);

}  // namespace kibitz::training
