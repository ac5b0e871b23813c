// Parameters: defaults, typed values, and errors that name the parameter and
// say what is valid.
#include "env/core/params.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/spec.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

// One parameter of every type, in a fixed declaration order.
std::vector<ParamSpec> declarations() {
  return {ParamSpec::integer("players", 2, 2, 4, "number of seats"),
          ParamSpec::real("temperature", 0.5, 0.0, 1.0, "softness"),
          ParamSpec::boolean("fast", false, "skip the slow part"),
          ParamSpec::choice("mode", "open", {"open", "closed"}, "table mode"),
          ParamSpec::text("label", "none", "free text")};
}

Params validate(const std::string& spec_text) {
  return validate_params("game test", declarations(), parse_spec(spec_text));
}

// The message of the KibitzError that validating `spec_text` throws.
std::string validation_error(const std::string& spec_text) {
  return error_of([&] { validate(spec_text); });
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Params, DefaultsFillEveryDeclaredParameter) {
  const Params params = validate("test");
  EXPECT_EQ(params.get_int("players"), 2);
  EXPECT_EQ(params.get_double("temperature"), 0.5);
  EXPECT_FALSE(params.get_bool("fast"));
  EXPECT_EQ(params.get_string("mode"), "open");
  EXPECT_EQ(params.get_string("label"), "none");
  EXPECT_EQ(params.values().size(), 5u);
  EXPECT_FALSE(params.is_explicit("players"));
}

TEST(Params, ExplicitValuesAreTypedAndMarked) {
  const Params params =
      validate("test(players=4,temperature=0.25,fast=true,mode=closed,label=hi there)");
  EXPECT_EQ(params.get_int("players"), 4);
  EXPECT_EQ(params.get_double("temperature"), 0.25);
  EXPECT_TRUE(params.get_bool("fast"));
  EXPECT_EQ(params.get_string("mode"), "closed");
  EXPECT_EQ(params.get_string("label"), "hi there");
  EXPECT_TRUE(params.is_explicit("players"));
  EXPECT_TRUE(params.is_explicit("label"));
}

TEST(Params, RangeBoundsAreInclusive) {
  EXPECT_EQ(validate("test(players=2)").get_int("players"), 2);
  EXPECT_EQ(validate("test(players=4)").get_int("players"), 4);
  EXPECT_EQ(validate("test(temperature=0)").get_double("temperature"), 0.0);
  EXPECT_EQ(validate("test(temperature=1)").get_double("temperature"), 1.0);
}

TEST(Params, UnknownParameterListsTheValidOnes) {
  const std::string message = validation_error("test(plyers=3)");
  EXPECT_TRUE(contains(message, "game test")) << message;
  EXPECT_TRUE(contains(message, "unknown parameter 'plyers'")) << message;
  for (const char* name : {"players", "temperature", "fast", "mode", "label"}) {
    EXPECT_TRUE(contains(message, name)) << "should list '" << name << "': " << message;
  }
  EXPECT_TRUE(contains(message, "int in [2, 4], default 2"))
      << "should say what is valid: " << message;
}

TEST(Params, UnknownParameterOfAThingWithoutParameters) {
  const std::string message =
      error_of([] { validate_params("game bare", {}, parse_spec("bare(x=1)")); });
  EXPECT_TRUE(contains(message, "unknown parameter 'x'")) << message;
  EXPECT_TRUE(contains(message, "takes no parameters")) << message;
}

TEST(Params, OutOfRange) {
  for (const char* spec : {"test(players=5)", "test(players=1)", "test(players=-3)"}) {
    const std::string message = validation_error(spec);
    EXPECT_TRUE(contains(message, "parameter 'players'")) << message;
    EXPECT_TRUE(contains(message, "out of range")) << message;
    EXPECT_TRUE(contains(message, "int in [2, 4]")) << message;
  }
  const std::string message = validation_error("test(temperature=1.5)");
  EXPECT_TRUE(contains(message, "'temperature'")) << message;
  EXPECT_TRUE(contains(message, "out of range")) << message;
  EXPECT_TRUE(contains(message, "number in [0, 1]")) << message;
}

TEST(Params, WrongType) {
  for (const char* spec :
       {"test(players=two)", "test(players=2.5)", "test(players=3x)", "test(players=0x3)"}) {
    const std::string message = validation_error(spec);
    EXPECT_TRUE(contains(message, "'players'")) << message;
    EXPECT_TRUE(contains(message, "not an integer")) << message;
  }
  for (const char* spec :
       {"test(temperature=warm)", "test(temperature=inf)", "test(temperature=nan)"}) {
    const std::string message = validation_error(spec);
    EXPECT_TRUE(contains(message, "'temperature'")) << message;
    EXPECT_TRUE(contains(message, "not a number")) << message;
  }
  const std::string message = validation_error("test(players=99999999999999999999999)");
  EXPECT_TRUE(contains(message, "not an integer")) << "overflow is not a number: " << message;
}

TEST(Params, BooleanForms) {
  for (const char* yes : {"true", "1", "on"}) {
    EXPECT_TRUE(validate(std::string("test(fast=") + yes + ")").get_bool("fast")) << yes;
  }
  for (const char* no : {"false", "0", "off"}) {
    EXPECT_FALSE(validate(std::string("test(fast=") + no + ")").get_bool("fast")) << no;
  }
  for (const char* bad : {"yes", "True", "2"}) {
    const std::string message = validation_error(std::string("test(fast=") + bad + ")");
    EXPECT_TRUE(contains(message, "'fast'")) << message;
    EXPECT_TRUE(contains(message, "not a boolean")) << message;
    EXPECT_TRUE(contains(message, "true|false")) << message;
  }
}

TEST(Params, ChoicesAreExact) {
  const std::string message = validation_error("test(mode=Open)");
  EXPECT_TRUE(contains(message, "'mode'")) << message;
  EXPECT_TRUE(contains(message, "not one of the choices")) << message;
  EXPECT_TRUE(contains(message, "open|closed")) << "should list the choices: " << message;
}

TEST(Params, ToSpecIsCanonical) {
  // Declaration order and every parameter, whatever the spec's order.
  const Params a = validate("test(mode=closed,players=3)");
  const Params b = validate("test(players=3,mode=closed,fast=false)");
  const std::string expected = "test(players=3,temperature=0.5,fast=false,mode=closed,label=none)";
  EXPECT_EQ(a.to_spec("test"), expected);
  EXPECT_EQ(b.to_spec("test"), expected);
  EXPECT_EQ(validate("test(fast=on)").to_spec("test"),
            "test(players=2,temperature=0.5,fast=true,mode=open,label=none)");
  // A fixed point: validating the canonical spec gives it back.
  EXPECT_EQ(validate(expected).to_spec("test"), expected);
}

TEST(Params, DescribeRange) {
  const std::vector<ParamSpec> d = declarations();
  EXPECT_EQ(d[0].describe_range(), "int in [2, 4], default 2");
  EXPECT_EQ(d[1].describe_range(), "number in [0, 1], default 0.5");
  EXPECT_EQ(d[2].describe_range(), "true|false, default false");
  EXPECT_EQ(d[3].describe_range(), "open|closed, default open");
  EXPECT_EQ(d[4].describe_range(), "text, default 'none'");
}

TEST(ParamsDeathTest, LookupsOfUndeclaredOrMistypedParametersAreBugs) {
  const Params params = validate("test");
  EXPECT_DEATH(params.get_int("plyers"), "'plyers' was never declared");
  EXPECT_DEATH(params.get_bool("players"), "'players' is not a boolean");
  EXPECT_DEATH(params.get_int("temperature"), "'temperature' is not an int");
  EXPECT_DEATH(params.get_double("mode"), "'mode' is not a number");
  EXPECT_DEATH(params.get_string("fast"), "'fast' is not text");
}

}  // namespace
}  // namespace kibitz
