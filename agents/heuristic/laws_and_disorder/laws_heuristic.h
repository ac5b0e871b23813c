// Rules of thumb for Laws and Disorder (env/games/laws_and_disorder/), read
// from the seat's stream alone: the agent keeps the game's Knowledge
// (knowledge.h) and feeds it only the observations that arrived since its
// last decision; what a law is worth is env/games/laws_and_disorder/valuation.h (its effect on my
// monies against the leader's), the choices laws_decisions.h. The step is
// read off the legal actions: end-turn is offered only in the main step,
// law cards and end-law only while building, picks and recipients each in
// their own range.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "agents/agent.h"
#include "agents/heuristic/laws_and_disorder/laws_decisions.h"
#include "env/core/rng.h"
#include "env/core/stream_progress.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"

namespace kibitz {

class LawsHeuristic : public Agent {
 public:
  // `game` must be a Laws and Disorder game.
  LawsHeuristic(std::shared_ptr<const Game> game, const laws_and_disorder::LawsParams& params,
                std::uint64_t seed);

  std::string spec() const override;
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;
  // Where exact ties were broken at random, the policy is uniform over the
  // tied moves (a belief model or behavior cloning reads it); null where the
  // choice had no tie.
  const DecisionInfo* last_decision() const override {
    return decision_.policy.empty() ? nullptr : &decision_;
  }

  // What the agent knew at its last decision (nullptr before the first).
  const laws_and_disorder::Knowledge* knowledge() const { return knowledge_ ? &*knowledge_ : nullptr; }

 private:
  void catch_up(const SeatView& view);
  Action decide(const ActionList& legal);

  std::shared_ptr<const laws_and_disorder::LawsAndDisorderGame> game_;
  laws_and_disorder::LawsParams params_;
  Rng rng_;
  laws_and_disorder::bot::TieBreaker ties_{rng_};  // draws from rng_
  DecisionInfo decision_;
  std::optional<laws_and_disorder::Knowledge> knowledge_;
  StreamProgress progress_;  // how much of the seat's stream knowledge_ holds
  ActionList legal_;
};

}  // namespace kibitz
