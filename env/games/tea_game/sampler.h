// Worlds drawn from one seat's stream alone (env/core/world_sampler.h).
//
// The only hidden facts of the Tea Game are the other players' delays that
// were never disclosed: future cards are chance, not hidden, and every card
// drawn is public. A delay is disclosed by an announcement, by a forfeit (a
// hidden delay that lost), or shown absent when a player who said nothing
// loses without a forfeit. Every other delay is drawn from the prior
// (delay_prob), NOT the exact posterior: a player's decisions (spending an
// exemption, withdrawing, the drinks ordered) may depend on their delay, but
// no model of their policy is assumed. The world is then the stream's moves
// replayed: each decision and card as observed, "announces nothing" as
// "hide" or "on time" by the world's delay.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/tea_game/config.h"

namespace kibitz::tea_game {

class TeaGame;
class TeaState;

// First pass over the stream: the delays it discloses, per game and seat.
class DelayFacts {
 public:
  static constexpr std::int8_t kUnknown = -1;
  void read(const Observation& o);
  // 1 delayed, 0 on time, kUnknown: drawn from the prior.
  std::int8_t forced(int game, int seat) const;

 private:
  int game_ = -1;
  // Per game and seat: 1 announced or forfeited, 2 said nothing, 3 lost
  // without a forfeit (after saying nothing).
  std::array<std::array<std::int8_t, kMaxPlayers>, kMaxGames> said_{};
};

// Second pass: replays the stream's moves into the world.
class WorldBuilder {
 public:
  WorldBuilder(const TeaGame& game, Player seat, const DelayFacts& facts, Rng& rng, TeaState& world);
  void step(const Observation& o);

 private:
  void play(Action action, const Observation& o);
  const TeaGame& game_;
  Player seat_;
  const DelayFacts& facts_;
  Rng& rng_;
  TeaState& world_;
  int game_index_ = -1;
};

// The two passes over a stream given as for_each(f), calling f(o) for each
// observation in order (a span, or a state's log).
template <typename ForEach>
void sample_world(const TeaGame& game, Player seat, ForEach&& for_each, Rng& rng, TeaState& world) {
  DelayFacts facts;
  auto read = [&facts](const Observation& o) { facts.read(o); };
  for_each(read);
  WorldBuilder builder(game, seat, facts, rng, world);
  auto step = [&builder](const Observation& o) { builder.step(o); };
  for_each(step);
}

class TeaWorldSampler final : public WorldSampler {
 public:
  // Checks the stream once (a world is drawn and its stream compared), so
  // sample() cannot fail later; a KibitzError names what does not fit.
  TeaWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  void sample(Rng& rng, State& out) const override;
};

}  // namespace kibitz::tea_game
