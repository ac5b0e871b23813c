#include "env/gym/vector_env.h"

#include <cstddef>
#include <utility>

#include "env/core/error.h"
#include "env/core/rng.h"

namespace kibitz::gym {
namespace {

std::shared_ptr<const Game> checked_game(std::shared_ptr<const Game> game) {
  if (!game) throw error("VectorEnv needs a game, got none");
  return game;
}

int checked_num_envs(int num_envs) {
  if (num_envs < 1) throw error("VectorEnv num_envs must be >= 1, got ", num_envs);
  return num_envs;
}

std::size_t rows(int num_envs, int width) {
  return static_cast<std::size_t>(num_envs) * static_cast<std::size_t>(width);
}

template <typename T>
BufferView matrix_view(std::vector<T>& buffer, DType dtype, int num_envs, int width) {
  return BufferView{buffer.data(), dtype, 2, {num_envs, width}, {width, 1}};
}

template <typename T>
BufferView column_view(std::vector<T>& buffer, DType dtype, int num_envs) {
  return BufferView{buffer.data(), dtype, 1, {num_envs, 0}, {1, 0}};
}

}  // namespace

VectorEnv::VectorEnv(std::shared_ptr<const Game> game, int num_envs, int threads,
                     EnvOptions options)
    : game_(checked_game(std::move(game))),
      num_envs_(checked_num_envs(num_envs)),
      observation_size_(options.observation == ObservationType::kInformationState
                            ? game_->information_state_tensor_size()
                            : game_->observation_tensor_size()),
      num_actions_(game_->num_distinct_actions()),
      num_players_(game_->num_players()),
      observations_(rows(num_envs_, observation_size_), 0.0f),
      legal_masks_(rows(num_envs_, num_actions_), 0.0f),
      rewards_(rows(num_envs_, num_players_), 0.0f),
      episode_returns_(rows(num_envs_, num_players_), 0.0f),
      players_(rows(num_envs_, 1), kTerminalPlayer),
      first_(rows(num_envs_, 1), 0),
      terminated_(rows(num_envs_, 1), 0),
      truncated_(rows(num_envs_, 1), 0),
      pool_(threads) {
  envs_.reserve(static_cast<std::size_t>(num_envs_));
  auto row = [](std::vector<float>& buffer, int i, int width) {
    return std::span<float>(buffer).subspan(rows(i, width), static_cast<std::size_t>(width));
  };
  for (int i = 0; i < num_envs_; ++i) {
    EnvBuffers buffers{row(observations_, i, observation_size_), row(legal_masks_, i, num_actions_),
                       row(rewards_, i, num_players_), row(episode_returns_, i, num_players_)};
    envs_.push_back(std::make_unique<Env>(game_, options, buffers));
  }
}

const Env& VectorEnv::env(int i) const {
  if (i < 0 || i >= num_envs_) throw error("VectorEnv has envs 0..", num_envs_ - 1, ", not ", i);
  return *envs_[static_cast<std::size_t>(i)];
}

void VectorEnv::write_row(int i, const TimeStep& step) {
  const auto at = static_cast<std::size_t>(i);
  players_[at] = step.player;
  first_[at] = step.first ? 1 : 0;
  terminated_[at] = step.terminated ? 1 : 0;
  truncated_[at] = step.truncated ? 1 : 0;
}

void VectorEnv::reset(std::uint64_t seed) {
  pool_.parallel_for(num_envs_, [&](int begin, int end) {
    for (int i = begin; i < end; ++i) {
      const std::uint64_t env_seed = derive_seed(seed, "env", static_cast<std::uint64_t>(i));
      write_row(i, envs_[static_cast<std::size_t>(i)]->reset(env_seed));
    }
  });
  started_ = true;
}

void VectorEnv::step(std::span<const Action> actions) {
  if (!started_) throw error("VectorEnv::step before reset: call reset(seed) first");
  if (static_cast<int>(actions.size()) != num_envs_) {
    throw error("VectorEnv::step needs ", num_envs_, " actions, one per env; got ", actions.size());
  }
  // Check every action against the masks before any env moves, so that a bad
  // batch changes nothing. On a rejected action, Env::step (which changes
  // nothing either) words the error: the action, the seat and the legal set.
  for (int i = 0; i < num_envs_; ++i) {
    Env& env = *envs_[static_cast<std::size_t>(i)];
    if (env.needs_reset()) continue;
    const Action action = actions[static_cast<std::size_t>(i)];
    const bool legal =
        action >= 0 && action < num_actions_ &&
        legal_masks_[rows(i, num_actions_) + static_cast<std::size_t>(action)] != 0.0f;
    if (legal) continue;
    try {
      env.step(action);
    } catch (const KibitzError& e) {
      throw error("VectorEnv env ", i, ": ", e.what());
    }
    KIBITZ_CHECK(false, "env ", i, " accepted action ", action, " that its mask marks illegal");
  }
  pool_.parallel_for(num_envs_, [&](int begin, int end) {
    for (int i = begin; i < end; ++i) {
      Env& env = *envs_[static_cast<std::size_t>(i)];
      write_row(i,
                env.needs_reset() ? env.reset() : env.step(actions[static_cast<std::size_t>(i)]));
    }
  });
}

BufferView VectorEnv::observations_view() {
  return matrix_view(observations_, DType::kFloat32, num_envs_, observation_size_);
}
BufferView VectorEnv::legal_masks_view() {
  return matrix_view(legal_masks_, DType::kFloat32, num_envs_, num_actions_);
}
BufferView VectorEnv::rewards_view() {
  return matrix_view(rewards_, DType::kFloat32, num_envs_, num_players_);
}
BufferView VectorEnv::episode_returns_view() {
  return matrix_view(episode_returns_, DType::kFloat32, num_envs_, num_players_);
}
BufferView VectorEnv::players_view() { return column_view(players_, DType::kInt32, num_envs_); }
BufferView VectorEnv::first_view() { return column_view(first_, DType::kUInt8, num_envs_); }
BufferView VectorEnv::terminated_view() {
  return column_view(terminated_, DType::kUInt8, num_envs_);
}
BufferView VectorEnv::truncated_view() { return column_view(truncated_, DType::kUInt8, num_envs_); }

}  // namespace kibitz::gym
