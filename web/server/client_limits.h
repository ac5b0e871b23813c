// ClientLimits: what one client (one IP address) may take of `kibitz serve`,
// so that no single client can crowd out the rest: connections open at once
// and table creations, a token bucket refilled at tables_per_minute per
// minute that holds up to tables_per_minute. Thread-safe; time is passed
// in, so a test can drive the bucket without sleeping.
//
// The address is the TCP peer's: behind a proxy every client shares the
// proxy's (raise the limits there).
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>

#include "web/server/rate_limiter.h"

namespace kibitz::web {

class ClientLimits {
 public:
  using Clock = TokenBucket::Clock;

  // max_connections >= 1 and tables_per_minute > 0, else KibitzError.
  ClientLimits(int max_connections, double tables_per_minute);

  // Counts a connection from `address`; false (nothing counted) when the
  // address has max_connections open already.
  bool open_connection(const std::string& address);
  // The end of a connection open_connection counted.
  void close_connection(const std::string& address);
  int connections(const std::string& address) const;

  // Spends one table creation of `address`; false when its bucket is empty.
  bool take_table_creation(const std::string& address, Clock::time_point now = Clock::now());

  // Addresses whose creation bucket is kept (full ones are forgotten).
  std::size_t addresses_tracked() const;

  int max_connections() const { return max_connections_; }
  double tables_per_minute() const { return tables_per_minute_; }

 private:
  // Drops the buckets that are full again (their clients as good as new), so
  // that the map does not grow with every address ever seen.
  void forget_full_buckets_locked(Clock::time_point now);

  const int max_connections_;
  const double tables_per_minute_;
  mutable std::mutex mutex_;
  std::map<std::string, int> connections_;  // only addresses with one open
  std::map<std::string, TokenBucket> creations_;
  std::size_t next_sweep_ = 1024;  // bucket count at which full ones are dropped
};

}  // namespace kibitz::web
