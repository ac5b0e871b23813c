// The arena engine: plays every game of a paired-deal schedule with the match
// runner (agents/match: play_game on the run_jobs worker pool) and keeps each
// game's returns.
//
// Game g is seating (g mod R) of deal (g / R), R = schedule.num_rotations().
// Every game is a pure function of (setup, deal, rotation), and in fact of
// the deal seed D = Rng(seed).child("deal", deal).seed() and the agent spec
// in each seat:
//  * chance draws from Rng(D), one draw per chance event in order, so every
//    seating of a deal sees the same chance stream (the same cards, as far
//    as play leads to the same chance events);
//  * the agent in seat s plays as if built afresh for the game and seeded
//    with Rng(D).child("seat", s), whichever agent it is, so two copies of
//    one agent replay each other's games exactly.
// Hence results do not depend on the thread count or on which thread ran
// which game; threads only decide the order in which games finish. A worker
// builds each agent once and restarts it for every game with that seed
// (Agent::reseed, agents/match/seat_agents.h), which plays exactly as a
// fresh agent; models and CFR solves are shared per process besides.
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
#include "replays/replay_record.h"
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

// The seed of deal `deal` of an arena seeded with `seed` (D above): every
// seating of the deal draws its chance events and seeds its agents from it.
std::uint64_t arena_deal_seed(std::uint64_t seed, std::int64_t deal);

// Plays one game of `game` to the end with `seat_agents[s]` (an agent spec)
// in seat s, chance and agents seeded from `deal_seed` as described above;
// returns the final state. With a non-null `record`, also fills it with the
// game's replay record: seat labels the specs as given, agent specs what the
// agents report, seed `deal_seed`, each seat's DecisionInfo as annotation.
// A record of an arena game therefore carries all it takes to play that game
// again: play_deal(load_game(r.game), r.seat_labels, r.seed).
std::unique_ptr<State> play_deal(const std::shared_ptr<const Game>& game,
                                 std::span<const std::string> seat_agents, std::uint64_t deal_seed,
                                 replays::ReplayRecord* record = nullptr);

// Plays seating `rotation` of deal `deal` to the end (play_deal with the
// seating's agents and the deal's seed); returns the final state and, with a
// non-null `record`, fills it as play_deal does.
std::unique_ptr<State> play_arena_game(const ArenaSetup& setup, std::int64_t deal, int rotation,
                                       replays::ReplayRecord* record = nullptr);

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
  // Each seat's roles in a finished game (replays/analysis/game_outcome.h
  // role_letters: one letter per round); empty strings when the game has none.
  std::span<const std::string> roles(std::int64_t game) const;

  // Stores a game's returns and, when the game has roles, each seat's.
  // Different threads record different games.
  void record(std::int64_t game, std::span<const double> returns,
              std::span<const std::string> roles = {});

 private:
  std::int64_t num_deals_;
  int num_rotations_;
  int num_seats_;
  std::vector<double> returns_;     // game-major, num_seats_ per game
  std::vector<std::string> roles_;  // game-major, num_seats_ per game
  std::vector<char> finished_;      // char, not bool: threads write neighbouring games
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
  // When set, every finished game is recorded (see play_deal) and handed
  // over with its index in game order, one call at a time, whatever the
  // thread count and whichever game finishes first: what it writes is the
  // same for any --threads. A record that finishes early waits in memory for
  // the games before it. Called on worker threads; if it throws, the run
  // fails as if the game had thrown.
  std::function<void(std::int64_t game, const replays::ReplayRecord& record)> on_record;
};

// Plays deals 0..num_deals-1, every seating of each, on options.threads
// worker threads taking games in index order from a shared counter. Returns
// when every game has finished or, after a stop, when the games under way
// have; every game taken is finished, so the finished games are a prefix of
// the schedule and only the last deal may be incomplete (and every one of
// them has reached options.on_record). If a game throws, no further games
// start and the first exception is rethrown here once the workers have
// stopped.
ArenaResults play_arena(const ArenaSetup& setup, std::int64_t num_deals,
                        const ArenaRunOptions& options);

}  // namespace kibitz::tools
