// kibitz review's core: every decision of one seat set against an engine
// (an agent that values each legal action: the search agents), built from
// the seat's stream alone. Each replicate is an agent of its own seed in a
// SeatSession of its own (tools/engine/seat_session.h): it draws its worlds
// from the stream as the seat could, so the review cannot read the true
// state, whichever record the stream came from.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "tools/review/decision_review.h"
#include "tools/review/seat_decisions.h"

namespace kibitz::tools {

struct ReviewOptions {
  std::string agent = "ismcts";
  // Per decision in all; each replicate gets its share (at least one
  // simulation, or one millisecond). Its stop flag, when given, goes to
  // every search and is read between decisions: once set, the review ends
  // with a KibitzError (a review of searches cut short would misjudge).
  ActBudget budget;
  int replicates = 4;
  std::uint64_t seed = 1;
  // Called after each decision with (decisions done, decisions in all).
  std::function<void(std::size_t, std::size_t)> progress;
};

struct SeatReview {
  std::string game;
  Player seat = 0;
  std::string agent;  // the engine's spec, every parameter written
  std::string budget;  // per decision, as said ("400 simulations"; "the agent's own")
  int replicates = 0;
  std::vector<DecisionReview> decisions;
  // Over the decisions whose loss is known: the mean loss (in the game's
  // return units) and the accuracy, 100 x (1 - the mean share of the spread
  // lost, counting only losses beyond the noise) (docs/review.md).
  int valued = 0;
  double mean_loss = 0.0;
  double accuracy = 100.0;
  int count(Verdict verdict) const;
};

// Reviews every decision of `seat_game`. Throws KibitzError naming the
// problem: a bad agent spec, an agent that values no action, a stream its
// game's sampler refuses, a decision where the stream does not put the seat
// to act.
SeatReview review_seat(const SeatGame& seat_game, const ReviewOptions& options);
// The same on `game`, already loaded (seat_game.game is then not read):
// for a caller that has the game (a web table), so no spec is loaded again.
SeatReview review_seat(std::shared_ptr<const Game> game, const SeatGame& seat_game, const ReviewOptions& options);

}  // namespace kibitz::tools
