// The models in training/models/ (docs/training.md, "Trained models") are
// what the README's main job plays: they must load into their games, and the
// Leduc policy file must keep the NashConv its README states.
#include <gtest/gtest.h>

#include <string>

#include "agents/neural/network.h"
#include "agents/tabular/exploitability.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/registry.h"

namespace kibitz::training {
namespace {

const std::string kModels = std::string(KIBITZ_SOURCE_DIR) + "/training/models/";

TEST(ShippedModelsTest, LeducPolicyIsBelowTheTargetNashConv) {
  const auto game = load_game("leduc_poker");
  const TabularPolicy policy = load_policy(kModels + "leduc_poker/policy.txt", *game);
  const double nash_conv = exploitability(*game, policy).nash_conv;
  EXPECT_LT(nash_conv, 0.5);
  EXPECT_NEAR(nash_conv, 0.498202949853, 1e-6);  // training/models/leduc_poker/README.md
}

TEST(ShippedModelsTest, ModelsLoadIntoTheirGames) {
  const auto leduc = load_game("leduc_poker");
  EXPECT_NO_THROW(neural::load_network(kModels + "leduc_poker/model.pt", *leduc));
  const auto spies = load_game("loyalist_spies(rounds=1)");
  EXPECT_NO_THROW(neural::load_network(kModels + "loyalist_spies/model.pt", *spies));
  // The PPO stage, which the expert-iteration stage starts from (--init).
  EXPECT_NO_THROW(neural::load_network(kModels + "loyalist_spies/ppo/model.pt", *spies));
  const auto adulting = load_game("adulting(players=4,variant=bidding)");
  EXPECT_NO_THROW(neural::load_network(kModels + "adulting/model.pt", *adulting));
  const auto laws = load_game("laws_and_disorder(players=4)");
  EXPECT_NO_THROW(neural::load_network(kModels + "laws_and_disorder/model.pt", *laws));
  EXPECT_ANY_THROW(neural::load_network(kModels + "laws_and_disorder/model.pt", *adulting));
  const auto tea = load_game("tea_game");
  EXPECT_NO_THROW(neural::load_network(kModels + "tea_game/model.pt", *tea));
  const auto spoon = load_game("spoon_nomic");
  EXPECT_NO_THROW(neural::load_network(kModels + "spoon_nomic/model.pt", *spoon));
  EXPECT_ANY_THROW(neural::load_network(kModels + "tea_game/model.pt", *spoon));
  // And each refuses the other game.
  EXPECT_ANY_THROW(neural::load_network(kModels + "leduc_poker/model.pt", *spies));
}

}  // namespace
}  // namespace kibitz::training
