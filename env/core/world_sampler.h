// WorldSampler: full states drawn from one seat's knowledge alone.
//
// A seat's knowledge is (game, seat, stream): what the seat has observed.
// A sampler built from it draws a complete State whose seat_stream(seat)
// equals the stream, so search can play out worlds the seat cannot rule
// out. No true state is involved: two tables that gave the seat the same
// stream give the same worlds for the same generator state.
//
// Every game gets ReplayWorldSampler (below) for free; a game whose search
// needs speed adds its own through Game::new_world_sampler and tests it
// against the generic one.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/types.h"

namespace kibitz {

class Game;
class State;

class WorldSampler {
 public:
  WorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  virtual ~WorldSampler() = default;

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  Player seat() const { return seat_; }
  const SeatStream& stream() const { return stream_; }

  // Writes into `out` (a state of the same game) a world whose stream for
  // seat() equals stream(). Throws KibitzError when the stream admits no
  // world, naming the first observation nothing can explain. Const and free
  // of shared mutable state: search threads call it concurrently.
  virtual void sample(Rng& rng, State& out) const = 0;
  std::unique_ptr<State> sample(Rng& rng) const;

  // A sampler for the same seat whose stream is stream() followed by
  // `more`: what a seat known only by its stream (`kibitz seat`, the
  // engine) builds after each batch of news. The default builds the game's
  // sampler afresh over the longer stream (Game::new_world_sampler), which
  // costs as much as the stream is long; a game overrides it to fold in
  // only `more`. Contract, checked for every game by the conformance suite:
  // the extension draws exactly the worlds a fresh sampler over the longer
  // stream draws for the same generator state, so a seeded session is the
  // same whichever way its sampler was made. Throws KibitzError where a
  // fresh sampler would (a stream it cannot read as the game's).
  virtual std::unique_ptr<WorldSampler> extended(std::span<const Observation> more) const;

 private:
  std::shared_ptr<const Game> game_;
  Player seat_;
  SeatStream stream_;
};

// What one generic search did (bench/ and tests read it).
struct ReplaySearchStats {
  std::int64_t nodes = 0;       // states expanded
  std::int64_t dead_ends = 0;   // moves whose observations contradicted the stream
  std::int64_t backtracks = 0;  // states left with every move tried
};

// The generic sampler. It replays the game from the start: at each chance
// node it draws an outcome in proportion to its probability, at each seat's
// move a legal action uniformly, among those not yet tried there; a move
// whose new observations for the seat differ from the stream's next ones is
// a dead end, and a state whose moves are all dead ends is left again
// (backtracking). It stops when the replayed stream equals the whole given
// stream. So every world it returns is consistent, and every consistent
// world can be returned: the world is drawn step by step, each step in
// proportion to its prior weight among the moves from which the stream can
// still be completed. It relies on the contract that every move adds at
// least one observation to every seat's stream.
class ReplayWorldSampler final : public WorldSampler {
 public:
  enum class Result { kFound, kNoWorld, kGaveUp };

  // The search gives up after `max_nodes` expanded states (kGaveUp): a
  // contradiction deep in a large game could otherwise take exponential time.
  static constexpr std::int64_t kDefaultMaxNodes = 1'000'000;

  ReplayWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream,
                     std::int64_t max_nodes = kDefaultMaxNodes);

  void sample(Rng& rng, State& out) const override;
  // A replay sampler over the longer stream, with the same node bound:
  // replaying starts from the initial state anyway, so there is nothing to
  // carry over but the stream.
  std::unique_ptr<WorldSampler> extended(std::span<const Observation> more) const override;
  // The search itself: `why` says what failed unless the result is kFound.
  Result try_sample(Rng& rng, State& out, std::string& why, ReplaySearchStats* stats = nullptr) const;

 private:
  std::int64_t max_nodes_;
};

}  // namespace kibitz
