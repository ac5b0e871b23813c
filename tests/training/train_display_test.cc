// What `kibitz train` shows while it runs: the progress line's rate and ETA
// count only this session's work (a resumed run once showed 354,255 steps/s
// and an ETA of 0.3 s for an 11 s session), and the evaluation lines give
// every metric with the same three significant digits.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "tests/training/training_test_util.h"
#include "tools/progress_bar.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

TEST(TrainDisplayTest, RateAndEtaLeaveOutTheWorkBeforeAResume) {
  // Resumed at 3,900,000 of 4,400,000 steps; 110,000 more in 11 s.
  EXPECT_EQ(tools::progress_numbers(4'010'000, 3'900'000, 4'400'000, 11.0, "steps", false),
            "4010000/4400000 steps, 10000 steps/s, ETA 39s");
  EXPECT_EQ(tools::progress_numbers(4'400'000, 3'900'000, 4'400'000, 50.0, "steps", true),
            "4400000/4400000 steps in 50s, 10000 steps/s (resumed at 3900000)");
  // A new run counts from zero; slow rates keep three significant digits.
  EXPECT_EQ(tools::progress_numbers(3, 0, 20, 12.0, "iterations", false),
            "3/20 iterations, 0.25 iterations/s, ETA 1:08");
}

// The number of significant digits of a decimal numeral ("-0.0625": 3).
int significant_digits(const std::string& number) {
  std::string digits;
  for (const char c : number.substr(0, number.find_first_of("eE"))) {
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  }
  const std::size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 1;
  const bool has_point = number.find('.') != std::string::npos;
  std::size_t end = digits.size();
  // Trailing zeros of an integer are not significant ("250": 2).
  if (!has_point) end = digits.find_last_not_of('0') + 1;
  return static_cast<int>(end - first);
}

// The numerals in `text` after its first ':' (the iteration number is before).
std::vector<std::string> numbers_after_colon(const std::string& text) {
  std::vector<std::string> numbers;
  std::string current;
  for (std::size_t i = text.find(':') + 1; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    const bool part = std::isdigit(static_cast<unsigned char>(c)) || c == '.' ||
                      (c == '-' && current.empty()) || (c == 'e' && !current.empty());
    if (part) {
      current += c;
    } else {
      if (!current.empty() && current != "-" && current != ".") numbers.push_back(current);
      current.clear();
    }
  }
  return numbers;
}

TEST(TrainDisplayTest, EvaluationLinesShowThreeSignificantDigits) {
  EXPECT_EQ(significant_digits("-0.0625"), 3);
  EXPECT_EQ(significant_digits("0.136"), 3);
  EXPECT_EQ(significant_digits("250"), 2);
  EXPECT_EQ(significant_digits("0.135723"), 6);
  std::vector<std::string> lines;
  TrainCallbacks callbacks;
  callbacks.log = [&](const std::string& line) { lines.push_back(line); };
  TrainConfig config = testing::kuhn_ppo(testing::fresh_dir("display"), 2);
  config.eval_games = 30;
  train(config, callbacks);
  int evaluations = 0;
  for (const std::string& line : lines) {
    if (line.rfind("iteration ", 0) != 0) continue;
    ++evaluations;
    EXPECT_NE(line.find("NashConv"), std::string::npos) << line;
    const std::vector<std::string> numbers = numbers_after_colon(line);
    EXPECT_GE(numbers.size(), 4u) << line;
    for (const std::string& number : numbers) {
      EXPECT_LE(significant_digits(number), 3) << number << " in: " << line;
    }
  }
  EXPECT_EQ(evaluations, 2);
}

}  // namespace
}  // namespace kibitz::training
