#include "agents/search/belief_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "env/core/error.h"

namespace kibitz {

BeliefSampler::BeliefSampler(std::shared_ptr<const Game> game, int worlds, double floor,
                             double power)
    : floor_(floor), power_(power) {
  KIBITZ_CHECK(worlds >= 1, "a belief pool needs at least one world, not ", worlds);
  KIBITZ_CHECK(floor >= 0.0 && floor <= 1.0, "belief floor ", floor, " is outside [0, 1]");
  KIBITZ_CHECK(power >= 0.0 && power <= 1.0, "belief power ", power, " is outside [0, 1]");
  for (int i = 0; i < worlds; ++i) pool_.push_back(game->new_initial_state());
  weights_.assign(static_cast<std::size_t>(worlds), 1.0 / worlds);
  initial_ = game->new_initial_state();
  replay_ = game->new_initial_state();
}

void BeliefSampler::refill(const SeatView& view, Evaluator& evaluator, Rng& rng,
                           std::optional<std::chrono::steady_clock::time_point> stop_at) {
  KIBITZ_CHECK(evaluator.has_prior(), "belief weighting needs an evaluator with a policy");
  // weights_ holds log weights until they are normalised below: a product of
  // many small probabilities underflows long before the ratios between
  // worlds do. Its capacity is the pool's, so resizing allocates nothing.
  const bool flat = floor_ >= 1.0 || power_ <= 0.0;
  weights_.resize(pool_.size());
  std::size_t filled = 0;
  for (; filled < pool_.size(); ++filled) {
    if (filled > 0 && stop_at && std::chrono::steady_clock::now() >= *stop_at) break;
    view.sample_world(rng, *pool_[filled]);
    weights_[filled] = flat ? 0.0 : power_ * log_likelihood(*pool_[filled], view.seat(), evaluator);
  }
  weights_.resize(filled);
  const double top = *std::max_element(weights_.begin(), weights_.end());
  if (top == -std::numeric_limits<double>::infinity()) {
    // The model cannot explain any world drawn (floor 0): weigh them alike.
    std::fill(weights_.begin(), weights_.end(), 1.0 / static_cast<double>(weights_.size()));
    return;
  }
  double total = 0.0;
  for (double& w : weights_) {
    w = std::exp(w - top);
    total += w;
  }
  for (double& w : weights_) w /= total;
}

double BeliefSampler::log_likelihood(const State& world, Player observer, Evaluator& evaluator) {
  initial_->clone_into(*replay_);
  double log_likelihood = 0.0;
  for (Action action : world.history()) {
    const Player actor = replay_->current_player();
    if (actor >= 0 && actor != observer) {
      replay_->legal_actions(legal_);
      if (legal_.size() > 1) {
        evaluator.policy(*replay_, policy_);
        const auto made = std::find(legal_.begin(), legal_.end(), action) - legal_.begin();
        KIBITZ_CHECK(static_cast<std::size_t>(made) < legal_.size(), "sampled world's move ",
                     action, " is not legal in its own history");
        const double uniform = 1.0 / static_cast<double>(legal_.size());
        const double p =
            (1.0 - floor_) * policy_[static_cast<std::size_t>(made)] + floor_ * uniform;
        // A floor of 0 can give a probability of 0: such a world weighs 0.
        log_likelihood += p > 0.0 ? std::log(p) : -std::numeric_limits<double>::infinity();
      }
    }
    replay_->apply_action(action);
  }
  return log_likelihood;
}

void BeliefSampler::draw(Rng& rng, State& out) const {
  pool_[rng.sample_index(weights_)]->clone_into(out);
}

double BeliefSampler::effective_size() const {
  double sum = 0.0;
  double squares = 0.0;
  for (double w : weights_) {
    sum += w;
    squares += w * w;
  }
  return squares > 0.0 ? sum * sum / squares : 0.0;
}

}  // namespace kibitz
