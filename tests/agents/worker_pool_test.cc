// run_jobs, the one worker pool: every job once, one worker state per
// thread, a stop leaves a finished prefix, the first failure is rethrown.
#include "agents/match/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace kibitz {
namespace {

TEST(WorkerPool, RunsEveryJobOnceOnEveryThreadCount) {
  for (const int threads : {1, 2, 3, 8}) {
    std::vector<std::atomic<int>> runs(500);
    std::atomic<int> workers{0};
    WorkerPoolOptions options;
    options.threads = threads;
    const std::int64_t done = run_jobs(500, options, [&](int) -> Job {
      ++workers;
      return [&](std::int64_t job) { ++runs[static_cast<std::size_t>(job)]; };
    });
    EXPECT_EQ(done, 500);
    EXPECT_EQ(workers.load(), threads);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      ASSERT_EQ(runs[i].load(), 1) << "job " << i << " with " << threads << " threads";
    }
  }
}

// Each worker builds its state once, on its own thread, and runs every job
// it takes on that thread.
TEST(WorkerPool, AWorkerKeepsItsStateAndThread) {
  std::mutex mutex;
  std::set<std::thread::id> worker_threads;
  std::atomic<int> mismatches{0};
  WorkerPoolOptions options;
  options.threads = 3;
  run_jobs(200, options, [&](int) -> Job {
    const std::thread::id mine = std::this_thread::get_id();
    {
      const std::lock_guard<std::mutex> lock(mutex);
      worker_threads.insert(mine);
    }
    return [&, mine](std::int64_t) {
      if (std::this_thread::get_id() != mine) ++mismatches;
    };
  });
  EXPECT_EQ(worker_threads.size(), 3u);
  EXPECT_EQ(mismatches.load(), 0);
}

// Without a progress display, one thread is the calling thread itself.
TEST(WorkerPool, OneThreadRunsOnTheCaller) {
  std::thread::id ran_on;
  run_jobs(3, WorkerPoolOptions{},
           [&](int) -> Job { return [&](std::int64_t) { ran_on = std::this_thread::get_id(); }; });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
}

TEST(WorkerPool, AStopLeavesAFinishedPrefix) {
  for (const int threads : {1, 3}) {
    std::atomic<bool> stop{false};
    std::vector<std::atomic<int>> runs(1000);
    WorkerPoolOptions options;
    options.threads = threads;
    options.stop = &stop;
    const std::int64_t done = run_jobs(1000, options, [&](int) -> Job {
      return [&](std::int64_t job) {
        if (job == 40) stop = true;
        ++runs[static_cast<std::size_t>(job)];
      };
    });
    EXPECT_GE(done, 41);
    EXPECT_LT(done, 1000);
    for (std::int64_t i = 0; i < 1000; ++i) {
      ASSERT_EQ(runs[static_cast<std::size_t>(i)].load(), i < done ? 1 : 0) << "job " << i;
    }
  }
}

TEST(WorkerPool, TheFirstFailureIsRethrownAndStopsNewJobs) {
  // One worker: the jobs after the failing one never start.
  std::atomic<int> started{0};
  const auto failing_at_7 = [&](int) -> Job {
    return [&](std::int64_t job) {
      ++started;
      if (job == 7) throw std::runtime_error("job 7 failed");
      // Slow enough that the other worker could not run every job before
      // the failure stops it, however the threads are scheduled (10,000
      // jobs take at least 5 s alone; the failure comes at the 8th).
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
  };
  EXPECT_THROW(run_jobs(10'000, WorkerPoolOptions{}, failing_at_7), std::runtime_error);
  EXPECT_EQ(started.load(), 8);
  // Two workers: the other one stops too.
  started = 0;
  WorkerPoolOptions options;
  options.threads = 2;
  EXPECT_THROW(run_jobs(10'000, options, failing_at_7), std::runtime_error);
  EXPECT_LT(started.load(), 10'000);
  // A worker that fails to start fails the run too.
  EXPECT_THROW(
      run_jobs(5, WorkerPoolOptions{}, [](int) -> Job { throw std::runtime_error("no worker"); }),
      std::runtime_error);
}

TEST(WorkerPool, ProgressEndsWithEveryJobDone) {
  std::vector<std::pair<std::int64_t, std::int64_t>> calls;
  WorkerPoolOptions options;
  options.threads = 2;
  options.progress = [&](std::int64_t done, std::int64_t total) {
    calls.emplace_back(done, total);
  };
  options.progress_interval = std::chrono::milliseconds(1);
  run_jobs(50, options, [](int) -> Job { return [](std::int64_t) {}; });
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back(), std::make_pair(std::int64_t{50}, std::int64_t{50}));
  for (std::size_t i = 1; i < calls.size(); ++i) EXPECT_LE(calls[i - 1].first, calls[i].first);
}

}  // namespace
}  // namespace kibitz
