#include "web/think_pool.h"

#include <utility>

#include "env/core/error.h"

namespace kibitz::web {

ThinkPool::ThinkPool(int threads) {
  if (threads < 1) throw error("the think pool needs at least 1 thread, not ", threads);
  for (int i = 0; i < threads; ++i) slots_.push_back(std::make_unique<Slot>());
  threads_.reserve(static_cast<std::size_t>(threads));
  for (int i = 0; i < threads; ++i) {
    threads_.emplace_back(
        [this, slot = slots_[static_cast<std::size_t>(i)].get()] { worker_loop(*slot); });
  }
  watchdog_ = std::thread([this] { watchdog_loop(); });
}

ThinkPool::~ThinkPool() {
  cancel_all();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  deadline_.notify_all();
  for (std::thread& thread : threads_) thread.join();
  watchdog_.join();
}

bool ThinkPool::submit(StoppableTask task, std::chrono::milliseconds time_limit) {
  {
    std::lock_guard lock(mutex_);
    if (cancelled_) return false;
    tasks_.push_back(Queued{std::move(task), time_limit});
  }
  wake_.notify_one();
  return true;
}

bool ThinkPool::submit(std::function<void()> task) {
  return submit([task = std::move(task)](const std::atomic<bool>&) { task(); });
}

void ThinkPool::cancel_all() {
  std::deque<Queued> dropped;  // destroyed outside the lock
  {
    std::lock_guard lock(mutex_);
    cancelled_ = true;
    dropped.swap(tasks_);
    for (const auto& slot : slots_) {
      if (slot->busy) slot->stop.store(true);
    }
  }
}

std::size_t ThinkPool::queued() const {
  std::lock_guard lock(mutex_);
  return tasks_.size();
}

int ThinkPool::busy() const {
  std::lock_guard lock(mutex_);
  int count = 0;
  for (const auto& slot : slots_) count += slot->busy ? 1 : 0;
  return count;
}

void ThinkPool::worker_loop(Slot& slot) {
  for (;;) {
    Queued next;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (stopping_) return;
      next = std::move(tasks_.front());
      tasks_.pop_front();
      slot.busy = true;
      slot.stop.store(false);
      slot.deadline.reset();
      if (next.time_limit.count() > 0) slot.deadline = Clock::now() + next.time_limit;
    }
    if (slot.deadline) deadline_.notify_one();
    next.task(slot.stop);
    next.task = nullptr;  // what the task held goes before the slot is free
    {
      std::lock_guard lock(mutex_);
      slot.busy = false;
      slot.deadline.reset();
    }
    idle_.notify_all();
  }
}

void ThinkPool::wait_until_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] {
    if (!tasks_.empty()) return false;
    for (const auto& slot : slots_) {
      if (slot->busy) return false;
    }
    return true;
  });
}

void ThinkPool::watchdog_loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const Clock::time_point now = Clock::now();
    std::optional<Clock::time_point> next;
    for (const auto& slot : slots_) {
      if (!slot->deadline) continue;
      if (*slot->deadline <= now) {
        slot->stop.store(true);
        slot->deadline.reset();
      } else if (!next || *slot->deadline < *next) {
        next = slot->deadline;
      }
    }
    if (next) {
      deadline_.wait_until(lock, *next);
    } else {
      deadline_.wait(lock);
    }
  }
}

}  // namespace kibitz::web
