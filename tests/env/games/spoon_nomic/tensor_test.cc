// Spoon Nomic's information-state tensor (knowledge.h, write_tensor) is a
// network's input (manifest.cc declares the encoder): every value stays in
// [-1, 1], the range agents/neural/checkpoint.h bounds a network's layers
// by, at every move of random games of every test spec, for every seat.
// Points and proposed changes are the negative ones.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz::spoon_nomic {
namespace {

TEST(SpoonTensor, StaysInUnitRangeOverRandomGames) {
  int positions = 0;
  bool negative = false;
  for (const std::string& spec : find_game("spoon_nomic").test_specs) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    std::vector<float> tensor(static_cast<std::size_t>(game->information_state_tensor_size()));
    for (int g = 0; g < 10; ++g) {
      Rng rng = Rng(29).child(spec, static_cast<std::uint64_t>(g));
      auto state = game->new_initial_state();
      ActionList actions;
      while (!state->is_terminal()) {
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          state->legal_actions(actions);
          state->apply_action(actions[rng.uniform_int(actions.size())]);
        }
        for (Player seat = 0; seat < game->num_players(); ++seat) {
          state->information_state_tensor(seat, tensor);
          for (std::size_t i = 0; i < tensor.size(); ++i) {
            ASSERT_LE(std::abs(tensor[i]), 1.0f) << "P" << seat << " tensor[" << i << "] at " << state->to_string();
            negative = negative || tensor[i] < 0.0f;
          }
        }
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, 1000);
  EXPECT_TRUE(negative) << "no negative value seen: the test would not notice a sign lost";
}

}  // namespace
}  // namespace kibitz::spoon_nomic
