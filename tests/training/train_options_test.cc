// The option table of kibitz train (training/train_options.h) drives the
// flags, validate() and the logged options line: every option is a flag
// showing TrainConfig{}'s default, every range is enforced at its bounds with
// the message the table writes, and the logged line, given back to the
// command, trains the same run.
#include "training/train_options.h"

#include <gtest/gtest.h>

#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "env/core/error.h"
#include "tests/support/error_of.h"
#include "tests/training/training_test_util.h"
#include "tools/command.h"

namespace kibitz::training {
namespace {

const tools::Command& train_command() {
  for (const tools::Command& command : tools::commands()) {
    if (std::string(command.name) == "train") return command;
  }
  throw std::logic_error("no train command");
}

TEST(TrainOptions, EveryOptionIsAFlagShowingItsDefault) {
  ::testing::internal::CaptureStdout();
  train_command().run({"--help"});
  const std::string help = ::testing::internal::GetCapturedStdout();
  const TrainConfig defaults;
  for (const TrainOption& option : train_options()) {
    std::string expected = "--" + std::string(option.flag);
    // Switches (--resume, --force) take no value and show no default.
    if (!option.value_name.empty()) {
      expected += " " + std::string(option.value_name);
      if (option.show_default) expected += " (=" + option_value(option, defaults).value() + ")";
    }
    EXPECT_NE(help.find(expected + " "), std::string::npos) << expected << " in:\n" << help;
  }
}

// Sets a numeric option's field to `value`.
void set_number(const TrainOption& option, TrainConfig& config, double value) {
  std::visit(
      [&](const auto& field) {
        using F = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<F, int TrainConfig::*>) {
          config.*field = static_cast<int>(value);
        } else if constexpr (std::is_same_v<F, std::int64_t TrainConfig::*>) {
          config.*field = static_cast<std::int64_t>(value);
        } else if constexpr (std::is_same_v<F, double TrainConfig::*> ||
                             std::is_same_v<F, std::optional<double> TrainConfig::*>) {
          config.*field = value;
        } else {
          FAIL() << option.flag << " has a range but is not a number";
        }
      },
      option.field);
}

bool is_integer(const TrainOption& option) {
  return std::holds_alternative<int TrainConfig::*>(option.field) ||
         std::holds_alternative<std::int64_t TrainConfig::*>(option.field);
}

TEST(TrainOptions, RangesAreEnforcedAtTheirBoundsWithTheTablesMessage) {
  TrainConfig base = testing::kuhn_ppo("/unused", 1);
  ASSERT_NO_THROW(validate(base));
  int checked = 0;
  for (const TrainOption& option : train_options()) {
    for (const auto& [bound, below] :
         {std::pair{option.low, true}, std::pair{option.high, false}}) {
      if (!bound) continue;
      const double step = is_integer(option) ? 1.0 : 1e-9;
      const double outside = below ? bound->value - step : bound->value + step;
      const std::string flag = "--" + std::string(option.flag);
      TrainConfig config = base;
      set_number(option, config, bound->value);
      EXPECT_EQ(error_of([&] { validate(config); }),
                bound->open ? flag + ": " + range_text(option) : "")
          << flag << " at " << bound->value;
      set_number(option, config, outside);
      EXPECT_EQ(error_of([&] { validate(config); }), flag + ": " + range_text(option))
          << flag << " at " << outside;
      ++checked;
    }
  }
  EXPECT_GE(checked, 25);
  // NaN is in no range.
  TrainConfig config = base;
  config.lr = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(error_of([&] { validate(config); }), "--lr: must be in (0, 1)");
}

TEST(TrainOptions, TextFieldsReadBackWhatTheyWrite) {
  TrainConfig config;
  config.algorithm = Algorithm::kExpertIteration;
  config.exit_expert = ExitExpert::kRollout;
  config.seed = std::numeric_limits<std::uint64_t>::max();
  config.hidden = {7, 3};
  TrainConfig read;
  for (const TrainOption& option : train_options()) {
    if (const auto* text = std::get_if<TextField>(&option.field)) {
      text->parse(text->format(config), read);
    }
  }
  EXPECT_EQ(read.algorithm, config.algorithm);
  EXPECT_EQ(read.exit_expert, config.exit_expert);
  EXPECT_EQ(read.seed, config.seed);
  EXPECT_EQ(read.hidden, config.hidden);
  EXPECT_EQ(error_of([&] { parse_seed("18446744073709551616"); }),
            "--seed: '18446744073709551616' is not a non-negative integer below 2^64");
}

// The options line a run logs, handed back to the command, trains the same
// run: metrics and network byte for byte.
TEST(TrainOptions, TheLoggedOptionsLineRepeatsTheRun) {
  TrainConfig config = testing::kuhn_ppo(testing::fresh_dir("options_direct"), 2);
  config.eval_every = 0;
  config.checkpoint_every = 1;
  config.batch = 128;
  config.entropy_coef_final = 0.005;
  config.average = 0.5;
  std::vector<std::string> logged;
  TrainCallbacks callbacks;
  callbacks.log = [&](const std::string& line) { logged.push_back(line); };
  train(config, callbacks);
  ASSERT_FALSE(logged.empty());
  EXPECT_EQ(logged.front(), "options: " + describe_options(config));

  TrainConfig again = config;
  again.out_dir = testing::fresh_dir("options_command");
  const std::string line = describe_options(again);
  ASSERT_EQ(line.find('\''), std::string::npos) << line;
  std::vector<std::string> args;
  std::istringstream words(line);
  for (std::string word; words >> word;) args.push_back(word);
  args.push_back("--quiet");
  ::testing::internal::CaptureStdout();
  const int status = train_command().run(args);
  ::testing::internal::GetCapturedStdout();
  ASSERT_EQ(status, tools::kExitOk);
  EXPECT_EQ(testing::read_all(config.out_dir + "/" + kMetricsFile),
            testing::read_all(again.out_dir + "/" + kMetricsFile));
  EXPECT_TRUE(testing::read_all(config.out_dir + "/ckpt-000002.pt") ==
              testing::read_all(again.out_dir + "/ckpt-000002.pt"));
}

}  // namespace
}  // namespace kibitz::training
