#include "web/think_pool.h"

#include <utility>

#include "env/core/error.h"

namespace kibitz::web {

ThinkPool::ThinkPool(int threads) {
  if (threads < 1) throw error("the think pool needs at least 1 thread, not ", threads);
  threads_.reserve(static_cast<std::size_t>(threads));
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { worker_loop(); });
}

ThinkPool::~ThinkPool() {
  std::deque<std::function<void()>> dropped;  // destroyed outside the lock
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(tasks_);
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

bool ThinkPool::submit(std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
  return true;
}

std::size_t ThinkPool::queued() const {
  std::lock_guard lock(mutex_);
  return tasks_.size();
}

void ThinkPool::worker_loop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (stopping_) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

}  // namespace kibitz::web
