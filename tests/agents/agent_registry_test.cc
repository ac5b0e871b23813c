// make_agent: builds registered agents from specs, and its errors say what
// is valid.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "agents/heuristic/heuristic_part.h"
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

// The heuristic is each game's declared part (agents/heuristic/<game>/):
// every part belongs to a registered game and builds there, and a game
// without one is refused with the list of those that have one.
TEST(AgentRegistryTest, TheHeuristicIsEveryGamesDeclaredPart) {
  ASSERT_FALSE(HeuristicParts::entries().empty()) << "no heuristic part linked: cmake/game_parts.cmake";
  for (const GameInfo& game : registered_games()) {
    const auto loaded = load_game(game.test_specs.front());
    if (HeuristicParts::find(game.name) != nullptr) {
      EXPECT_NE(make_agent("heuristic", loaded, 1), nullptr) << game.name;
      continue;
    }
    const std::string message = error_of([&] { make_agent("heuristic", loaded, 1); });
    EXPECT_THAT(message, HasSubstr("no rules for game '" + game.name + "'"));
    for (const auto& entry : HeuristicParts::entries()) EXPECT_THAT(message, HasSubstr(entry.game));
  }
  for (const auto& entry : HeuristicParts::entries()) {
    EXPECT_NO_THROW(find_game(entry.game)) << "a heuristic for an unregistered game: " << entry.game;
    for (const ParamSpec& param : entry.part.params) {
      EXPECT_EQ(param.help.rfind(entry.game + ": ", 0), 0u) << param.name << "'s help does not name its game";
    }
  }
}

}  // namespace
}  // namespace kibitz
