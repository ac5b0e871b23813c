// Evaluator: the seam through which search values a leaf (STYLE 6). Random
// rollouts, rollouts played by another agent, a mock for tests and, later, a
// LibTorch network all plug into the same ISMCTS through this one interface.
//
// An evaluator only ever sees worlds that the search itself sampled from the
// acting seat's information set (SeatView::sample_world), never the true
// state, so nothing it reads can leak hidden cards into a decision.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/search/rollout_limit.h"
#include "agents/search/seat_players.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz {

// Values a sampled full state for every seat, optionally with a prior over the
// actions of the seat to act. One instance serves one search thread.
class Evaluator {
 public:
  virtual ~Evaluator() = default;

  // Writes into `values` (size num_players) an estimate of each seat's final
  // return from `world`, a non-terminal full state sampled by the search.
  // The evaluator may advance `world` (a rollout plays it to the end): the
  // search reads nothing from it afterwards. `rng` is the search thread's
  // generator; all randomness must come from it or from seeds given at
  // construction. When `prior` is not null (only if has_prior() and `world`
  // is at a player node), also writes one probability per legal action, in
  // the order of world.legal_actions() before the call, summing to 1.
  virtual void evaluate(State& world, Rng& rng, std::span<double> values,
                        std::vector<double>* prior) = 0;

  // Whether evaluate() can fill a prior. Search then selects with PUCT
  // (prior-weighted exploration) instead of UCB1.
  virtual bool has_prior() const { return false; }

  // The policy of the seat to act in `world` (a player node of a sampled
  // world), read from that seat's own information state: one probability per
  // action of world.legal_actions(), summing to 1. Search uses it as the
  // model of the other seats (SearchSettings::model_opponents). Only called
  // when has_prior(); the default refuses.
  virtual void policy(const State& world, std::vector<double>& out);

  // Like evaluate() without a prior, but the values are those `seat`
  // estimates from its own information state, whoever is to act in `world`.
  // Like evaluate(), it may advance `world` first (the network evaluator
  // plays on to `seat`'s next decision). Search uses it to value every leaf
  // from the searching seat's view (SearchSettings::searcher_values). Only
  // called when has_prior(); the default refuses.
  virtual void seat_values(State& world, Player seat, Rng& rng, std::span<double> values);
};

// Builds one evaluator per search thread; `seed` seeds what it builds (agents
// for agent rollouts). Evaluators keep scratch buffers, so threads never
// share one.
using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>(std::uint64_t seed)>;

// Plays the world to the end, or to where `limit` stops it: chance by its
// probabilities, every seat uniformly among its legal actions. The values
// are the world's returns there: the final ones, or at a cut what has been
// paid so far (State::returns), which is all a plain rollout knows of a
// world it stops in. The world stops logging its observations first
// (State::stop_logging): no rollout move reads a stream, and the log is
// most of a random move's cost.
class RandomRolloutEvaluator : public Evaluator {
 public:
  explicit RandomRolloutEvaluator(RolloutLimit limit = {}) : cut_(limit) {}

  void evaluate(State& world, Rng& rng, std::span<double> values,
                std::vector<double>* prior) override;

 private:
  ActionList actions_;
  RolloutCut cut_;
};

// Plays the world to the end (or to where `limit` stops it, scored by the
// returns paid so far) with one agent per seat, each acting through the
// SeatView of the rollout world (allowed: the world is already a sample, so
// the agents see nothing the searching seat could not have imagined). Each
// seat's view is fed (SeatFeed) through the rollout: its stream is read whole
// once when the rollout starts, then only what each move adds, so a long
// rollout does not rebuild the stream at every decision.
//
// The agents are SeatPlayers (seat_players.h): each built the first time its
// seat acts in a rollout, so nested rollout specs
// ("ismcts(rollout=ismcts(...))") build only what they use.
class AgentRolloutEvaluator : public Evaluator {
 public:
  // The agents will be make_agent(agent_spec, game, ...), one per seat,
  // seeded by children of `seed`. The spec is not checked here:
  // make_rollout_factory checks it once.
  AgentRolloutEvaluator(std::string agent_spec, std::shared_ptr<const Game> game,
                        std::uint64_t seed, RolloutLimit limit = {});

  void evaluate(State& world, Rng& rng, std::span<double> values,
                std::vector<double>* prior) override;

 private:
  SeatPlayers players_;
  RolloutCut cut_;
};

// An outcome drawn with its probability: the core's reference draw
// (draw_chance_outcome in env/core/state.h), so it picks what
// State::sample_chance_outcome picks for the same generator state. For
// callers that need the listed outcomes anyway; the others call the State's.
Action sample_chance_outcome(const ChanceOutcomeList& outcomes, Rng& rng);

// The factory for a `rollout=` parameter: "random" gives the built-in random
// rollout (the same distribution as the random agent, without its overhead);
// any other text is an agent spec for AgentRolloutEvaluator. A bad spec
// throws KibitzError at once, naming `owner` (e.g. "agent ismcts"): the spec
// is checked by building its agent once, so a nested spec builds one agent
// per level.
// `limit` says where the rollouts stop.
EvaluatorFactory make_rollout_factory(const std::string& owner, const std::string& rollout,
                                      std::shared_ptr<const Game> game, RolloutLimit limit = {});

}  // namespace kibitz
