// LazyOnce: runs a function once, whichever thread asks first, as
// std::call_once does, for objects built per decision. glibc's call_once
// makes a futex_wake system call every time a flag is first set, about a
// microsecond; a SeatView is built for every decision of every rollout, so
// that call cost Laws and Disorder's ismcts(rollout=heuristic) an eighth of
// its time. An uncontended mutex makes no system call.
#pragma once

#include <atomic>
#include <mutex>

namespace kibitz {

class LazyOnce {
 public:
  // Runs `f` unless a call has already completed. A call that throws does
  // not count: the next one runs its function again (as with call_once).
  template <typename F>
  void call(F&& f) {
    if (done_.load(std::memory_order_acquire)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (done_.load(std::memory_order_relaxed)) return;
    f();
    done_.store(true, std::memory_order_release);
  }

 private:
  std::atomic<bool> done_{false};
  std::mutex mutex_;
};

}  // namespace kibitz
