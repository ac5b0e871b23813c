// Metrics lines (read strictly: JSON numbers only, finite, no duplicate
// keys), the resume truncation of metrics.jsonl, and policy_from_network on
// Kuhn poker with the mock network.
#include "training/metrics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "agents/neural/mock_network.h"
#include "agents/tabular/exploitability.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "training/policy_extraction.h"

namespace kibitz::training {
namespace {

std::string fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("kibitz_training_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(MetricsRecordTest, RoundTripsThroughJson) {
  MetricsRecord record;
  record.add("iteration", 3);
  record.add("loss", 0.125);
  record.add("pool_mean_return", std::nan(""));
  EXPECT_EQ(record.to_json(), "{\"iteration\":3,\"loss\":0.125,\"pool_mean_return\":null}");
  const MetricsRecord back = parse_metrics_line(record.to_json(), "test");
  ASSERT_EQ(back.values.size(), 3u);
  EXPECT_EQ(*back.find("loss"), 0.125);
  EXPECT_TRUE(std::isnan(*back.find("pool_mean_return")));
  EXPECT_THROW(parse_metrics_line("{\"a\":x}", "test"), KibitzError);
}

// The message of the KibitzError that parsing `line` throws, or "".
std::string refusal_of(const std::string& line) {
  try {
    parse_metrics_line(line, "run/metrics.jsonl:7");
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

TEST(MetricsRecordTest, RefusesNonFiniteNumbersAndDuplicateKeys) {
  for (const char* line : {"{\"loss\":NaN}", "{\"loss\":nan}", "{\"loss\":Infinity}",
                           "{\"loss\":-Infinity}", "{\"loss\":inf}"}) {
    const std::string message = refusal_of(line);
    EXPECT_NE(message.find("run/metrics.jsonl:7"), std::string::npos) << line << ": " << message;
    EXPECT_NE(message.find("non-finite"), std::string::npos) << line << ": " << message;
  }
  const std::string huge = refusal_of("{\"loss\":1e999}");
  EXPECT_NE(huge.find("beyond the range"), std::string::npos) << huge;
  const std::string twice = refusal_of("{\"iteration\":1,\"loss\":0.5,\"loss\":0.25}");
  EXPECT_NE(twice.find("run/metrics.jsonl:7"), std::string::npos) << twice;
  EXPECT_NE(twice.find("duplicate key 'loss'"), std::string::npos) << twice;
}

TEST(MetricsRecordTest, ReadsOnlyJsonNumbers) {
  // What strtod would take but JSON does not, and text after the object.
  for (const char* line :
       {"{\"a\":0x10}", "{\"a\": 1}", "{\"a\":+1}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}",
        "{\"a\":1e}", "{\"a\":}", "{\"a\":1}x", "{\"a\":nullx}", "{\"\":1}"}) {
    EXPECT_NE(refusal_of(line), "") << line;
  }
  const MetricsRecord record =
      parse_metrics_line("{\"a\":-0.5,\"b\":1e-3,\"c\":2E+5,\"d\":0,\"e\":null}", "test");
  ASSERT_EQ(record.values.size(), 5u);
  EXPECT_EQ(*record.find("a"), -0.5);
  EXPECT_EQ(*record.find("b"), 1e-3);
  EXPECT_EQ(*record.find("c"), 2e5);
  EXPECT_EQ(*record.find("d"), 0.0);
  // Unprintable bytes in a damaged line are shown escaped.
  const std::string damaged = refusal_of(std::string("{\"a\":\x01\x1b[2J}"));
  EXPECT_NE(damaged.find("\\x1b"), std::string::npos) << damaged;
  EXPECT_EQ(damaged.find('\x1b'), std::string::npos) << damaged;
}

TEST(MetricsLogTest, ResumeRefusesADamagedLineNamingFileAndLine) {
  const std::string path = fresh_dir("log_damaged") + "/metrics.jsonl";
  std::ofstream(path) << "{\"iteration\":1,\"step\":10}\n{\"iteration\":2,\"loss\":Infinity}\n";
  try {
    MetricsLog log(path, 2);
    ADD_FAILURE() << "a line with Infinity was read";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":2"), std::string::npos) << e.what();
  }
  // A folder in its place is named as such, not read.
  const std::string folder = fresh_dir("log_folder") + "/metrics.jsonl";
  std::filesystem::create_directories(folder);
  try {
    MetricsLog log(folder, 2);
    ADD_FAILURE() << "a folder was read as metrics";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
}

TEST(MetricsLogTest, ResumeKeepsLinesThroughTheCheckpoint) {
  const std::string path = fresh_dir("log") + "/metrics.jsonl";
  {
    MetricsLog log(path, -1);
    for (int i = 1; i <= 4; ++i) {
      MetricsRecord record;
      record.add("iteration", i);
      record.add("step", 10 * i);
      log.append(record);
    }
  }
  MetricsLog resumed(path, 2);
  EXPECT_EQ(resumed.records().size(), 2u);
  EXPECT_EQ(read_all(path), "{\"iteration\":1,\"step\":10}\n{\"iteration\":2,\"step\":20}\n");
}

TEST(PolicyFromNetworkTest, CoversEveryKuhnInformationState) {
  const auto game = load_game("kuhn_poker");
  neural::MockNetwork network(neural::network_shape_for(*game, {}), 7);
  const TabularPolicy policy = policy_from_network(*game, network);
  EXPECT_EQ(policy.size(), 12u);  // 3 cards x 4 betting histories
  const ExploitabilityReport report = exploitability(*game, policy);
  EXPECT_GT(report.nash_conv, 0.0);
  EXPECT_THROW(policy_from_network(*game, network, 10), KibitzError);
}

}  // namespace
}  // namespace kibitz::training
