// ThinkPool: the threads on which the agents of every live table think, so
// that a move is never computed on the thread of whoever caused it (a
// person's action arriving on a network thread) and one table's slow search
// occupies one thread, not the server.
//
// Why not agents/match/worker_pool.h's run_jobs: it runs a batch of jobs
// known in advance and returns when they are done, while a server's
// decisions arrive one at a time, forever, from many tables. Why not
// env/gym/thread_pool.h: it splits one batch into chunks with a barrier. A
// queue of tasks served by long-lived threads is what fits here.
//
// Tasks run in the order submitted. A table has at most one decision under
// way at a time (one seat acts at once), so the queue never holds more tasks
// than there are live tables, and each table's agents are used by one
// thread at a time. With `threads` threads, up to `threads` slow searches
// run together before a table waits for a free thread.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kibitz::web {

class ThinkPool {
 public:
  // threads >= 1, else KibitzError.
  explicit ThinkPool(int threads);
  // Drops the tasks not yet started and waits for those under way.
  ~ThinkPool();
  ThinkPool(const ThinkPool&) = delete;
  ThinkPool& operator=(const ThinkPool&) = delete;

  // Queues `task`; false (and nothing queued) once the pool is shutting
  // down. A task must not throw: it reports its own errors.
  bool submit(std::function<void()> task);

  int threads() const { return static_cast<int>(threads_.size()); }
  // Tasks queued and not yet started.
  std::size_t queued() const;

 private:
  void worker_loop();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kibitz::web
