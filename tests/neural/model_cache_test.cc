// The model cache: a checkpoint is read once per process and shared by the
// agents of every thread; a rewritten file, or a run's `latest` pointing at
// a newer checkpoint, is read again; failures are not kept. And the point of
// it: an arena of many games, nn and ismcts_nn on several threads, reads its
// checkpoint once.
#include "agents/neural/model_cache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "agents/neural/neural_agents.h"
#include "env/core/atomic_file.h"
#include "env/core/registry.h"
#include "tests/neural/test_util.h"
#include "tools/arena/arena_runner.h"

namespace kibitz::neural {
namespace {

// The policy and values of `model` on `count` random rows of `game`.
std::vector<float> outputs(PolicyValueFunction& model, const Game& game, int count = 8) {
  std::vector<float> inputs, masks;
  testing::random_rows(game, count, 17, inputs, masks);
  const NetworkShape& shape = model.shape();
  std::vector<float> policy(static_cast<std::size_t>(count * shape.num_actions));
  std::vector<float> values(static_cast<std::size_t>(count * shape.num_players));
  model.evaluate(count, inputs, masks, policy, values);
  policy.insert(policy.end(), values.begin(), values.end());
  return policy;
}

TEST(ModelCache, ReadsACheckpointOncePerProcess) {
  const auto game = load_game("kuhn_poker");
  const std::string dir = testing::temp_dir();
  const std::string path = dir + "/net.ckpt";
  testing::save_fresh_network(path, *game, {16}, 3);
  std::filesystem::create_symlink(path, dir + "/link.ckpt");
  const std::int64_t before = model_cache_reads();
  const auto a = cached_model(path, *game, "cpu");
  const auto b = cached_model(path, *game, "cpu");
  // Another name of the same file is the same file.
  const auto c = cached_model(dir + "/./link.ckpt", *game, "cpu");
  EXPECT_EQ(model_cache_reads() - before, 1);
  // Models of their own (scratch buffers), with the same weights.
  EXPECT_NE(a.get(), b.get());
  EXPECT_EQ(outputs(*a, *game), outputs(*b, *game));
  EXPECT_EQ(outputs(*a, *game), outputs(*c, *game));
  // Another game (its parameters checked against the file) is another entry.
  EXPECT_THROW(cached_model(path, *load_game("kuhn_poker(players=3)"), "cpu"), KibitzError);
}

TEST(ModelCache, ARewrittenCheckpointIsReadAgain) {
  const auto game = load_game("kuhn_poker");
  const std::string path = testing::temp_dir() + "/net.ckpt";
  testing::save_fresh_network(path, *game, {16}, 3);
  const std::int64_t before = model_cache_reads();
  const std::vector<float> first = outputs(*cached_model(path, *game, "cpu"), *game);
  testing::save_fresh_network(path, *game, {16}, 4);  // other weights, same path
  const std::vector<float> second = outputs(*cached_model(path, *game, "cpu"), *game);
  EXPECT_EQ(model_cache_reads() - before, 2);
  EXPECT_NE(first, second);
  cached_model(path, *game, "cpu");
  EXPECT_EQ(model_cache_reads() - before, 2);
}

// A training run rewrites DIR/latest (atomically) to name each new
// checkpoint; an agent built from DIR/latest afterwards plays the new one.
TEST(ModelCache, ARepointedLatestIsReadAgain) {
  const auto game = load_game("kuhn_poker");
  const std::string dir = testing::temp_dir();
  testing::save_fresh_network(dir + "/ckpt-000001.pt", *game, {16}, 5);
  testing::save_fresh_network(dir + "/ckpt-000002.pt", *game, {16}, 6);
  write_file_atomically(dir + "/latest", "ckpt-000001\n");
  const std::vector<float> first = outputs(*cached_model(dir + "/latest", *game, "cpu"), *game);
  write_file_atomically(dir + "/latest", "ckpt-000002\n");
  const std::vector<float> second = outputs(*cached_model(dir + "/latest", *game, "cpu"), *game);
  EXPECT_EQ(first, outputs(*cached_model(dir + "/ckpt-000001.pt", *game, "cpu"), *game));
  EXPECT_EQ(second, outputs(*cached_model(dir + "/ckpt-000002.pt", *game, "cpu"), *game));
  EXPECT_NE(first, second);
}

TEST(ModelCache, AFailureIsReportedEveryTime) {
  const auto game = load_game("kuhn_poker");
  const std::string path = testing::temp_dir() + "/missing.ckpt";
  for (int attempt = 0; attempt < 2; ++attempt) {
    testing::expect_refusal([&] { cached_model(path, *game, "cpu"); }, {"missing.ckpt"});
  }
  testing::save_fresh_network(path, *game, {16}, 3);
  EXPECT_NE(cached_model(path, *game, "cpu"), nullptr);
}

// Models from one cache entry evaluate on several threads at once (each its
// own scratch) and agree with a model used alone.
TEST(ModelCache, SharedWeightsServeManyThreads) {
  const auto game = load_game("leduc_poker");
  const std::string path = testing::temp_dir() + "/net.ckpt";
  testing::save_fresh_network(path, *game, {32, 32}, 8);
  const std::vector<float> expected = outputs(*cached_model(path, *game, "cpu"), *game, 64);
  std::vector<std::vector<float>> results(4);
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
      threads.emplace_back([&, t] {
        const auto model = cached_model(path, *game, "cpu");
        for (int repeat = 0; repeat < 50; ++repeat) results[t] = outputs(*model, *game, 64);
      });
    }
  }
  for (const auto& result : results) EXPECT_EQ(result, expected);
}

// The issue this cache closes: nn and ismcts_nn re-read their checkpoint for
// every arena game. 120 games on two threads, two agents on one file: one
// read. And the results are those of one thread.
TEST(ModelCache, AnArenaOfManyGamesReadsItsCheckpointOnce) {
  register_neural_agents();
  const auto game = load_game("kuhn_poker");
  const std::string path = testing::temp_dir() + "/net.ckpt";
  testing::save_fresh_network(path, *game, {16}, 9);
  const std::int64_t before = model_cache_reads();
  const tools::ArenaSetup setup = tools::make_arena_setup(
      game, {"nn(model=" + path + ")", "ismcts_nn(model=" + path + ",sims=10)", "random"}, 4);
  // The runner keeps no per-game list: collect the returns as games finish.
  auto collect = [](std::vector<std::vector<double>>& into) {
    return [&into](const tools::FinishedArenaGame& finished) { into.push_back(finished.returns); };
  };
  std::vector<std::vector<double>> parallel_returns, serial_returns;
  tools::ArenaRunOptions two;
  two.threads = 2;
  two.on_game = collect(parallel_returns);
  const tools::ArenaResults results = tools::play_arena(setup, 20, two);
  ASSERT_EQ(results.num_finished(), 120);
  EXPECT_EQ(model_cache_reads() - before, 1);
  tools::ArenaRunOptions one;
  one.on_game = collect(serial_returns);
  tools::play_arena(setup, 20, one);
  ASSERT_EQ(serial_returns.size(), 120u);
  for (std::size_t g = 0; g < 120; ++g) {
    ASSERT_EQ(parallel_returns[g], serial_returns[g]) << "game " << g;
  }
  EXPECT_EQ(model_cache_reads() - before, 1);
}

}  // namespace
}  // namespace kibitz::neural
