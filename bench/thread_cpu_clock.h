// This thread's CPU time, for benchmarks that time single calls or one
// agent's decisions: on a shared machine a wall clock also measures the
// other processes' turns on the core (a wall-clock p99 of 16 ms for a call
// of 124 us of CPU, Laws and Disorder under a load of 10).
#pragma once

#include <time.h>

#include <cstdint>

namespace kibitz::bench {

// CLOCK_THREAD_CPUTIME_ID, in nanoseconds.
inline std::int64_t thread_cpu_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

}  // namespace kibitz::bench
