// ThreadPool: every item runs exactly once in contiguous chunks fixed by the
// count and thread count, one thread means the caller's, workers run in
// parallel with the caller, the caller takes the chunks of sleeping workers,
// errors come back to the caller, and the pool runs many batches.
#include "env/gym/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "env/core/error.h"

namespace kibitz::gym {
namespace {

TEST(ThreadPoolTest, ChunksAreContiguousAndCoverEveryItemOnce) {
  for (int threads = 1; threads <= 4; ++threads) {
    for (int count : {0, 1, 3, 7, 64}) {
      int next = 0;
      for (int chunk = 0; chunk < threads; ++chunk) {
        int begin = 0;
        int end = 0;
        ThreadPool::chunk_range(count, threads, chunk, begin, end);
        EXPECT_EQ(begin, next);
        EXPECT_LE(end - begin, count / threads + 1);
        next = end;
      }
      EXPECT_EQ(next, count);
    }
  }
}

TEST(ThreadPoolTest, EveryItemRunsOnceOverManyBatches) {
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.size(), threads);
    std::vector<int> hits(101, 0);
    for (int batch = 0; batch < 500; ++batch) {
      pool.parallel_for(101, [&](int begin, int end) {
        for (int i = begin; i < end; ++i) ++hits[static_cast<std::size_t>(i)];
      });
    }
    for (int h : hits) ASSERT_EQ(h, 500);
  }
}

TEST(ThreadPoolTest, OneThreadRunsOnTheCaller) {
  ThreadPool pool(1);
  std::vector<std::thread::id> ids;
  pool.parallel_for(10, [&](int, int) { ids.push_back(std::this_thread::get_id()); });
  ASSERT_EQ(ids.size(), 1u);
  EXPECT_EQ(ids[0], std::this_thread::get_id());
}

TEST(ThreadPoolTest, AWorkerRunsAChunkWhileTheCallerRunsItsOwn) {
  ThreadPool pool(2);
  std::atomic<bool> second_started{false};
  std::atomic<bool> overlapped{false};
  std::thread::id second_thread;
  pool.parallel_for(2, [&](int begin, int) {
    if (begin == 1) {
      second_thread = std::this_thread::get_id();
      second_started = true;
      return;
    }
    // Chunk 0 is the caller's: it waits (up to 10 s) for chunk 1 to start,
    // which only a worker can do while the caller is busy here.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!second_started && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::yield();
    }
    overlapped = second_started.load();
  });
  EXPECT_TRUE(overlapped);
  EXPECT_NE(second_thread, std::this_thread::get_id());
}

TEST(ThreadPoolTest, TheCallerTakesTheChunksOfWorkersNotYetAwake) {
  // Chunk 0 is empty work, so the caller reaches the other chunks within
  // nanoseconds, long before a sleeping worker is woken (microseconds): over
  // 1000 batches it takes some of them, and every chunk still runs once.
  ThreadPool pool(3);
  int taken_by_caller = 0;
  std::atomic<int> runs{0};
  const std::thread::id caller = std::this_thread::get_id();
  for (int batch = 0; batch < 1000; ++batch) {
    std::atomic<int> by_caller{0};
    pool.parallel_for(3, [&](int begin, int) {
      runs.fetch_add(1);
      if (begin > 0 && std::this_thread::get_id() == caller) by_caller.fetch_add(1);
    });
    taken_by_caller += by_caller.load();
  }
  EXPECT_EQ(runs.load(), 3000);
  EXPECT_GT(taken_by_caller, 0);
}

TEST(ThreadPoolTest, TheLowestChunksErrorReachesTheCallerAfterAllChunksFinish) {
  ThreadPool pool(3);
  std::atomic<int> finished{0};
  try {
    pool.parallel_for(3, [&](int begin, int) {
      finished.fetch_add(1);
      if (begin >= 1) throw std::runtime_error("chunk " + std::to_string(begin));
    });
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "chunk 1");
  }
  EXPECT_EQ(finished.load(), 3);
  // The pool still works after an error.
  int sum = 0;
  pool.parallel_for(1, [&](int begin, int end) { sum += end - begin; });
  EXPECT_EQ(sum, 1);
}

TEST(ThreadPoolTest, ZeroThreadsIsAnError) { EXPECT_THROW(ThreadPool(0), KibitzError); }

}  // namespace
}  // namespace kibitz::gym
