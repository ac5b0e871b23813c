// ThreadPool: a fixed set of threads that runs one batch at a time, split into
// contiguous chunks, one per thread, with a barrier at the end (how VectorEnv
// steps its envs).
//
// A pool of `threads` uses the calling thread as one of them and starts
// threads - 1 workers, so threads = 1 creates none and runs everything inline.
// Chunk t of a batch of n items is [t*n/threads, (t+1)*n/threads): the split
// depends only on n and threads, never on timing. Workers sleep on a futex
// (C++20 atomic wait) between batches, so an idle pool costs no CPU.
//
// Chunk t >= 1 is meant for worker t, but whoever claims it first runs it:
// once the caller has run chunk 0 it takes every chunk whose worker has not
// woken up yet. On a machine busier than it has cores, a worker can wait
// milliseconds for a core; without this the whole batch would wait for it.
// Which thread runs a chunk never changes what the chunk computes.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <thread>
#include <type_traits>
#include <vector>

namespace kibitz::gym {

class ThreadPool {
 public:
  // threads >= 1, else KibitzError.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Threads that run a batch, the caller's included.
  int size() const { return threads_; }

  // Calls fn(begin, end) once per non-empty chunk of [0, count) and returns
  // when every chunk has finished. If chunks throw, the exception of the
  // lowest chunk is rethrown here after all have finished. Not reentrant:
  // one batch at a time, from one thread.
  template <typename Fn>
  void parallel_for(int count, Fn&& fn) {
    auto call = [](void* context, int begin, int end) {
      (*static_cast<std::remove_reference_t<Fn>*>(context))(begin, end);
    };
    run(count, call, &fn);
  }

  // The chunk [begin, end) of `count` items that thread `chunk` runs.
  static void chunk_range(int count, int threads, int chunk, int& begin, int& end);

 private:
  using ChunkFn = void (*)(void* context, int begin, int end);

  void run(int count, ChunkFn fn, void* context);
  // Claims chunk t of batch `batch` for the calling thread; false if some
  // thread already has it (or the batch is over).
  bool try_claim(int chunk, std::uint32_t batch);
  void run_chunk(int chunk);
  void worker_loop(int chunk);

  int threads_;
  std::vector<std::thread> workers_;

  // The batch being run: written by the caller before it bumps generation_
  // (release); read by a thread only after it claims a chunk of that batch.
  ChunkFn fn_ = nullptr;
  void* context_ = nullptr;
  int count_ = 0;
  std::vector<std::exception_ptr> errors_;  // one per chunk

  // The number of the current batch (1, 2, ...); workers wait on it.
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<bool> stopping_{false};
  // claims_[t] is the last batch whose chunk t has been claimed: claiming
  // chunk t of batch b moves it from b - 1 to b, which only one thread can
  // do, and which fails for a late worker once the batch is over.
  std::unique_ptr<std::atomic<std::uint32_t>[]> claims_;
  // Chunks of the current batch finished by workers; the caller waits on it.
  std::atomic<int> worker_done_{0};
};

}  // namespace kibitz::gym
