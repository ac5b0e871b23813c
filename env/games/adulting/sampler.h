// Worlds drawn from one seat's stream alone (env/core/world_sampler.h).
//
// The sampler rebuilds a world move by move from the initial state, reading
// each move off the seat's next observation where the seat saw it, and
// comparing what the world's moves log for the seat (its observation log)
// with the stream, so that the world gives the seat exactly its stream. What the seat did not
// see is drawn:
//  - another player's truth: by the card's `adult` chance;
//  - another player's sealed bid: the bid shown at the reveal when the stream
//    has it, else uniform over the bids the player could make;
//  - another contestant's measurement (rank): the one oral arguments show
//    later in the round, if they do; else uniform over 0..9, or, when the
//    stream has the declaration, in proportion to 1 / (10 - m) over the
//    measurements m it allows (the weight of a uniform declaration over the
//    values from m up);
//  - whether a ruling on another was right: as oral arguments show it
//    before the next elimination, if they do; else by `ruling_right`;
//  - the extra another player took from the bank (legal=true): as the seat
//    saw it watching, or as a call-out shows it; else a "free" extra. Free
//    extras are drawn uniformly over 0..2 among the values that keep every
//    bound learned so far possible. The bounds come from the facts that
//    depend on the player's true monies: a payment "as far as they can"
//    (less than owed: the payer had exactly that), a bid, a proposed price,
//    a suit or an appeal's collateral (the player had at least that). A
//    world that contradicts such a fact teaches its bound and the draw
//    starts again, so every world returned is consistent with the stream;
//    the draw is not the exact posterior (nor are the sampler's other
//    draws, which take the seen moves as given);
//  - the card a Steal took when the seat was neither thief nor target:
//    uniform over the target's hand in the world; a later observation the
//    world cannot give (the card played by the thief, a hand the seat
//    peeked at) rejects the world, and the draw starts again.
// Players' moves the seat saw are taken as they were (the legal system's
// words, prices and votes included; oral arguments and watches are public
// chance); hidden moves are drawn uniformly, as the generic
// ReplayWorldSampler draws them.
#pragma once

#include <memory>
#include <span>

#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/adulting/adulting_game.h"

namespace kibitz::adulting {

// Draws into `out` (an AdultingState) a world for `seat` from its stream
// alone. Throws KibitzError naming the first observation no world explains.
void sample_world(const AdultingGame& game, Player seat, std::span<const Observation> stream, Rng& rng, State& out);

// The bounds on unseen extras learned from a stream (sampler.cc).
class ExtraPlan;

class AdultingWorldSampler final : public WorldSampler {
 public:
  // Checks the stream once (a KibitzError if no world explains it), and
  // keeps what it learned about unseen extras for the later draws.
  AdultingWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  ~AdultingWorldSampler() override;
  void sample(Rng& rng, State& out) const override;

 private:
  std::unique_ptr<ExtraPlan> learned_;
};

}  // namespace kibitz::adulting
