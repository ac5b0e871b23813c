// Metrics lines, the resume truncation of metrics.jsonl, the SVG curve, and
// policy_from_network on Kuhn poker with the mock network.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "agents/neural/mock_network.h"
#include "agents/tabular/exploitability.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "training/metrics.h"
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

TEST(LearningCurveTest, WritesOnePanelPerPresentMetric) {
  const std::string path = fresh_dir("svg") + "/curve.svg";
  std::vector<MetricsRecord> records(3);
  for (int i = 0; i < 3; ++i) {
    records[static_cast<std::size_t>(i)].add("step", i * 100);
    records[static_cast<std::size_t>(i)].add("loss", 1.0 / (i + 1));
  }
  write_learning_curve_svg(path, records, {"loss", "absent"}, "title <x>");
  const std::string svg = read_all(path);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("title &lt;x&gt;"), std::string::npos);
  EXPECT_NE(svg.find("<polyline"), std::string::npos);
  EXPECT_EQ(svg.find("absent"), std::string::npos);
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
