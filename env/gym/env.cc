#include "env/gym/env.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

#include "env/core/error.h"

namespace kibitz::gym {

Rng episode_rng(std::uint64_t seed, std::uint64_t episode) {
  return Rng(seed).child("episode", episode);
}

Action sample_chance_outcome(std::span<const ChanceOutcome> outcomes, Rng& rng) {
  // The platform's reference draw, so this function, Env's own chance steps
  // (State::sample_chance_outcome) and every other sampler agree outcome by
  // outcome: uniform outcomes land at floor(u * n) except where rounding
  // decides a boundary.
  return draw_chance_outcome(outcomes, rng);
}

namespace {

std::shared_ptr<const Game> checked_game(std::shared_ptr<const Game> game) {
  if (!game) throw error("Env needs a game, got none");
  return game;
}

int as_int(std::size_t size) { return static_cast<int>(size); }

}  // namespace

Env::Env(std::shared_ptr<const Game> game, EnvOptions options)
    : Env(std::move(game), options, std::nullopt) {}

Env::Env(std::shared_ptr<const Game> game, EnvOptions options, EnvBuffers buffers)
    : Env(std::move(game), options, std::optional<EnvBuffers>(buffers)) {}

Env::Env(std::shared_ptr<const Game> game, EnvOptions options, std::optional<EnvBuffers> buffers)
    : game_(checked_game(std::move(game))),
      options_(options),
      observation_size_(options.observation == ObservationType::kInformationState
                            ? game_->information_state_tensor_size()
                            : game_->observation_tensor_size()),
      num_actions_(game_->num_distinct_actions()),
      num_players_(game_->num_players()),
      state_(game_->new_initial_state()),
      initial_(game_->new_initial_state()) {
  if (options_.max_steps < 0) {
    throw error("EnvOptions max_steps must be >= 0 (0: no limit), got ", options_.max_steps);
  }
  if (options_.observation == ObservationType::kInformationState && game_->new_seat_knowledge(0) != nullptr) {
    // Built now, with their folds, so that no step or reset allocates.
    feeds_.reserve(static_cast<std::size_t>(num_players_));
    for (Player p = 0; p < num_players_; ++p) {
      feeds_.emplace_back(p, SeatFeed::Keeps::kTensor);
      feeds_.back().knowledge(*game_);
    }
  }
  actions_.reserve(static_cast<std::size_t>(num_actions_));
  transition_rewards_.assign(static_cast<std::size_t>(num_players_), 0.0);
  step_rewards_.assign(static_cast<std::size_t>(num_players_), 0.0);
  if (!buffers) {
    allocate_own_buffers();
    return;
  }
  out_ = *buffers;
  if (as_int(out_.observation.size()) != observation_size_ ||
      as_int(out_.legal_mask.size()) != num_actions_ ||
      as_int(out_.rewards.size()) != num_players_ ||
      as_int(out_.episode_returns.size()) != num_players_) {
    throw error("EnvBuffers for ", game_->spec(), " must hold ", observation_size_,
                " observation, ", num_actions_, " mask, ", num_players_, " reward and ",
                num_players_, " return floats; got ", out_.observation.size(), ", ",
                out_.legal_mask.size(), ", ", out_.rewards.size(), ", ",
                out_.episode_returns.size());
  }
}

void Env::allocate_own_buffers() {
  const auto obs = static_cast<std::size_t>(observation_size_);
  const auto mask = static_cast<std::size_t>(num_actions_);
  const auto seats = static_cast<std::size_t>(num_players_);
  own_storage_.assign(obs + mask + 2 * seats, 0.0f);
  std::span<float> all(own_storage_);
  out_.observation = all.subspan(0, obs);
  out_.legal_mask = all.subspan(obs, mask);
  out_.rewards = all.subspan(obs + mask, seats);
  out_.episode_returns = all.subspan(obs + mask + seats, seats);
}

TimeStep Env::reset(std::uint64_t seed) {
  seed_ = seed;
  episode_ = 0;
  return start_episode();
}

TimeStep Env::reset() {
  if (!started_) throw error("Env::reset() continues a seed's stream: call reset(seed) first");
  ++episode_;
  return start_episode();
}

TimeStep Env::start_episode() {
  initial_->clone_into(*state_);
  for (SeatFeed& feed : feeds_) feed.restart();
  chance_rng_ = episode_rng(seed_, episode_);
  episode_step_ = 0;
  started_ = true;
  first_ = true;
  std::fill(step_rewards_.begin(), step_rewards_.end(), 0.0);
  advance_chance();
  write_outputs();
  return time_step();
}

TimeStep Env::step(Action action) {
  if (!started_) throw error("Env::step before reset: call reset(seed) first");
  if (done_) {
    throw error("Env::step(", action, ") after the episode ended (",
                terminated_ ? "terminated" : "truncated", "): call reset first");
  }
  // Throws, leaving the state unchanged, when the action is illegal.
  state_->apply_action(action);
  first_ = false;
  ++episode_step_;
  std::fill(step_rewards_.begin(), step_rewards_.end(), 0.0);
  add_rewards();
  advance_chance();
  write_outputs();
  return time_step();
}

void Env::add_rewards() {
  state_->rewards(transition_rewards_);
  for (std::size_t i = 0; i < step_rewards_.size(); ++i) step_rewards_[i] += transition_rewards_[i];
}

void Env::advance_chance() {
  while (state_->is_chance_node()) {
    // Drawn by the game itself: the same outcome as sample_chance_outcome
    // over chance_outcomes(), without listing them where the game can.
    state_->apply_action(state_->sample_chance_outcome(chance_rng_));
    add_rewards();
  }
}

void Env::write_outputs() {
  player_ = state_->current_player();
  terminated_ = player_ == kTerminalPlayer;
  truncated_ = !terminated_ && options_.max_steps > 0 && episode_step_ >= options_.max_steps;
  done_ = terminated_ || truncated_;

  if (terminated_) {
    // No seat acts in a terminal state: nothing to observe, nothing legal.
    std::fill(out_.observation.begin(), out_.observation.end(), 0.0f);
    std::fill(out_.legal_mask.begin(), out_.legal_mask.end(), 0.0f);
  } else {
    write_observation();
    std::fill(out_.legal_mask.begin(), out_.legal_mask.end(), 0.0f);
    state_->legal_actions(actions_);
    for (Action a : actions_) out_.legal_mask[static_cast<std::size_t>(a)] = 1.0f;
  }

  for (std::size_t i = 0; i < step_rewards_.size(); ++i) {
    out_.rewards[i] = static_cast<float>(step_rewards_[i]);
  }
  if (done_) {
    state_->returns(transition_rewards_);
    for (std::size_t i = 0; i < transition_rewards_.size(); ++i) {
      out_.episode_returns[i] = static_cast<float>(transition_rewards_[i]);
    }
  } else {
    // Zeros, so a VectorEnv's returns rows read 0 for episodes still running.
    std::fill(out_.episode_returns.begin(), out_.episode_returns.end(), 0.0f);
  }
}

void Env::write_observation() {
  if (!feeds_.empty()) {
    SeatFeed& feed = feeds_[static_cast<std::size_t>(player_)];
    feed.update(*state_);
    feed.knowledge(*game_)->encode(out_.observation);
  } else if (options_.observation == ObservationType::kInformationState) {
    state_->information_state_tensor(player_, out_.observation);
  } else {
    state_->observation_tensor(player_, out_.observation);
  }
}

TimeStep Env::time_step() const {
  TimeStep step;
  step.player = player_;
  step.observation = out_.observation;
  step.legal_mask = out_.legal_mask;
  step.rewards = out_.rewards;
  step.first = first_;
  step.terminated = terminated_;
  step.truncated = truncated_;
  if (done_) step.episode_returns = out_.episode_returns;
  return step;
}

}  // namespace kibitz::gym
