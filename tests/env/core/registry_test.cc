// The game registry: every registered name and test spec loads (STYLE 4: a
// test that builds every registered name), and lookup errors say what exists.
#include "env/core/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "env/core/error.h"
#include "env/core/spec.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Registry, GamesAreSortedUniqueAndDescribed) {
  const auto& games = registered_games();
  ASSERT_FALSE(games.empty());
  EXPECT_TRUE(std::is_sorted(games.begin(), games.end(),
                             [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; }));
  std::set<std::string> names;
  for (const GameInfo& info : games) {
    EXPECT_TRUE(names.insert(info.name).second) << "registered twice: " << info.name;
    EXPECT_EQ(parse_spec(info.name).name, info.name) << "not a valid spec name: " << info.name;
    EXPECT_FALSE(info.title.empty()) << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_TRUE(static_cast<bool>(info.factory)) << info.name;
    EXPECT_FALSE(info.test_specs.empty()) << info.name << " lists no test specs";
    for (const ParamSpec& p : info.params) {
      EXPECT_FALSE(p.help.empty()) << info.name << "." << p.name;
    }
  }
  // registered_games() is built once and handed out by reference.
  EXPECT_EQ(&registered_games(), &games);
}

TEST(Registry, EveryNameAndTestSpecLoads) {
  for (const GameInfo& info : registered_games()) {
    EXPECT_EQ(&find_game(info.name), &info);
    std::shared_ptr<const Game> by_name;
    ASSERT_NO_THROW(by_name = load_game(info.name)) << info.name;
    EXPECT_EQ(by_name->name(), info.name);
    bool default_listed = false;
    for (const std::string& spec : info.test_specs) {
      std::shared_ptr<const Game> game;
      ASSERT_NO_THROW(game = load_game(spec)) << spec;
      EXPECT_EQ(game->name(), info.name) << spec;
      // The canonical spec loads a game with the same canonical spec.
      EXPECT_EQ(load_game(game->spec())->spec(), game->spec()) << spec;
      default_listed = default_listed || game->spec() == by_name->spec();
    }
    EXPECT_TRUE(default_listed) << info.name << ": the test specs must include the default game";
  }
}

TEST(Registry, CanonicalSpecNamesEveryParameter) {
  for (const GameInfo& info : registered_games()) {
    const Spec canonical = parse_spec(load_game(info.name)->spec());
    ASSERT_EQ(canonical.args.size(), info.params.size()) << info.name;
    for (std::size_t i = 0; i < info.params.size(); ++i) {
      EXPECT_EQ(canonical.args[i].first, info.params[i].name);
      EXPECT_EQ(canonical.args[i].second, param_value_to_string(info.params[i].default_value));
    }
  }
}

TEST(Registry, UnknownGameListsTheRegisteredOnes) {
  const std::string message = error_of([] { load_game("no_such_game(players=2)"); });
  EXPECT_TRUE(contains(message, "unknown game 'no_such_game'")) << message;
  for (const GameInfo& info : registered_games()) {
    EXPECT_TRUE(contains(message, info.name)) << "should list " << info.name << ": " << message;
  }
  EXPECT_EQ(error_of([] { find_game("no_such_game"); }),
            error_of([] { load_game("no_such_game"); }));
}

TEST(Registry, UnknownParameterIsNamedWithTheValidOnes) {
  for (const GameInfo& info : registered_games()) {
    const std::string message = error_of([&] { load_game(info.name + "(no_such_parameter=1)"); });
    EXPECT_TRUE(contains(message, "game " + info.name)) << message;
    EXPECT_TRUE(contains(message, "unknown parameter 'no_such_parameter'")) << message;
    for (const ParamSpec& p : info.params) EXPECT_TRUE(contains(message, p.name)) << message;
  }
}

TEST(Registry, BadParameterValueIsNamed) {
  int checked = 0;
  for (const GameInfo& info : registered_games()) {
    for (const ParamSpec& p : info.params) {
      std::string bad;
      if ((p.type == ParamType::kInt || p.type == ParamType::kDouble) && p.max) {
        bad = std::to_string(static_cast<long long>(*p.max) + 1);
      } else if (p.type == ParamType::kBool || p.type == ParamType::kChoice) {
        bad = "not_a_valid_value";
      } else {
        continue;
      }
      const std::string message =
          error_of([&] { load_game(info.name + "(" + p.name + "=" + bad + ")"); });
      EXPECT_TRUE(contains(message, "parameter '" + p.name + "'")) << message;
      EXPECT_TRUE(contains(message, bad)) << "should quote the bad value: " << message;
      ++checked;
    }
  }
  SUCCEED() << checked << " parameters checked";
}

TEST(Registry, BadSpecSyntaxIsAnError) {
  EXPECT_THROW(load_game("kuhn_poker(players=2"), KibitzError);
  EXPECT_THROW(load_game(""), KibitzError);
}

TEST(Registry, EquivalentSpecsGiveEqualGames) {
  for (const GameInfo& info : registered_games()) {
    if (info.params.empty()) continue;
    const ParamSpec& p = info.params.front();
    const std::string explicit_default =
        info.name + "(" + p.name + "=" + param_value_to_string(p.default_value) + ")";
    EXPECT_EQ(load_game(explicit_default)->spec(), load_game(info.name)->spec())
        << explicit_default;
  }
}

// A manifest's examples are shown to people (`kibitz games`, the server's
// page): each must load, be this game's and say what it shows.
TEST(Registry, EveryExampleLoadsAsItsGame) {
  for (const GameInfo& info : registered_games()) {
    for (const GameExample& example : info.examples) {
      std::shared_ptr<const Game> game;
      ASSERT_NO_THROW(game = load_game(example.spec)) << example.spec;
      EXPECT_EQ(game->name(), info.name) << example.spec;
      EXPECT_FALSE(example.what.empty()) << example.spec;
    }
    EXPECT_GE(info.encoder_version, 0) << info.name;
  }
}

TEST(Registry, AGameAddedAfterTheFirstReadIsABug) {
  registered_games();
  GameInfo late = registered_games().front();
  late.name = "late_game";
  EXPECT_DEATH(add_game(late), "after the registry was first read");
}

}  // namespace
}  // namespace kibitz
