#include "agents/search/belief_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "env/core/error.h"

namespace kibitz {

namespace {

// (sum w)^2 / sum w^2 of the weights exp(l) of log weights `logs`.
double effective_size_of_logs(const std::vector<double>& logs) {
  const double top = *std::max_element(logs.begin(), logs.end());
  if (top == -std::numeric_limits<double>::infinity()) return 0.0;
  double sum = 0.0;
  double squares = 0.0;
  for (double l : logs) {
    const double w = std::exp(l - top);
    sum += w;
    squares += w * w;
  }
  return sum * sum / squares;
}

}  // namespace

BeliefSampler::BeliefSampler(std::shared_ptr<const Game> game, int worlds, double floor,
                             double power, double min_ess, int rounds)
    : game_(std::move(game)),
      worlds_(worlds),
      floor_(floor),
      power_(power),
      min_ess_(min_ess),
      rounds_(rounds) {
  KIBITZ_CHECK(worlds >= 1, "a belief pool needs at least one world, not ", worlds);
  KIBITZ_CHECK(floor >= 0.0 && floor <= 1.0, "belief floor ", floor, " is outside [0, 1]");
  KIBITZ_CHECK(power >= 0.0 && power <= 1.0, "belief power ", power, " is outside [0, 1]");
  KIBITZ_CHECK(min_ess >= 0.0 && min_ess <= 1.0, "belief min_ess ", min_ess,
               " is outside [0, 1]");
  KIBITZ_CHECK(rounds >= 1, "a belief pool needs at least one round, not ", rounds);
  for (int i = 0; i < worlds; ++i) pool_.push_back(game_->new_initial_state());
  weights_.reserve(static_cast<std::size_t>(worlds) * static_cast<std::size_t>(rounds));
  weights_.assign(static_cast<std::size_t>(worlds), 1.0 / worlds);
  initial_ = game_->new_initial_state();
  replay_ = game_->new_initial_state();
}

void BeliefSampler::refill(const SeatView& view, Evaluator& evaluator, Rng& rng,
                           std::optional<std::chrono::steady_clock::time_point> stop_at) {
  EvaluatorBeliefModel model(evaluator);
  refill(view, model, rng, stop_at);
}

void BeliefSampler::refill(const SeatView& view, BeliefModel& model, Rng& rng,
                           std::optional<std::chrono::steady_clock::time_point> stop_at) {
  // weights_ holds log weights until they are normalised below: a product of
  // many small probabilities underflows long before the ratios between
  // worlds do.
  weights_.clear();
  const auto batch = static_cast<std::size_t>(worlds_);
  std::size_t filled = fill(view, model, rng, 0, batch, stop_at);
  const bool flat = floor_ >= 1.0 || power_ <= 0.0;
  for (int round = 1; round < rounds_ && !flat && filled % batch == 0; ++round) {
    if (effective_size_of_logs(weights_) >= min_ess_ * worlds_) break;
    filled = fill(view, model, rng, filled, filled + batch, stop_at);
  }
  normalise();
}

std::size_t BeliefSampler::fill(const SeatView& view, BeliefModel& model, Rng& rng,
                                std::size_t from, std::size_t to,
                                std::optional<std::chrono::steady_clock::time_point> stop_at) {
  const bool flat = floor_ >= 1.0 || power_ <= 0.0;
  // A grown pool keeps its extra worlds for the next refill: no allocation
  // once the pool has reached its largest size.
  while (pool_.size() < to) pool_.push_back(game_->new_initial_state());
  std::size_t filled = from;
  for (; filled < to; ++filled) {
    if (filled > 0 && stop_at && std::chrono::steady_clock::now() >= *stop_at) break;
    view.sample_world(rng, *pool_[filled]);
    weights_.push_back(flat ? 0.0 : power_ * log_likelihood(*pool_[filled], view.seat(), model));
  }
  return filled;
}

void BeliefSampler::normalise() {
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

double BeliefSampler::log_likelihood(const State& world, Player observer, BeliefModel& model) {
  initial_->clone_into(*replay_);
  model.begin_world();
  double log_likelihood = 0.0;
  for (Action action : world.history()) {
    const Player actor = replay_->current_player();
    if (actor >= 0 && actor != observer) {
      replay_->legal_actions(legal_);
      if (legal_.size() > 1) {
        model.policy(*replay_, policy_);
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
