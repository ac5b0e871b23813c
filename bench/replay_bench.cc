// kibitz_replay_bench: replay records written and read per second, in
// cereal portable binary with framing and checksums, to memory and to a file
// (the issue-5 target: at least 100,000 single-round Loyalist Spies replays
// per second each way), and the stored size of a game.
//
// Each spec gets a pool of kPoolSize random games (seeded), recorded once
// before timing. Benchmarks, per spec:
//   encode_memory   append_frame into a reused buffer (one iteration, one game)
//   decode_memory   ReplayReader over the frames in memory (one game)
//   write_file      ReplayWriter: the pool to a new file, closed (renamed)
//   read_file       ReplayReader: the pool back from that file
//   record          Recorder::on_action + finish while the game's history is
//                   re-applied (the game's own apply_action cost included)
// Counters: items_per_second is games per second; bytes_per_game is the mean
// frame size (header included), the stored size of a game. The "+annotated"
// specs give every seat move a DecisionInfo like a search agent's (a policy
// over the legal actions, a value, two statistics).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench/random_playout.h"
#include "env/core/registry.h"
#include "replays/record_codec.h"
#include "replays/recorder.h"
#include "replays/replay_reader.h"
#include "replays/replay_writer.h"

namespace kibitz::bench {
namespace {

constexpr std::uint64_t kSeed = 20261123;
constexpr std::size_t kPoolSize = 1024;

// What a search agent reports at a decision, for the annotated pools.
DecisionInfo search_like_decision(const State& state, PlayoutBuffers& buffers) {
  state.legal_actions(buffers.actions);
  DecisionInfo info;
  for (const Action action : buffers.actions) {
    info.policy.emplace_back(action, 1.0 / static_cast<double>(buffers.actions.size()));
  }
  info.has_value = true;
  info.value = 0.1;
  info.stats = {{"simulations", 800.0}, {"tree_nodes", 5000.0}};
  return info;
}

// Random games of one spec as records, and the same games framed.
struct Pool {
  Pool(const std::string& spec, bool annotated) {
    const std::shared_ptr<const Game> game = load_game(spec);
    const std::vector<std::string> labels(static_cast<std::size_t>(game->num_players()), "random");
    PlayoutBuffers buffers(*game);
    Rng rng(kSeed);
    for (std::size_t i = 0; i < kPoolSize; ++i) {
      replays::Recorder recorder(*game, kSeed, labels, labels);
      std::unique_ptr<State> state = game->new_initial_state();
      while (!state->is_terminal()) {
        const Action action = random_move(*state, rng, buffers);
        if (annotated && !state->is_chance_node()) {
          const DecisionInfo info = search_like_decision(*state, buffers);
          recorder.on_action(*state, action, &info);
        } else {
          recorder.on_action(*state, action);
        }
        state->apply_action(action);
      }
      records.push_back(recorder.finish(*state));
      replays::append_frame(records.back(), frames);
    }
    bytes_per_game = static_cast<double>(frames.size()) / static_cast<double>(kPoolSize);
  }

  std::vector<replays::ReplayRecord> records;
  std::string frames;
  double bytes_per_game = 0.0;
};

// Built on first use, so filtering benchmarks skips building unused pools.
class LazyPool {
 public:
  LazyPool(std::string spec, bool annotated) : spec_(std::move(spec)), annotated_(annotated) {}
  const Pool& get() {
    if (!pool_) pool_ = std::make_unique<Pool>(spec_, annotated_);
    return *pool_;
  }
  const std::string& spec() const { return spec_; }

 private:
  std::string spec_;
  bool annotated_;
  std::unique_ptr<Pool> pool_;
};

std::string bench_file_path() {
  return (std::filesystem::temp_directory_path() /
          ("kibitz_replay_bench_" + std::to_string(::getpid()) + ".kbr"))
      .string();
}

void finish_counters(benchmark::State& state, const Pool& pool, std::size_t games) {
  state.SetItemsProcessed(static_cast<std::int64_t>(games));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(pool.bytes_per_game * static_cast<double>(games)));
  state.counters["bytes_per_game"] = pool.bytes_per_game;
}

void bm_encode_memory(benchmark::State& state, LazyPool& lazy) {
  const Pool& pool = lazy.get();
  std::string buffer;
  buffer.reserve(pool.frames.size() + 4096);
  std::size_t i = 0;
  for (auto _ : state) {
    replays::append_frame(pool.records[i], buffer);
    if (++i == pool.records.size()) {
      i = 0;
      buffer.clear();
    }
  }
  benchmark::DoNotOptimize(buffer.data());
  finish_counters(state, pool, static_cast<std::size_t>(state.iterations()));
}

void bm_decode_memory(benchmark::State& state, LazyPool& lazy) {
  const Pool& pool = lazy.get();
  std::istringstream in(pool.frames);
  auto reader = std::make_unique<replays::ReplayReader>(in, "memory");
  replays::ReplayRecord record;
  for (auto _ : state) {
    if (!reader->next(record)) {
      state.PauseTiming();
      in.clear();
      in.seekg(0);
      reader = std::make_unique<replays::ReplayReader>(in, "memory");
      state.ResumeTiming();
      reader->next(record);
    }
    benchmark::DoNotOptimize(record.actions.data());
  }
  finish_counters(state, pool, static_cast<std::size_t>(state.iterations()));
}

void bm_write_file(benchmark::State& state, LazyPool& lazy) {
  const Pool& pool = lazy.get();
  const std::string path = bench_file_path();
  for (auto _ : state) {
    replays::ReplayWriter writer(path);
    for (const replays::ReplayRecord& record : pool.records) writer.write(record);
    writer.close();
  }
  std::remove(path.c_str());
  finish_counters(state, pool, static_cast<std::size_t>(state.iterations()) * pool.records.size());
}

void bm_read_file(benchmark::State& state, LazyPool& lazy) {
  const Pool& pool = lazy.get();
  const std::string path = bench_file_path();
  {
    replays::ReplayWriter writer(path);
    for (const replays::ReplayRecord& record : pool.records) writer.write(record);
    writer.close();
  }
  replays::ReplayRecord record;
  std::size_t games = 0;
  for (auto _ : state) {
    replays::ReplayReader reader(path);
    while (reader.next(record)) ++games;
    benchmark::DoNotOptimize(record.actions.data());
  }
  std::remove(path.c_str());
  if (games != static_cast<std::size_t>(state.iterations()) * pool.records.size()) {
    state.SkipWithError("the file did not read back whole");
  }
  finish_counters(state, pool, games);
}

void bm_record(benchmark::State& state, LazyPool& lazy) {
  const Pool& pool = lazy.get();
  const std::shared_ptr<const Game> game = load_game(pool.records[0].game);
  const std::unique_ptr<State> initial = game->new_initial_state();
  std::unique_ptr<State> work = game->new_initial_state();
  const std::vector<std::string> labels = pool.records[0].seat_labels;
  std::size_t i = 0;
  for (auto _ : state) {
    const replays::ReplayRecord& source = pool.records[i];
    initial->clone_into(*work);
    replays::Recorder recorder(*game, kSeed, labels, labels);
    auto annotation = source.annotations.begin();
    for (std::size_t move = 0; move < source.actions.size(); ++move) {
      const DecisionInfo* info = nullptr;
      if (annotation != source.annotations.end() && annotation->move == static_cast<int>(move)) {
        info = &annotation->decision;
        ++annotation;
      }
      recorder.on_action(*work, source.actions[move], info);
      work->apply_action(source.actions[move]);
    }
    replays::ReplayRecord record = recorder.finish(*work);
    benchmark::DoNotOptimize(record.actions.data());
    if (++i == pool.records.size()) i = 0;
  }
  finish_counters(state, pool, static_cast<std::size_t>(state.iterations()));
}

using BenchFn = void (*)(benchmark::State&, LazyPool&);

struct NamedBench {
  const char* name;
  BenchFn fn;
};

constexpr NamedBench kBenches[] = {
    {"encode_memory", bm_encode_memory},
    {"decode_memory", bm_decode_memory},
    {"write_file", bm_write_file},
    {"read_file", bm_read_file},
    {"record", bm_record},
};

// The single-round Loyalist Spies of the target, Leduc as a small reference.
void register_all() {
  struct PoolSpec {
    const char* spec;
    bool annotated;
  };
  const PoolSpec specs[] = {{"loyalist_spies(rounds=1)", false},
                            {"loyalist_spies(rounds=1)", true},
                            {"leduc_poker", false},
                            {"leduc_poker", true}};
  for (const PoolSpec& pool_spec : specs) {
    // Leaked on purpose: benchmarks hold references until the process ends.
    auto* lazy = new LazyPool(pool_spec.spec, pool_spec.annotated);
    for (const NamedBench& bench : kBenches) {
      const std::string name =
          std::string(pool_spec.spec) + (pool_spec.annotated ? "+annotated/" : "/") + bench.name;
      const BenchFn fn = bench.fn;
      benchmark::RegisterBenchmark(name.c_str(),
                                   [fn, lazy](benchmark::State& state) { fn(state, *lazy); });
    }
  }
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  kibitz::bench::register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
