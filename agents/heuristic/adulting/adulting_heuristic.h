// Rules of thumb for Adulting (env/games/adulting/), read from the seat's
// stream alone: the agent keeps a Table (adulting_table.h) per game and
// feeds it only the observations that arrived since its last decision; the
// decisions themselves are adulting_decisions.h. In short:
//  - bids: the card's worth in mantle points times the money it has per
//    round that probably remains (bid_scale), never more than it has, nor
//    more than one above the richest rival bidder; 0 when the card is worth
//    nothing to it or nobody else bids;
//  - claims: the truth, except a child claims adult with lie_rate;
//  - votes on claims: down when the claimer's adult claims are implausibly
//    many (vote_z), sooner when its winning the card would pass this seat;
//  - scoring: a useful effect card first (money, a Steal on the leader,
//    Qualify for a good card), else the best mantle gain; the third spade
//    only when it wins;
//  - work: declares the truth, or 1-2 more with bluff_rate; ranks challenge
//    contestants by their public qualities;
//  - legal: sues implausible declarations (sue_threshold), appeals and
//    impeaches only on a ruling it knows is wrong, concedes only an
//    inflated declaration, takes extra with extra_rate, calls out extra it
//    saw, votes on the evidence shown, else keeps things as they are.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "agents/agent.h"
#include "agents/heuristic/adulting/adulting_decisions.h"
#include "agents/heuristic/adulting/adulting_table.h"
#include "env/core/rng.h"
#include "env/core/stream_progress.h"
#include "env/games/adulting/adulting_game.h"

namespace kibitz {

class AdultingHeuristic : public Agent {
 public:
  // `game` must be an Adulting game.
  AdultingHeuristic(std::shared_ptr<const Game> game, const adulting::bot::BotParams& params,
                    std::uint64_t seed);

  std::string spec() const override;
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;

  // What the agent knew at its last decision (nullptr before the first):
  // tests check the table it decided from.
  const adulting::bot::Table* table() const { return table_ ? &*table_ : nullptr; }

 private:
  void catch_up(const SeatView& view);
  Action decide(const ActionList& legal);
  Action legal_step(const ActionList& legal);

  std::shared_ptr<const adulting::AdultingGame> game_;
  adulting::bot::BotParams params_;
  Rng rng_;
  std::optional<adulting::bot::Table> table_;
  StreamProgress progress_;  // how much of the seat's stream the table has read
  ActionList legal_;
};

}  // namespace kibitz
