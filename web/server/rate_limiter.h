// TokenBucket: the per-connection rate limit of `kibitz serve`'s WebSocket
// messages. The bucket holds up to `burst` tokens and refills at `rate`
// tokens per second; a message spends one. Time is passed in, so a test
// can drive it without sleeping.
#pragma once

#include <chrono>

namespace kibitz::web {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;

  // rate > 0 and burst >= 1, else KibitzError. Starts full.
  TokenBucket(double rate, int burst, Clock::time_point now = Clock::now());

  // Spends a token if one is there at `now`; false when the bucket is empty.
  bool try_take(Clock::time_point now = Clock::now());
  // Whether the bucket has refilled to its burst by `now`.
  bool full(Clock::time_point now = Clock::now()) const;

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace kibitz::web
