// Agent specs nested through rollout=: each level is built once, however many
// seats and threads the levels above have, and a runaway nesting depth is
// refused before anything is built.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "agents/random/random_agent.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/core/spec.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

// Agents of the test-only "counted" agent (a random agent) built so far.
int counted_builds = 0;

// Registers "counted" once per test binary.
void register_counted_agent() {
  static const bool registered = [] {
    add_agents({AgentInfo{"counted",
                          "a random agent that counts how often it is built",
                          {},
                          [](const Params&, std::shared_ptr<const Game>, std::uint64_t seed) {
                            ++counted_builds;
                            return std::make_unique<RandomAgent>(seed);
                          }}});
    return true;
  }();
  (void)registered;
}

// `levels` ismcts agents, each the rollout of the one above, around `leaf`.
std::string nested_ismcts(int levels, const std::string& params, const std::string& leaf) {
  std::string spec = leaf;
  for (int i = 0; i < levels; ++i) spec = "ismcts(" + params + ",rollout=" + spec + ")";
  return spec;
}

TEST(NestedRollouts, EachLevelBuildsOneAgentOfTheNext) {
  register_counted_agent();
  const auto game = load_game("kuhn_poker");
  // One agent per seat and thread at every level would build
  // (2 seats * (1 check + threads))^levels leaves: 1,024 for five levels of
  // one thread, 7,776 with two threads.
  for (const std::string params : {"sims=1", "sims=1,threads=2"}) {
    for (int levels = 1; levels <= 5; ++levels) {
      SCOPED_TRACE(params + ", " + std::to_string(levels) + " levels");
      counted_builds = 0;
      const auto agent = make_agent(nested_ismcts(levels, params, "counted"), game, 7);
      EXPECT_EQ(counted_builds, 1);
    }
  }
}

TEST(NestedRollouts, LazilyBuiltRolloutAgentsPlayDeterministically) {
  register_counted_agent();
  const auto game = load_game("kuhn_poker");
  const std::string spec = nested_ismcts(3, "sims=3", "counted");
  auto decide = [&] {
    const auto agent = make_agent(spec, game, 11);
    auto state = game->new_initial_state();
    while (state->is_chance_node()) state->apply_action(state->legal_actions()[0]);
    agent->new_game(0);
    return agent->act(SeatView(*state, 0));
  };
  counted_builds = 0;
  const Action first = decide();
  // The rollouts built their seats' agents when first needed.
  EXPECT_GT(counted_builds, 1);
  EXPECT_EQ(decide(), first);
}

TEST(NestedRollouts, ARunawayDepthIsRefusedBeforeAnythingIsBuilt) {
  register_counted_agent();
  const auto game = load_game("kuhn_poker");
  counted_builds = 0;
  // 8,000 levels overflowed the stack while the agents were being built.
  const std::string message =
      error_of([&] { make_agent(nested_ismcts(8000, "sims=1", "counted"), game, 1); });
  EXPECT_NE(message.find("nest 8000 levels deep"), std::string::npos) << message;
  EXPECT_NE(message.find("at most " + std::to_string(kMaxSpecNesting)), std::string::npos)
      << message;
  EXPECT_EQ(counted_builds, 0);
  // The deepest legal spec builds.
  EXPECT_NE(make_agent(nested_ismcts(kMaxSpecNesting, "sims=1", "counted"), game, 1), nullptr);
  EXPECT_FALSE(error_of([&] {
                 make_agent(nested_ismcts(kMaxSpecNesting + 1, "sims=1", "counted"), game, 1);
               }).empty());
}

}  // namespace
}  // namespace kibitz
