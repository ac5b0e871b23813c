#include "env/gym/thread_pool.h"

#include <cstddef>

#include "env/core/error.h"

namespace kibitz::gym {

ThreadPool::ThreadPool(int threads) : threads_(threads) {
  if (threads < 1) throw error("ThreadPool threads must be >= 1, got ", threads);
  errors_.resize(static_cast<std::size_t>(threads));
  claims_ = std::make_unique<std::atomic<std::uint32_t>[]>(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) claims_[static_cast<std::size_t>(t)].store(0);
  workers_.reserve(static_cast<std::size_t>(threads - 1));
  // Worker w runs chunk w + 1; chunk 0 is the caller's.
  for (int chunk = 1; chunk < threads; ++chunk) {
    workers_.emplace_back([this, chunk] { worker_loop(chunk); });
  }
}

ThreadPool::~ThreadPool() {
  if (workers_.empty()) return;
  stopping_.store(true, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  generation_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::chunk_range(int count, int threads, int chunk, int& begin, int& end) {
  const auto n = static_cast<std::int64_t>(count);
  begin = static_cast<int>(n * chunk / threads);
  end = static_cast<int>(n * (chunk + 1) / threads);
}

bool ThreadPool::try_claim(int chunk, std::uint32_t batch) {
  std::uint32_t expected = batch - 1;
  return claims_[static_cast<std::size_t>(chunk)].compare_exchange_strong(
      expected, batch, std::memory_order_acq_rel, std::memory_order_relaxed);
}

void ThreadPool::run_chunk(int chunk) {
  int begin = 0;
  int end = 0;
  chunk_range(count_, threads_, chunk, begin, end);
  if (begin == end) return;
  try {
    fn_(context_, begin, end);
  } catch (...) {
    errors_[static_cast<std::size_t>(chunk)] = std::current_exception();
  }
}

void ThreadPool::run(int count, ChunkFn fn, void* context) {
  KIBITZ_CHECK(count >= 0, "parallel_for over a negative count ", count);
  fn_ = fn;
  context_ = context;
  count_ = count;
  for (std::exception_ptr& e : errors_) e = nullptr;
  if (workers_.empty()) {
    run_chunk(0);
  } else {
    worker_done_.store(0, std::memory_order_relaxed);
    const std::uint32_t batch = generation_.fetch_add(1, std::memory_order_release) + 1;
    generation_.notify_all();
    run_chunk(0);
    int by_caller = 1;
    for (int chunk = 1; chunk < threads_; ++chunk) {
      if (try_claim(chunk, batch)) {
        run_chunk(chunk);
        ++by_caller;
      }
    }
    // The barrier: acquire pairs with each worker's release, so their writes
    // (outputs and errors_) are visible once every chunk is counted.
    const int by_workers = threads_ - by_caller;
    for (int done = worker_done_.load(std::memory_order_acquire); done != by_workers;
         done = worker_done_.load(std::memory_order_acquire)) {
      worker_done_.wait(done, std::memory_order_acquire);
    }
  }
  for (const std::exception_ptr& e : errors_) {
    if (e) std::rethrow_exception(e);
  }
}

void ThreadPool::worker_loop(int chunk) {
  std::uint32_t seen = 0;
  while (true) {
    generation_.wait(seen, std::memory_order_acquire);
    seen = generation_.load(std::memory_order_acquire);
    if (stopping_.load(std::memory_order_relaxed)) return;
    // A worker that wakes after the caller took its chunk (or after the
    // batch ended) has nothing to do until the next batch.
    if (!try_claim(chunk, seen)) continue;
    run_chunk(chunk);
    worker_done_.fetch_add(1, std::memory_order_release);
    worker_done_.notify_one();
  }
}

}  // namespace kibitz::gym
