// The runs of the distributed-training tests: a plan names a small run on
// Kuhn poker (PPO or expert iteration) and its rank; the same plan becomes a
// TrainConfig in the test, in a rank spawned as a child of the test binary
// (its plan in an environment variable), or the flags of the kibitz binary.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "training/distributed/dist_config.h"
#include "training/train_config.h"
#include "training/train_options.h"

// A build without gloo's headers has no distributed training (its refusal
// is tested in dist_flags_test.cc): the tests that run ranks skip.
#define KIBITZ_SKIP_WITHOUT_GLOO()                                            \
  do {                                                                        \
    if (!::kibitz::training::distributed::build_has_gloo()) {                 \
      GTEST_SKIP() << "this build has no Gloo backend (install libgloo-dev)"; \
    }                                                                         \
  } while (false)

namespace kibitz::training::testing {

// The environment variable that holds a spawned rank's plan.
inline constexpr const char* kPlanVariable = "KIBITZ_DIST_TEST_PLAN";

struct RankPlan {
  std::string algo = "ppo";  // "ppo" or "exit"
  int world_size = 1;
  int rank = 0;
  int port = 0;
  std::string out;
  std::int64_t iterations = 4;
  std::uint64_t seed = 5;
  bool resume = false;
  double timeout = 10;
  std::int64_t batch = 256;  // PPO: decisions per iteration, over all ranks
  std::string trace;         // a spawned rank writes "iteration hash" lines here
};

// One line of "key=value" words (paths without spaces: temporary folders).
inline std::string encode(const RankPlan& plan) {
  std::ostringstream text;
  text << "algo=" << plan.algo << " world=" << plan.world_size << " rank=" << plan.rank
       << " port=" << plan.port << " out=" << plan.out << " iterations=" << plan.iterations
       << " seed=" << plan.seed << " resume=" << plan.resume << " timeout=" << plan.timeout
       << " batch=" << plan.batch << " trace=" << plan.trace;
  return text.str();
}

inline RankPlan decode(const std::string& line) {
  RankPlan plan;
  std::istringstream words(line);
  for (std::string word; words >> word;) {
    const std::size_t equals = word.find('=');
    const std::string key = word.substr(0, equals);
    const std::string value = word.substr(equals + 1);
    if (key == "algo") plan.algo = value;
    if (key == "world") plan.world_size = std::stoi(value);
    if (key == "rank") plan.rank = std::stoi(value);
    if (key == "port") plan.port = std::stoi(value);
    if (key == "out") plan.out = value;
    if (key == "iterations") plan.iterations = std::stoll(value);
    if (key == "seed") plan.seed = std::stoull(value);
    if (key == "resume") plan.resume = value == "1";
    if (key == "timeout") plan.timeout = std::stod(value);
    if (key == "batch") plan.batch = std::stoll(value);
    if (key == "trace") plan.trace = value;
  }
  return plan;
}

// Tiny nets, no evaluation, a checkpoint every 2 iterations; PPO with an
// opponent pool of 2 (so the pool's copies on every rank are exercised).
inline TrainConfig config_of(const RankPlan& plan) {
  TrainConfig config;
  config.game_spec = "kuhn_poker";
  config.algorithm = plan.algo == "exit" ? Algorithm::kExpertIteration : Algorithm::kPpo;
  config.out_dir = plan.out;
  config.iterations = plan.iterations;
  config.seed = plan.seed;
  config.resume = plan.resume;
  config.hidden = {8};
  config.lr = 0.01;
  config.eval_every = 0;
  config.checkpoint_every = 2;
  config.epochs = 2;
  config.envs = 8;
  config.batch = static_cast<int>(plan.batch);
  config.minibatch = 64;
  config.pool_size = 2;
  config.pool_probability = 0.3;
  config.exit_games = 12;
  config.sims = 16;
  config.exit_window = 2;
  config.world_size = plan.world_size;
  config.rank = plan.rank;
  if (plan.world_size > 1) config.master = "127.0.0.1:" + std::to_string(plan.port);
  config.dist_timeout = plan.timeout;
  if (plan.algo == "exit") config.minibatch = 16;
  return config;
}

// The plan as flags of the kibitz binary: "train --game kuhn_poker ...".
inline std::vector<std::string> kibitz_args(const RankPlan& plan) {
  std::vector<std::string> args = {"train"};
  std::istringstream words(describe_options(config_of(plan)));
  for (std::string word; words >> word;) args.push_back(word);
  args.push_back("--quiet");
  return args;
}

}  // namespace kibitz::training::testing
