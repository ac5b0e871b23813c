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
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "agents/match/answer_rules.h"
#include "env/core/game.h"
#include "env/core/state.h"
#include "replays/replay_record.h"
#include "tools/arena/arena_schedule.h"
#include "tools/arena/arena_tally.h"

namespace kibitz::tools {

// What every game of one arena shares.
struct ArenaSetup {
  std::shared_ptr<const Game> game;
  std::vector<std::string> agents;  // agent specs, by agent index
  ArenaSchedule schedule;
  std::uint64_t seed = 0;
  // What a seat's bad answer does: fail the run (the default) or forfeit
  // the game (agents/match/answer_rules.h).
  AnswerRules answers;
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
// Under `rules` a bad answer may end the game as a forfeit (the state then
// is not terminal; the record holds the forfeit).
std::unique_ptr<State> play_deal(const std::shared_ptr<const Game>& game,
                                 std::span<const std::string> seat_agents, std::uint64_t deal_seed,
                                 replays::ReplayRecord* record = nullptr,
                                 const AnswerRules& rules = AnswerRules{});

// Plays seating `rotation` of deal `deal` to the end (play_deal with the
// seating's agents, the deal's seed and setup.answers); returns the final
// state and, with a non-null `record`, fills it as play_deal does.
std::unique_ptr<State> play_arena_game(const ArenaSetup& setup, std::int64_t deal, int rotation,
                                       replays::ReplayRecord* record = nullptr);

// What a run keeps of its finished games: how many finished and their
// running statistics (arena_tally.h), never a list of games, so its memory
// does not depend on the number of games. Games are recorded in game order.
class ArenaResults {
 public:
  ArenaResults(const ArenaSchedule& schedule, std::int64_t num_deals);

  std::int64_t num_deals() const { return num_deals_; }
  int num_rotations() const { return tally_.schedule().num_rotations(); }
  int num_seats() const { return tally_.schedule().num_seats(); }
  std::int64_t num_games() const { return num_deals_ * num_rotations(); }
  // The finished games are the first num_finished() of the schedule.
  std::int64_t num_finished() const { return tally_.games_added(); }
  // Deals whose every seating finished: what the statistics use, so that
  // every agent has played every seat equally often.
  std::int64_t num_complete_deals() const { return tally_.complete_deals(); }
  const ArenaTally& tally() const { return tally_; }

  // Adds game `game`, the next in game order (num_finished()), with its
  // returns by seat and its forfeit, if a seat forfeited it.
  void record(std::int64_t game, std::span<const double> returns,
              const Forfeit& forfeit = Forfeit{});

  // Games forfeited by each agent (by agent index; empty when none was),
  // and the first few forfeits, to show why.
  struct ForfeitExample {
    std::int64_t game = 0;
    int agent = 0;
    Forfeit forfeit;
  };
  static constexpr std::size_t kForfeitExamples = 5;
  const std::vector<std::int64_t>& forfeits() const { return forfeits_; }
  const std::vector<ForfeitExample>& forfeit_examples() const { return examples_; }

 private:
  std::int64_t num_deals_;
  ArenaTally tally_;
  std::vector<std::int64_t> forfeits_;
  std::vector<ForfeitExample> examples_;
};

// One finished game, as ArenaRunOptions::on_game receives it.
struct FinishedArenaGame {
  std::int64_t game = 0;
  std::vector<double> returns;  // by seat
  // Each seat's roles (replays/analysis/game_outcome.h role_letters: one
  // letter per round); empty strings when the game has none.
  std::vector<std::string> roles;
  // The game's replay record (see play_deal), with ArenaRunOptions::record.
  std::optional<replays::ReplayRecord> record;
  Forfeit forfeit;  // happened() when a seat forfeited the game
};

// How to run an arena.
struct ArenaRunOptions {
  int threads = 1;
  // Set from outside (e.g. a signal handler): no new game starts once it is
  // true; games under way finish. May be null.
  const std::atomic<bool>* stop = nullptr;
  // Set from outside to end the games under way sooner: every agent's
  // decisions are cut short once it is true (ActBudget::stop; only search
  // agents take long). Those games still play to their end and count: their
  // records show how little the hurried decisions searched. May be null.
  const std::atomic<bool>* hurry = nullptr;
  // Called on the calling thread with (games finished, games planned) every
  // progress_interval and once at the end. May be empty.
  std::function<void(std::int64_t, std::int64_t)> progress;
  std::chrono::milliseconds progress_interval{200};
  // Whether every game is recorded (FinishedArenaGame::record).
  bool record = false;
  // Called with every finished game in game order, one call at a time,
  // whatever the thread count and whichever game finishes first: what it
  // writes is the same for any --threads. A game that finishes early waits
  // in memory for the games before it (a few per thread: games are taken in
  // order). Called on worker threads; if it throws, the run fails as if the
  // game had thrown.
  std::function<void(const FinishedArenaGame&)> on_game;
};

// Plays deals 0..num_deals-1, every seating of each, on options.threads
// worker threads taking games in index order from a shared counter. Returns
// when every game has finished or, after a stop, when the games under way
// have; every game taken is finished, so the finished games are a prefix of
// the schedule and only the last deal may be incomplete (and every one of
// them has reached options.on_game). If a game throws, no further games
// start and the first exception is rethrown here once the workers have
// stopped.
ArenaResults play_arena(const ArenaSetup& setup, std::int64_t num_deals,
                        const ArenaRunOptions& options);

}  // namespace kibitz::tools
