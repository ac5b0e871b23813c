// ThinkPool: the threads on which all agent work of `kibitz serve` runs --
// building a table's agents (a CFR solve can take a while) and every
// decision -- so that it is never computed on the thread of whoever caused
// it (a person's action, a table request, arriving on a network thread) and
// one table's slow search occupies one thread, not the server.
//
// Why not agents/match/worker_pool.h's run_jobs: it runs a batch of jobs
// known in advance and returns when they are done, while a server's
// decisions arrive one at a time, forever, from many tables. Why not
// env/gym/thread_pool.h: it splits one batch into chunks with a barrier. A
// queue of tasks served by long-lived threads is what fits here.
//
// Tasks run in the order submitted, on a fixed number of threads. A table
// has at most one decision under way at a time (one seat acts at once) and
// the registry bounds the tables being built, so the queue never holds more
// tasks than there are tables. With `threads` threads, up to `threads` slow
// searches run together before a table waits for a free thread.
//
// Cancelling: each task is handed a stop flag (ActBudget::stop's), which
// the pool sets when the task's time limit passes (a watchdog thread keeps
// the deadlines) and, for every task under way, when cancel_all() is
// called (the server shutting down). A task that reads it ends early; one
// that does not simply runs to its end.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace kibitz::web {

class ThinkPool {
 public:
  using Clock = std::chrono::steady_clock;
  // A task, with its stop flag (valid while the task runs).
  using StoppableTask = std::function<void(const std::atomic<bool>& stop)>;

  // threads >= 1, else KibitzError.
  explicit ThinkPool(int threads);
  // cancel_all(), then drops the tasks not yet started and waits for those
  // under way.
  ~ThinkPool();
  ThinkPool(const ThinkPool&) = delete;
  ThinkPool& operator=(const ThinkPool&) = delete;

  // Queues `task`; false (and nothing queued) once the pool is shutting
  // down or cancelled. Its stop flag is set `time_limit` after it starts
  // (zero: no limit) or at cancel_all(). A task must not throw: it reports
  // its own errors.
  bool submit(StoppableTask task, std::chrono::milliseconds time_limit = {});
  // The same for a task that takes no stop flag.
  bool submit(std::function<void()> task);

  // Sets the stop flag of every task under way, drops those queued and
  // refuses new ones: the server is shutting down. Returns at once.
  void cancel_all();

  // Waits until no task is queued or under way (after cancel_all(), until
  // the tasks under way have ended).
  void wait_until_idle();

  int threads() const { return static_cast<int>(slots_.size()); }
  // Tasks queued and not yet started.
  std::size_t queued() const;
  // Tasks under way now.
  int busy() const;

 private:
  struct Queued {
    StoppableTask task;
    std::chrono::milliseconds time_limit;
  };
  // One worker's task under way: its stop flag and when it is due.
  struct Slot {
    std::atomic<bool> stop{false};
    bool busy = false;
    std::optional<Clock::time_point> deadline;
  };

  void worker_loop(Slot& slot);
  // Sets the stop flag of each task whose deadline has passed.
  void watchdog_loop();

  mutable std::mutex mutex_;
  std::condition_variable wake_;      // workers: a task, or stopping
  std::condition_variable deadline_;  // the watchdog: a new deadline, or stopping
  std::condition_variable idle_;      // wait_until_idle: a task ended
  std::deque<Queued> tasks_;
  bool cancelled_ = false;  // no new tasks
  bool stopping_ = false;   // threads end
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<std::thread> threads_;
  std::thread watchdog_;
};

}  // namespace kibitz::web
