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
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "agents/search/evaluator.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"

namespace kibitz {

class BeliefSampler {
 public:
  // A pool of `worlds` (at least 1); `floor` and `power` in [0, 1].
  BeliefSampler(std::shared_ptr<const Game> game, int worlds, double floor, double power);

  // Draws a fresh pool from the view's information set and weights it with
  // `evaluator`'s policy (the evaluator must have one: has_prior()). With
  // `stop_at`, the pool stops growing once that time has passed, at one
  // world at least: a decision's time budget covers its belief pool (the
  // search gives it half of the time left), so a pool cannot outlast it.
  void refill(const SeatView& view, Evaluator& evaluator, Rng& rng,
              std::optional<std::chrono::steady_clock::time_point> stop_at = std::nullopt);

  // Copies a pool world, drawn by weight, into `out`.
  void draw(Rng& rng, State& out) const;

  // The worlds of the current pool: the constructor's count, or fewer when
  // refill ran out of time.
  int size() const { return static_cast<int>(weights_.size()); }
  const State& world(int index) const { return *pool_[static_cast<std::size_t>(index)]; }
  // The world's weight; the weights of a pool sum to 1.
  double weight(int index) const { return weights_[static_cast<std::size_t>(index)]; }
  // (sum w)^2 / sum w^2: how many equally weighted worlds the pool is worth.
  // Near 1 means one world takes nearly all the weight.
  double effective_size() const;

 private:
  // log of the product described above, for `world` seen by `observer`.
  double log_likelihood(const State& world, Player observer, Evaluator& evaluator);

  double floor_;
  double power_;
  std::vector<std::unique_ptr<State>> pool_;
  std::vector<double> weights_;
  std::unique_ptr<State> initial_;  // the game's initial state, kept to replay from
  std::unique_ptr<State> replay_;   // a pool world's history replayed move by move
  ActionList legal_;
  std::vector<double> policy_;
};

}  // namespace kibitz
