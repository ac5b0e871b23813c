#include "agents/match/worker_pool.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "env/core/error.h"

namespace kibitz {

std::int64_t run_jobs(std::int64_t jobs, const WorkerPoolOptions& options,
                      const std::function<Job(int worker)>& make_worker) {
  KIBITZ_CHECK(options.threads >= 1, "a worker pool needs at least one thread");
  KIBITZ_CHECK(jobs >= 0, "a negative number of jobs");
  std::atomic<std::int64_t> next_job{0};
  std::atomic<std::int64_t> jobs_done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr failure;
  std::mutex mutex;  // guards failure and workers_left
  std::condition_variable all_done;
  int workers_left = options.threads;

  const auto stopping = [&] {
    return failed.load() || (options.stop != nullptr && options.stop->load());
  };
  const auto work = [&](int worker) {
    try {
      const Job job = make_worker(worker);
      while (!stopping()) {
        const std::int64_t index = next_job.fetch_add(1);
        if (index >= jobs) break;
        job(index);
        jobs_done.fetch_add(1);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      failed.store(true);
    }
    const std::lock_guard<std::mutex> lock(mutex);
    --workers_left;
    all_done.notify_all();
  };

  // Without a progress display the calling thread is worker 0, so a
  // one-thread run starts no thread at all.
  const bool watch = static_cast<bool>(options.progress);
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(options.threads));
  for (int w = watch ? 0 : 1; w < options.threads; ++w) workers.emplace_back(work, w);
  if (!watch) work(0);
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (!all_done.wait_for(lock, options.progress_interval, [&] { return workers_left == 0; })) {
      if (watch) {
        lock.unlock();
        options.progress(jobs_done.load(), jobs);
        lock.lock();
      }
    }
  }
  for (std::thread& thread : workers) thread.join();
  if (failure) std::rethrow_exception(failure);
  if (watch) options.progress(jobs_done.load(), jobs);
  return jobs_done.load();
}

}  // namespace kibitz
