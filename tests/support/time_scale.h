// Time limits for tests that wait on the clock, scaled for a busy machine.
//
// A test that waits for something (a child to exit, a peer to time out, a
// search to stop) must not fail because the machine is shared: the suite is
// run with many builds and tests at once (a load of 10 on 2 cores). Every
// such limit is written for an idle machine and passed through scaled():
//
//   * KIBITZ_TEST_TIME_SCALE=F (a number >= 1) multiplies every limit by F;
//   * otherwise the factor is the 1-minute load average per core, read when
//     the limit is computed (never below 1), so limits grow as the machine
//     gets busier.
//
// Only limits that end a wait scale; a test never sleeps longer because of
// them. Header-only, so any test can include it.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

namespace kibitz::test_support {

// The factor limits are multiplied by (1 on an idle machine).
inline double time_scale() {
  if (const char* text = std::getenv("KIBITZ_TEST_TIME_SCALE")) {
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    if (end != text && value >= 1.0 && value <= 1000.0) return value;
  }
  double load = 0.0;
  std::ifstream loadavg("/proc/loadavg");
  if (!(loadavg >> load)) return 1.0;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::clamp(load / cores, 1.0, 50.0);
}

// `limit` (written for an idle machine) scaled by time_scale().
template <typename Rep, typename Period>
std::chrono::milliseconds scaled(std::chrono::duration<Rep, Period> limit) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(limit);
  return std::chrono::milliseconds(static_cast<std::int64_t>(ms.count() * time_scale()));
}

}  // namespace kibitz::test_support
