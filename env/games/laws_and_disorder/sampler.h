// Worlds drawn from one seat's stream alone (env/core/world_sampler.h).
//
// Two passes over the stream, nothing else read:
//  1. The hidden cards (sampler_plan.h): every card another seat drew unseen
//     is an instance of unknown kind, followed through hidden gives, thefts
//     and discards, and bound to a kind when its holder shows one (a law
//     card, a job, a scientist's or a swap's card, a card handed or stolen
//     to the seat, a hand the seat saw as thief). The hidden choices of
//     others (which card they discard, pick to give or lose to a thief) are
//     drawn uniformly among the holder's cards that its plays in the next
//     observations do not need; a law another seat is still building when
//     the stream ends is completed from its hand (binding unknown cards if
//     it must). Every card still unknown then takes a kind drawn from what
//     is left of the 78 cards, in proportion to the counts (as the deck
//     would deal it); the draws' kinds follow.
//  2. The replay: the world is rebuilt from the initial state, each move
//     read off the seat's next observation (public moves and the seat's
//     own) or taken from pass 1 (another seat's unseen draw, discard, pick
//     or theft), and every observation the world gives the seat is checked
//     against the stream as it comes.
// A pass-1 draw whose choices leave a shown card unexplained (a card a
// hidden choice gave away), or a replay that departs from the stream, is
// drawn again with fresh randomness, the later attempts choosing more
// uniformly. After kMaxAttempts the stream is refused with a KibitzError
// naming the furthest observation any attempt explained (none of 150,000
// streams from play needed that many; the generic ReplayWorldSampler cannot
// finish a long game's stream in useful time, so it is no fallback here),
// and after kPastEndVerdict replays that all went on past the stream's end
// within one move, as one that stops in the middle of a move (kibitz seat
// asks so while a move is being typed).
//
// Every world returned is consistent with the stream, and worlds differ in
// the hidden hands and draws. It is not the exact posterior: the hidden
// choices are uniform over the cards rather than weighted by the worlds
// they leave, a shown card is taken from a card already known to be of its
// kind before an unknown one, and the unknown cards are dealt from the
// remaining counts without weighting by how likely the observed plays were
// (players' strategies are not modelled, as in the generic sampler).
#pragma once

#include <memory>
#include <span>

#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"

namespace kibitz::laws_and_disorder {

// Pass-1 draws and replays before the generic sampler takes over.
inline constexpr int kMaxAttempts = 512;
// Replays that all ran past the stream's end within a move before the stream
// is refused as one that stops mid-move.
inline constexpr int kPastEndVerdict = 32;


// Draws into `out` (a LawsAndDisorderState) a world for `seat` from its
// stream alone. Allocates nothing once the calling thread's buffers are
// warm. Throws KibitzError naming the first observation no world explains.
void sample_world(const LawsAndDisorderGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                  State& out);

class LawsAndDisorderWorldSampler final : public WorldSampler {
 public:
  // Draws one world to check the stream (a KibitzError if none explains it)
  // and keeps it.
  LawsAndDisorderWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  // A fresh world; should every attempt fail (never seen in play, but a
  // search draws millions), the world drawn at construction, so that a long
  // search or arena never stops on a stream known to have worlds.
  void sample(Rng& rng, State& out) const override;

 private:
  std::unique_ptr<State> first_world_;
};

}  // namespace kibitz::laws_and_disorder
