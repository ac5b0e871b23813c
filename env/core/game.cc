#include "env/core/game.h"

#include <functional>
#include <numeric>

#include "env/core/error.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"

namespace kibitz {
namespace {
int product(const std::vector<int>& shape) {
  return std::accumulate(shape.begin(), shape.end(), 1, std::multiplies<int>());
}
}  // namespace

Game::Game(std::string name, Params params) : name_(std::move(name)), params_(std::move(params)) {}

int Game::information_state_tensor_size() const {
  int size = information_state_tensor_size_.load(std::memory_order_relaxed);
  if (size < 0) {
    size = product(information_state_tensor_shape());
    information_state_tensor_size_.store(size, std::memory_order_relaxed);
  }
  return size;
}

int Game::observation_tensor_size() const {
  int size = observation_tensor_size_.load(std::memory_order_relaxed);
  if (size < 0) {
    size = product(observation_tensor_shape());
    observation_tensor_size_.store(size, std::memory_order_relaxed);
  }
  return size;
}

std::unique_ptr<State> Game::state_from_history(std::span<const Action> history) const {
  std::unique_ptr<State> state = new_initial_state();
  for (std::size_t i = 0; i < history.size(); ++i) {
    try {
      state->apply_action(history[i]);
    } catch (const KibitzError& e) {
      throw error("history of ", spec(), " breaks at position ", i, ": ", e.what());
    }
  }
  return state;
}

std::unique_ptr<WorldSampler> Game::new_world_sampler(Player seat, std::span<const Observation> stream) const {
  return std::make_unique<ReplayWorldSampler>(shared(), seat, stream);
}

}  // namespace kibitz
