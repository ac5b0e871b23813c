// BeliefModel: the model of the other seats that a belief pool
// (belief_sampler.h) is weighted by: for a seat to act in a sampled world,
// how likely each of its legal moves was.
//
// Two models:
// - the search evaluator's own policy (a network read from the acting
//   seat's information state in the world): EvaluatorBeliefModel;
// - any agent spec, asked to act for that seat on its own view of the world
//   (AgentBeliefModel). The agent's reported distribution is the
//   probability when it reports one (search agents: visit shares); an agent
//   that reports none (the heuristics) counts as putting all its weight on
//   the move it chose. A heuristic that breaks a tie or bluffs at random
//   then gives a 0-or-1 draw whose mean is its true probability, and since
//   each draw is independent, the product over a world's moves is an
//   unbiased estimate of the world's likelihood: noisier than the exact
//   one, not biased. `random` is known exactly: uniform over the legal
//   moves.
//
// A model only ever sees the worlds the searching seat sampled, and each
// seat of a world through that seat's own view (SeatFeed): nothing of the
// true state reaches it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/search/evaluator.h"
#include "agents/search/seat_players.h"
#include "env/core/game.h"
#include "env/core/state.h"

namespace kibitz {

class BeliefModel {
 public:
  virtual ~BeliefModel() = default;

  // A sampled world's history is about to be replayed from the game's
  // start: a model that follows a game (agents with per-game memory, seat
  // feeds) starts afresh.
  virtual void begin_world() {}

  // The probability of each of world.legal_actions(), in that order, for
  // the seat to act in `world` (a player node reached by replaying the
  // current world since begin_world()); they sum to 1.
  virtual void policy(const State& world, std::vector<double>& out) = 0;
};

// The evaluator's policy (Evaluator::policy; it must have one).
class EvaluatorBeliefModel : public BeliefModel {
 public:
  explicit EvaluatorBeliefModel(Evaluator& evaluator);
  void policy(const State& world, std::vector<double>& out) override;

 private:
  Evaluator& evaluator_;
};

// An agent per seat, built from `spec`, acting on each seat's own view.
class AgentBeliefModel : public BeliefModel {
 public:
  // `spec` must build for `game` (make_belief_model checks it).
  AgentBeliefModel(std::string spec, std::shared_ptr<const Game> game, std::uint64_t seed);

  void begin_world() override;
  void policy(const State& world, std::vector<double>& out) override;

 private:
  bool uniform_;          // the spec is `random`: no agent needed
  SeatPlayers players_;   // through the replayed world
  ActionList legal_;
};

// Builds the model of `spec` for a search engine; a spec that does not
// build for `game` is an error naming `owner` and the parameter.
std::unique_ptr<BeliefModel> make_belief_model(const std::string& owner, const std::string& spec,
                                               std::shared_ptr<const Game> game,
                                               std::uint64_t seed,
                                               const std::string& parameter = "belief_model");

}  // namespace kibitz
