// Worlds for one seat of Spoon Nomic drawn from its stream alone.
//
// What the stream leaves open is which card each Report line dealt to
// another seat (its back is known), and which face each rejected roll
// showed. Every history of rolls has the same probability, (52*packs)^-rolls,
// so the worlds that give the seat its stream are equally likely; the sampler
// draws exactly that:
//  1. the other seats' cards, Report line by line, uniformly without
//     replacement from the cards of that back the seat has not seen (at the
//     end, from the hand that seat showed); the Deck is the rest;
//  2. each rejected roll's face uniformly among the cards already dealt in
//     that world (the cards not in its Deck at that roll).
// It reads the stream twice (once to plan the deals, once to replay the
// moves into the world) and never allocates, so resample_from_infostate can
// feed it the stream straight from the state's log.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "env/cards/card_set.h"
#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"

namespace kibitz::spoon_nomic {

// The deals a stream reports, in order, with the cards chosen for them.
struct WorldPlan {
  static constexpr int kMaxSlots = cards::kMaxPacks * cards::kCardsPerPack;
  int num_slots = 0;
  std::array<std::int8_t, kMaxSlots> receiver{};
  std::array<cards::Back, kMaxSlots> back{};
  std::array<std::int16_t, kMaxSlots> card{};  // 0 until chosen; the seat's own are read
  cards::CardSet own;                          // the seat's cards
  std::array<cards::CardSet, kMaxPlayers> shown{};
  bool over = false;
};

// Pass 1: the deals and the shown hands.
void plan_observation(const SpoonGame& game, Player seat, const Observation& o, WorldPlan& plan);
// Chooses the cards of the other seats' deals (step 1 above).
void choose_cards(const SpoonGame& game, Player seat, WorldPlan& plan, Rng& rng);
// Pass 2: applies the move an observation stands for to `world`, if any
// (step 2 above for a rejected roll). `next_slot` counts the deals applied.
void replay_observation(const Observation& o, const WorldPlan& plan, int& next_slot, Rng& rng,
                        SpoonState& world);
// `out` as a SpoonState of `game`, reset to the start.
SpoonState& fresh_world(const SpoonGame& game, State& out);

// Draws a world for `seat` into `out`; each(f) must call f on every
// observation of the seat's stream, in order, and may be called twice.
template <typename ForEach>
void draw_world(const SpoonGame& game, Player seat, ForEach&& each, Rng& rng, State& out) {
  WorldPlan plan;
  each([&](const Observation& o) { plan_observation(game, seat, o, plan); });
  choose_cards(game, seat, plan, rng);
  SpoonState& world = fresh_world(game, out);
  int next_slot = 0;
  each([&](const Observation& o) { replay_observation(o, plan, next_slot, rng, world); });
}

// The game's sampler: checks the stream once when built (a world drawn from
// it must give the seat that very stream), then draws.
class SpoonWorldSampler final : public WorldSampler {
 public:
  SpoonWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  void sample(Rng& rng, State& out) const override;
};

}  // namespace kibitz::spoon_nomic
