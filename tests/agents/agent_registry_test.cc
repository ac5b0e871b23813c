// make_agent: builds registered agents from specs, and its errors say what
// is valid.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

using ::testing::HasSubstr;

std::string spec_error(const std::string& spec) {
  return error_of([&] { make_agent(spec, load_game("kuhn_poker"), 1); });
}

// Every agent builds by its bare name for at least one registered game (some,
// like `heuristic`, exist only for certain games), and a game it does not
// support is refused with a KibitzError, never a crash.
TEST(AgentRegistryTest, BuildsEveryRegisteredAgentByName) {
  ASSERT_FALSE(registered_agents().empty());
  for (const AgentInfo& info : registered_agents()) {
    int built = 0;
    for (const GameInfo& game : registered_games()) {
      try {
        const auto agent = make_agent(info.name, load_game(game.test_specs.front()), 1);
        ASSERT_NE(agent, nullptr) << info.name << " on " << game.name;
        EXPECT_EQ(agent->spec().substr(0, info.name.size()), info.name);
        ++built;
      } catch (const KibitzError& e) {
        EXPECT_FALSE(std::string(e.what()).empty()) << info.name;
      }
    }
    EXPECT_GT(built, 0) << info.name << " builds for no registered game";
  }
}

TEST(AgentRegistryTest, UnknownAgentListsTheRegisteredOnes) {
  const std::string message = spec_error("randm");
  EXPECT_THAT(message, HasSubstr("unknown agent 'randm'"));
  for (const AgentInfo& info : registered_agents()) EXPECT_THAT(message, HasSubstr(info.name));
}

TEST(AgentRegistryTest, BadParameterIsNamed) {
  EXPECT_THAT(spec_error("random(sims=3)"), HasSubstr("sims"));
  EXPECT_THAT(spec_error("random("), ::testing::Not(::testing::IsEmpty()));
}

}  // namespace
}  // namespace kibitz
