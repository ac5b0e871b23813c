// Helpers shared by the training tests: scratch folders, whole files, a
// run's metrics, and the tiny PPO configuration on Kuhn poker they start from.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "training/metrics.h"
#include "training/train_config.h"
#include "training/trainer.h"

namespace kibitz::training::testing {

// An empty path under the temporary folder, unique to this test process
// (removed first if an earlier run left it; not created).
inline std::string fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("kibitz_train_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir.string();
}

inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_all(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

inline std::vector<MetricsRecord> read_metrics(const std::string& dir) {
  std::ifstream in(dir + "/" + kMetricsFile);
  std::vector<MetricsRecord> records;
  std::string line;
  while (std::getline(in, line)) records.push_back(parse_metrics_line(line, "test"));
  return records;
}

// A tiny, fast PPO configuration on Kuhn poker: checkpoints every 2
// iterations, an opponent pool of 2 played in 30% of the episodes.
inline TrainConfig kuhn_ppo(const std::string& dir, std::int64_t iterations) {
  TrainConfig config;
  config.game_spec = "kuhn_poker";
  config.out_dir = dir;
  config.iterations = iterations;
  config.seed = 11;
  config.hidden = {16};
  config.lr = 0.01;
  config.envs = 8;
  config.batch = 256;
  config.minibatch = 64;
  config.eval_every = 1;
  config.eval_games = 4;
  config.checkpoint_every = 2;
  config.pool_size = 2;
  config.pool_probability = 0.3;
  return config;
}

}  // namespace kibitz::training::testing
