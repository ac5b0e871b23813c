// Spec strings: parsing, nesting, canonical text, and errors that name the
// problem.
#include "env/core/spec.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "env/core/error.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

using Args = std::vector<std::pair<std::string, std::string>>;

// The message of the KibitzError that parsing `text` throws ("" if none).
std::string parse_error(const std::string& text) {
  return error_of([&] { parse_spec(text); });
}

TEST(Spec, PlainName) {
  const Spec spec = parse_spec("kuhn_poker");
  EXPECT_EQ(spec.name, "kuhn_poker");
  EXPECT_TRUE(spec.args.empty());
  EXPECT_EQ(spec.to_string(), "kuhn_poker");
}

TEST(Spec, ArgumentsKeepTheirOrderAndLoseSurroundingSpaces) {
  const Spec spec = parse_spec("  leduc_poker( players = 3 ,raise=2 ) ");
  EXPECT_EQ(spec.name, "leduc_poker");
  EXPECT_EQ(spec.args, (Args{{"players", "3"}, {"raise", "2"}}));
  EXPECT_EQ(spec.to_string(), "leduc_poker(players=3,raise=2)");
}

TEST(Spec, EmptyParenthesesMeanNoArguments) {
  const Spec spec = parse_spec("kuhn_poker()");
  EXPECT_EQ(spec.name, "kuhn_poker");
  EXPECT_TRUE(spec.args.empty());
  EXPECT_EQ(spec.to_string(), "kuhn_poker");
}

TEST(Spec, NestedSpecsStayWhole) {
  const Spec spec =
      parse_spec("ismcts(evaluator=nn(model=a.pt,batch=8),sims=800,rollout=r(x=f(y=1)))");
  EXPECT_EQ(spec.name, "ismcts");
  EXPECT_EQ(
      spec.args,
      (Args{{"evaluator", "nn(model=a.pt,batch=8)"}, {"sims", "800"}, {"rollout", "r(x=f(y=1))"}}));
  const Spec inner = parse_spec(spec.args[0].second);
  EXPECT_EQ(inner.name, "nn");
  EXPECT_EQ(inner.args, (Args{{"model", "a.pt"}, {"batch", "8"}}));
}

TEST(Spec, CanonicalTextParsesBackToTheSameSpec) {
  for (const char* text : {"a", "a(b=1)", "a(b=1,c=x(d=2,e=y()))", "game_2(k=v)"}) {
    const Spec spec = parse_spec(text);
    const Spec again = parse_spec(spec.to_string());
    EXPECT_EQ(again.name, spec.name) << text;
    EXPECT_EQ(again.args, spec.args) << text;
  }
}

TEST(Spec, MissingClosingParenthesis) {
  const std::string message = parse_error("kuhn_poker(players=2");
  EXPECT_NE(message.find("missing closing ')'"), std::string::npos) << message;
  EXPECT_NE(message.find("kuhn_poker(players=2"), std::string::npos)
      << "quotes the spec: " << message;
}

TEST(Spec, UnbalancedParentheses) {
  EXPECT_NE(parse_error("a(b=c(d=1)").find("unbalanced '('"), std::string::npos);
  EXPECT_NE(parse_error("a(b=1))").find("unbalanced ')'"), std::string::npos);
}

// "a(x=a(x=...a(x=1)...))" with `levels` pairs of parentheses.
std::string nested_spec(int levels) {
  std::string text = "1";
  for (int i = 0; i < levels; ++i) text = "a(x=" + text + ")";
  return text;
}

TEST(Spec, NestingUpToTheLimitParses) {
  const Spec spec = parse_spec(nested_spec(kMaxSpecNesting));
  EXPECT_EQ(spec.args[0].second, nested_spec(kMaxSpecNesting - 1));
}

TEST(Spec, DeeperNestingIsRefusedNamingTheLimit) {
  const std::string message = parse_error(nested_spec(kMaxSpecNesting + 1));
  EXPECT_NE(message.find("nest " + std::to_string(kMaxSpecNesting + 1) + " levels deep"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("at most " + std::to_string(kMaxSpecNesting) + " levels"),
            std::string::npos)
      << message;
  // 8,000 levels (which overflowed the stack when agents were built from
  // it): refused at once, and the message shows only the start of the spec.
  const std::string huge = parse_error(nested_spec(8000));
  EXPECT_NE(huge.find("nest 8000 levels deep"), std::string::npos) << huge.substr(0, 300);
  EXPECT_LT(huge.size(), 300u);
}

TEST(Spec, DuplicateKey) {
  const std::string message = parse_error("kuhn_poker(players=2,players=3)");
  EXPECT_NE(message.find("'players' is given twice"), std::string::npos) << message;
}

TEST(Spec, SameKeyInsideANestedSpecIsNotADuplicate) {
  const Spec spec = parse_spec("a(x=b(x=1),y=2)");
  EXPECT_EQ(spec.args, (Args{{"x", "b(x=1)"}, {"y", "2"}}));
}

TEST(Spec, EmptyValue) {
  const std::string message = parse_error("kuhn_poker(players=)");
  EXPECT_NE(message.find("'players' has no value"), std::string::npos) << message;
  EXPECT_NE(parse_error("kuhn_poker(players=  )").find("has no value"), std::string::npos);
}

TEST(Spec, MissingEqualsSign) {
  const std::string message = parse_error("kuhn_poker(players)");
  EXPECT_NE(message.find("'players' should be key=value"), std::string::npos) << message;
  EXPECT_NE(parse_error("a(b=1,)").find("should be key=value"), std::string::npos);
}

TEST(Spec, BadNames) {
  EXPECT_NE(parse_error("kuhn-poker").find("expected a name"), std::string::npos);
  EXPECT_NE(parse_error("").find("expected a name"), std::string::npos);
  EXPECT_NE(parse_error("kuhn poker(players=2)").find("'kuhn poker' is not a name"),
            std::string::npos);
  EXPECT_NE(parse_error("(players=2)").find("is not a name"), std::string::npos);
  const std::string message = parse_error("kuhn_poker(num-players=2)");
  EXPECT_NE(message.find("'num-players' is not a parameter name"), std::string::npos) << message;
}

}  // namespace
}  // namespace kibitz
