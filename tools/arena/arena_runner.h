// The arena engine: plays every game of a paired-deal schedule on a pool of
// threads and keeps each game's returns.
//
// Game g is seating (g mod R) of deal (g / R), R = schedule.num_rotations().
// Every game is a pure function of (setup, deal, rotation):
//  * chance draws from Rng(seed).child("deal", deal), one draw per chance
//    event in order, so every seating of a deal sees the same chance stream
//    (the same cards, as far as play leads to the same chance events);
//  * the agent in seat s is built afresh for the game and seeded with
//    Rng(seed).child("deal", deal).child("seat", s), whichever agent it is,
//    so two copies of one agent replay each other's games exactly.
// Hence results do not depend on the thread count or on which thread ran
// which game; threads only decide the order in which games finish. Building
// agents per game is what makes that true (an agent reused across games
// would carry its random state from one to the next), so agents with slow
// set-up cache it per process, as cfr caches its solves.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/game.h"
#include "env/core/state.h"
#include "tools/arena/arena_schedule.h"

namespace kibitz::tools {

// What every game of one arena shares.
struct ArenaSetup {
  std::shared_ptr<const Game> game;
  std::vector<std::string> agents;  // agent specs, by agent index
  ArenaSchedule schedule;
  std::uint64_t seed = 0;
};

// Builds the setup, building every agent once so that a bad spec is reported
// (naming it) before any game starts, and slow set-up work such as a CFR
// solve is done and cached up front.
ArenaSetup make_arena_setup(std::shared_ptr<const Game> game, std::vector<std::string> agents,
                            std::uint64_t seed);

// Plays seating `rotation` of deal `deal` to the end; returns the final state.
std::unique_ptr<State> play_arena_game(const ArenaSetup& setup, std::int64_t deal, int rotation);

// The returns of the finished games of a run, by game index.
class ArenaResults {
 public:
  ArenaResults(std::int64_t num_deals, int num_rotations, int num_seats);

  std::int64_t num_deals() const { return num_deals_; }
  int num_rotations() const { return num_rotations_; }
  int num_seats() const { return num_seats_; }
  std::int64_t num_games() const { return num_deals_ * num_rotations_; }

  bool finished(std::int64_t game) const { return finished_[static_cast<std::size_t>(game)] != 0; }
  std::int64_t num_finished() const;
  // Deals whose every seating finished, in deal order: what the statistics
  // use, so that every agent has played every seat equally often.
  std::vector<std::int64_t> complete_deals() const;
  // The returns of a finished game, by seat.
  std::span<const double> returns(std::int64_t game) const;

  // Stores a game's returns. Different threads record different games.
  void record(std::int64_t game, std::span<const double> returns);

 private:
  std::int64_t num_deals_;
  int num_rotations_;
  int num_seats_;
  std::vector<double> returns_;  // game-major, num_seats_ per game
  std::vector<char> finished_;   // char, not bool: threads write neighbouring games
};

// How to run an arena.
struct ArenaRunOptions {
  int threads = 1;
  // Set from outside (e.g. a SIGINT handler): no new game starts once it is
  // true; games under way finish. May be null.
  const std::atomic<bool>* stop = nullptr;
  // Called on the calling thread with (games finished, games planned) every
  // progress_interval and once at the end. May be empty.
  std::function<void(std::int64_t, std::int64_t)> progress;
  std::chrono::milliseconds progress_interval{200};
};

// Plays deals 0..num_deals-1, every seating of each, on options.threads
// worker threads taking games in index order from a shared counter. Returns
// when every game has finished or, after a stop, when the games under way
// have; every game taken is finished, so the finished games are a prefix of
// the schedule and only the last deal may be incomplete. If a game throws, no further games start
// and the first exception is rethrown here once the workers have stopped.
ArenaResults play_arena(const ArenaSetup& setup, std::int64_t num_deals,
                        const ArenaRunOptions& options);

}  // namespace kibitz::tools
