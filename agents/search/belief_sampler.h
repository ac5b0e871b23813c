// BeliefSampler: worlds from a seat's information set, weighted by how likely
// the other seats' own moves were in each of them.
//
// SeatView::sample_world draws the worlds a seat cannot rule out as if the
// other seats' hidden choices (cards kept, cards played face down) and their
// open moves said nothing about their hidden cards. They do: a seat played
// as it did because of what it held. Under a model of the other seats (the
// evaluator's policy, read from each seat's own information state in the
// sampled world), a world in which they would likely have made the moves
// they made is the likelier world.
//
// The sampler draws a pool of worlds and weights each by the product, over
// the other seats' decisions so far, of the model's probability of the move
// made. Each probability is first mixed with a uniform choice among the legal
// moves (`floor`), so a move the model calls impossible makes a world
// unlikely instead of ruling it out: the real opponents are not the model.
// The product may be raised to a power below 1 (tempering): most of a card
// game's other-seat moves are hidden choices that the uniform sampler draws
// blindly, so the full product swings by orders of magnitude between worlds
// and a handful of them take most of the weight. (In Loyalist Spies the full
// product, power 1, still played best: docs/PERFORMANCE.md.) Simulations then
// draw their world from the pool by weight (importance resampling). With
// power 0 or floor 1 every weight is equal: a plain uniform sample.
//
// When the other seats' moves say much, a few worlds take nearly all the
// weight and the pool is worth little more than those few (its effective
// size, below). With `min_ess` the sampler then draws another pool's worth
// of worlds, up to `rounds` pools in all, until the effective size reaches
// min_ess times `worlds`: every world is drawn from the same uniform
// sampler and weighed alike, so a larger pool is simply a larger sample.
//
// The model of the other seats is a BeliefModel (belief_model.h): the
// search evaluator's policy, or an agent spec such as the heuristic.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "agents/search/belief_model.h"
#include "agents/search/evaluator.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"

namespace kibitz {

class BeliefSampler {
 public:
  // A pool of `worlds` (at least 1); `floor`, `power` and `min_ess` in
  // [0, 1]; `rounds` at least 1 (1: the pool never grows).
  BeliefSampler(std::shared_ptr<const Game> game, int worlds, double floor, double power,
                double min_ess = 0.0, int rounds = 1);

  // Draws a fresh pool from the view's information set and weights it with
  // `model`, growing it while its effective size is short (see above). With
  // `stop_at`, the pool stops growing once that time has passed, at one
  // world at least: a decision's time budget covers its belief pool (the
  // search gives it half of the time left), so a pool cannot outlast it.
  void refill(const SeatView& view, BeliefModel& model, Rng& rng,
              std::optional<std::chrono::steady_clock::time_point> stop_at = std::nullopt);
  // The same with the evaluator's own policy (it must have one: has_prior()).
  void refill(const SeatView& view, Evaluator& evaluator, Rng& rng,
              std::optional<std::chrono::steady_clock::time_point> stop_at = std::nullopt);

  // Copies a pool world, drawn by weight, into `out`.
  void draw(Rng& rng, State& out) const;

  // The worlds of the current pool: the constructor's count, fewer when
  // refill ran out of time, or a multiple of it when the pool grew.
  int size() const { return static_cast<int>(weights_.size()); }
  const State& world(int index) const { return *pool_[static_cast<std::size_t>(index)]; }
  // The world's weight; the weights of a pool sum to 1.
  double weight(int index) const { return weights_[static_cast<std::size_t>(index)]; }
  // (sum w)^2 / sum w^2: how many equally weighted worlds the pool is worth.
  // Near 1 means one world takes nearly all the weight.
  double effective_size() const;

 private:
  // Draws and weighs worlds [from, to) of the pool, stopping early at
  // `stop_at` (after one world at least overall); returns the end reached.
  std::size_t fill(const SeatView& view, BeliefModel& model, Rng& rng, std::size_t from,
                   std::size_t to, std::optional<std::chrono::steady_clock::time_point> stop_at);
  // log of the product described above, for `world` seen by `observer`.
  double log_likelihood(const State& world, Player observer, BeliefModel& model);
  // Turns weights_ from log weights into weights that sum to 1.
  void normalise();

  std::shared_ptr<const Game> game_;
  int worlds_;
  double floor_;
  double power_;
  double min_ess_;
  int rounds_;
  std::vector<std::unique_ptr<State>> pool_;
  std::vector<double> weights_;
  std::unique_ptr<State> initial_;  // the game's initial state, kept to replay from
  std::unique_ptr<State> replay_;   // a pool world's history replayed move by move
  ActionList legal_;
  std::vector<double> policy_;
};

}  // namespace kibitz
