#include "web/table_spec.h"

#include <gtest/gtest.h>

#include <string>

#include "env/core/error.h"

namespace kibitz::web {
namespace {

// The message of the KibitzError that planning `spec` throws ("" if none).
std::string plan_error(const TableSpec& spec, TableSpecRules rules = {}) {
  try {
    plan_table(spec, rules, 1);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

TEST(TableSpecTest, PlansPeopleAndAgents) {
  const TablePlan plan = plan_table({"kuhn_poker", {"human", "ismcts(sims=10)"}}, {}, 7);
  ASSERT_EQ(plan.seats.size(), 2u);
  EXPECT_TRUE(plan.seats[0].human());
  EXPECT_FALSE(plan.seats[1].human());
  EXPECT_EQ(plan.seats[1].label, "ismcts(sims=10)");
  EXPECT_EQ(plan.game->name(), "kuhn_poker");
}

TEST(TableSpecTest, RefusalsNameTheProblem) {
  EXPECT_NE(plan_error({"no_such_game", {"human", "human"}}).find("no_such_game"), std::string::npos);
  const std::string count = plan_error({"kuhn_poker", {"human"}});
  EXPECT_NE(count.find("gives 1 seat but"), std::string::npos) << count;
  const std::string agent = plan_error({"kuhn_poker", {"human", "telepath"}});
  EXPECT_NE(agent.find("seat 1"), std::string::npos) << agent;
  EXPECT_NE(agent.find("telepath"), std::string::npos) << agent;
  const std::string param = plan_error({"kuhn_poker", {"ismcts(simz=3)", "human"}});
  EXPECT_NE(param.find("seat 0"), std::string::npos) << param;
  EXPECT_NE(param.find("simz"), std::string::npos) << param;
  EXPECT_NE(plan_error({"kuhn_poker", {"human(x=1)", "human"}}).find("human takes no parameters"),
            std::string::npos);
  EXPECT_NE(plan_error({"", {}}).find("no game"), std::string::npos);
}

// More in spec_policy_test.cc.
TEST(TableSpecTest, EngineAgentsAreRefused) {
  const std::string top = plan_error({"kuhn_poker", {"engine(cmd=/bin/sh)", "human"}});
  EXPECT_NE(top.find("runs a program on the server"), std::string::npos) << top;
  const std::string nested = plan_error({"kuhn_poker", {"ismcts(rollout=engine (cmd=x))", "human"}});
  EXPECT_NE(nested.find("runs a program on the server"), std::string::npos) << nested;
}

TEST(TableSpecTest, SeatLimitIsEnforced) {
  TableSpecRules rules;
  rules.max_seats = 1;
  const std::string message = plan_error({"kuhn_poker", {"human", "human"}}, rules);
  EXPECT_NE(message.find("limit of 1 seats"), std::string::npos) << message;
}

TEST(TableSpecTest, ReadsJsonRequests) {
  const TableSpec spec = parse_table_spec_json(R"({"game":"leduc_poker","seats":["human","random"]})");
  EXPECT_EQ(spec.game, "leduc_poker");
  EXPECT_EQ(spec.seats, (std::vector<std::string>{"human", "random"}));
  auto json_error = [](const std::string& text) {
    try {
      parse_table_spec_json(text);
    } catch (const KibitzError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(json_error("{").find("malformed JSON"), std::string::npos);
  EXPECT_NE(json_error(R"({"game":"x"})").find("missing \"seats\""), std::string::npos);
  EXPECT_NE(json_error(R"({"game":"x","seats":[],"z":1})").find("unknown field \"z\""), std::string::npos);
  EXPECT_NE(json_error(R"({"game":1,"seats":[]})").find("\"game\" must be a string"), std::string::npos);
  EXPECT_NE(json_error(R"({"game":"x","seats":[2]})").find("every seat must be a string"),
            std::string::npos);
}

}  // namespace
}  // namespace kibitz::web
