// kibitz_gym_bench: VectorEnv throughput (the gym layer, env/gym) for every
// registered game's default spec, with N = 256 envs on 1 and 2 threads.
//
// One iteration is one VectorEnv::step over all N envs: each env applies its
// action (or auto-resets), samples chance, and encodes the information-state
// tensor and legal mask of the seat to act into the batch buffers.
//
//   <spec>/step/threads:T         timed: VectorEnv::step alone (manual time).
//                                 The random legal actions for the next step
//                                 are chosen from the masks outside the timed
//                                 region, as a learner's policy would be.
//   <spec>/step_and_choose/threads:T
//                                 timed: step plus the bench's own action
//                                 choice (a scan of every mask row), on the
//                                 calling thread: a lower bound for a loop
//                                 whose agent is that cheap.
//
// items_per_second is env steps per second (N per iteration; an auto-reset
// step counts, as in EnvPool). decisions_per_second leaves the auto-reset
// steps out: only steps that applied a seat's action. allocs_per_step counts
// heap allocations per env step over an untimed pass (the global operator
// new of kibitz_counting_allocator, all threads counted).
// cpu_steps_per_second divides the env steps by the process CPU time (all
// threads) spent in the timed regions: on a machine shared with other work,
// where wall time includes waiting for a core, it says what the steps cost,
// and threads x that figure bounds the wall rate of an idle machine.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/types.h"
#include "env/gym/vector_env.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::bench {
namespace {

constexpr std::uint64_t kSeed = 20261122;
constexpr int kNumEnvs = 256;
// Steps before timing, so that episodes are spread over all their phases
// (every env starts a new episode at reset) and the caches are warm.
constexpr int kWarmupSteps = 200;
// Steps of the untimed allocation-counting pass.
constexpr int kAllocProbeSteps = 200;

// Chooses a uniformly random legal action for every env from its mask row;
// a row with nothing legal (about to auto-reset) gets action 0, which the
// VectorEnv ignores.
void choose_actions(const gym::VectorEnv& envs, Rng& rng, std::vector<Action>& actions) {
  const auto width = static_cast<std::size_t>(envs.num_actions());
  const std::span<const float> masks = envs.legal_masks();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    // Count, then find the k-th legal action: the counting pass vectorises.
    const float* row = masks.data() + i * width;
    std::uint64_t count = 0;
    for (std::size_t a = 0; a < width; ++a) count += row[a] != 0.0f;
    if (count == 0) {
      actions[i] = 0;
      continue;
    }
    std::uint64_t k = rng.uniform_int(count);
    std::size_t a = 0;
    for (;; ++a) {
      if (row[a] != 0.0f && k-- == 0) break;
    }
    actions[i] = static_cast<Action>(a);
  }
}

// CPU time of the whole process, every thread included.
double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Env steps in the next VectorEnv::step that apply an action (not resets).
std::int64_t decisions_next(const gym::VectorEnv& envs) {
  std::int64_t n = 0;
  for (std::size_t i = 0; i < envs.terminated().size(); ++i) {
    n += envs.terminated()[i] == 0 && envs.truncated()[i] == 0;
  }
  return n;
}

void bm_step(benchmark::State& bench, const std::string& spec, int threads, bool time_choice) {
  gym::VectorEnv envs(load_game(spec), kNumEnvs, threads);
  Rng rng = Rng(kSeed).child("actions");
  std::vector<Action> actions(kNumEnvs);
  envs.reset(kSeed);
  for (int t = 0; t < kWarmupSteps; ++t) {
    choose_actions(envs, rng, actions);
    envs.step(actions);
  }
  const std::int64_t before = testing_support::allocation_count();
  for (int t = 0; t < kAllocProbeSteps; ++t) {
    choose_actions(envs, rng, actions);
    envs.step(actions);
  }
  const std::int64_t allocations = testing_support::allocation_count() - before;

  std::int64_t decisions = 0;
  double cpu_seconds = 0;
  using Clock = std::chrono::steady_clock;
  if (!time_choice) choose_actions(envs, rng, actions);
  for (auto _ : bench) {
    decisions += decisions_next(envs);
    const double cpu_start = process_cpu_seconds();
    const Clock::time_point start = Clock::now();
    if (time_choice) choose_actions(envs, rng, actions);
    envs.step(actions);
    benchmark::DoNotOptimize(envs.observations().data());
    const Clock::time_point stop = Clock::now();
    cpu_seconds += process_cpu_seconds() - cpu_start;
    if (!time_choice) choose_actions(envs, rng, actions);
    bench.SetIterationTime(std::chrono::duration<double>(stop - start).count());
  }
  bench.counters["cpu_steps_per_second"] =
      static_cast<double>(bench.iterations()) * kNumEnvs / cpu_seconds;
  bench.SetItemsProcessed(bench.iterations() * kNumEnvs);
  bench.counters["decisions_per_second"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  bench.counters["allocs_per_step"] =
      static_cast<double>(allocations) / (static_cast<double>(kAllocProbeSteps) * kNumEnvs);
  bench.counters["obs_floats"] = envs.observation_size();
}

// Registers both benchmarks for every default spec and thread count.
void register_all() {
  for (const GameInfo& info : registered_games()) {
    const std::string spec = info.test_specs.front();
    for (bool time_choice : {false, true}) {
      for (int threads : {1, 2}) {
        const std::string name = spec + (time_choice ? "/step_and_choose" : "/step") +
                                 "/threads:" + std::to_string(threads);
        benchmark::RegisterBenchmark(name.c_str(),
                                     [spec, threads, time_choice](benchmark::State& state) {
                                       bm_step(state, spec, threads, time_choice);
                                     })
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond);
      }
    }
  }
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("num_envs", std::to_string(kibitz::bench::kNumEnvs));
  kibitz::bench::register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
