// VectorEnv: N Envs of one game stepped as a batch on a ThreadPool, writing
// every output into contiguous row-major buffers that a torch tensor (or any
// array library) can wrap without a copy: the EnvPool model.
//
// Buffers (row i belongs to env i; strides in elements, row-major):
//   observations     float32 [N, observation_size]
//   legal_masks      float32 [N, num_actions]
//   rewards          float32 [N, num_players]
//   episode_returns  float32 [N, num_players]  (non-zero only on a row that is done)
//   players          int32   [N]  seat to act, kTerminalPlayer (-4) when terminated
//   first            uint8   [N]  1: the row shows the first time step of an episode
//   terminated       uint8   [N]
//   truncated        uint8   [N]
// Row i after any call holds exactly what Env::TimeStep of env i says.
//
// Auto-reset (EnvPool style): a step that ends env i's episode reports the
// final rewards, flags and returns. On the next step(), env i ignores its
// action and starts its next episode (the next in its own seed stream),
// reporting first = 1, zero rewards and the new episode's first observation.
//
// Determinism: env i's stream seed is derive_seed(seed, "env", i) for
// reset(seed), and its k-th episode samples chance from episode_rng of that
// seed and k. No env reads another's data, so the buffers are a function of
// the seed and the actions alone, whatever the thread count.
//
// Lifetime: the buffers live as long as the VectorEnv and never move; every
// reset and step overwrites them in place.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "env/core/game.h"
#include "env/core/types.h"
#include "env/gym/env.h"
#include "env/gym/thread_pool.h"

namespace kibitz::gym {

// Element type of a batch buffer (torch: kFloat32, kInt32, kUInt8 or kBool).
enum class DType { kFloat32, kInt32, kUInt8 };

// A batch buffer as an array library sees it: torch::from_blob(data,
// {shape, rank}, {strides, rank}, dtype) wraps it without a copy.
struct BufferView {
  void* data = nullptr;
  DType dtype = DType::kFloat32;
  int rank = 0;
  std::array<std::int64_t, 2> shape{};
  std::array<std::int64_t, 2> strides{};  // in elements, not bytes
};

// A batch of Envs with auto-reset; see the top of this file.
class VectorEnv {
 public:
  // num_envs >= 1 and threads >= 1 (threads = 1 creates no threads), else
  // KibitzError; every Env gets `options`.
  VectorEnv(std::shared_ptr<const Game> game, int num_envs, int threads = 1,
            EnvOptions options = {});

  // Resets every env: env i starts episode 0 of derive_seed(seed, "env", i).
  void reset(std::uint64_t seed);
  // One action per env (ignored for an env that is about to auto-reset).
  // Every action is checked before any env moves: an illegal one throws
  // KibitzError naming the env and the action, and changes nothing.
  void step(std::span<const Action> actions);

  int num_envs() const { return num_envs_; }
  int threads() const { return pool_.size(); }
  int observation_size() const { return observation_size_; }
  int num_actions() const { return num_actions_; }
  int num_players() const { return num_players_; }
  const Game& game() const { return *game_; }
  // Env i, for inspection (its state, seed and episode).
  const Env& env(int i) const;

  // The buffers, flat (row-major, row i at i * row size).
  std::span<const float> observations() const { return observations_; }
  std::span<const float> legal_masks() const { return legal_masks_; }
  std::span<const float> rewards() const { return rewards_; }
  std::span<const float> episode_returns() const { return episode_returns_; }
  std::span<const std::int32_t> players() const { return players_; }
  std::span<const std::uint8_t> first() const { return first_; }
  std::span<const std::uint8_t> terminated() const { return terminated_; }
  std::span<const std::uint8_t> truncated() const { return truncated_; }

  // The same buffers with shapes and strides, for zero-copy wrapping.
  BufferView observations_view();
  BufferView legal_masks_view();
  BufferView rewards_view();
  BufferView episode_returns_view();
  BufferView players_view();
  BufferView first_view();
  BufferView terminated_view();
  BufferView truncated_view();

 private:
  // Copies env i's TimeStep flags into the per-row int buffers.
  void write_row(int i, const TimeStep& step);

  std::shared_ptr<const Game> game_;
  int num_envs_;
  int observation_size_;
  int num_actions_;
  int num_players_;
  bool started_ = false;

  std::vector<float> observations_;
  std::vector<float> legal_masks_;
  std::vector<float> rewards_;
  std::vector<float> episode_returns_;
  std::vector<std::int32_t> players_;
  std::vector<std::uint8_t> first_;
  std::vector<std::uint8_t> terminated_;
  std::vector<std::uint8_t> truncated_;

  std::vector<std::unique_ptr<Env>> envs_;
  ThreadPool pool_;
};

}  // namespace kibitz::gym
