#include "web/server/rate_limiter.h"

#include <algorithm>

#include "env/core/error.h"

namespace kibitz::web {

TokenBucket::TokenBucket(double rate, int burst, Clock::time_point now)
    : rate_(rate), burst_(burst), tokens_(burst), last_(now) {
  if (!(rate > 0)) throw error("rate limit: messages per second must be positive, not ", rate);
  if (burst < 1) throw error("rate limit: the burst must be at least 1, not ", burst);
}

bool TokenBucket::try_take(Clock::time_point now) {
  if (now > last_) {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + seconds * rate_);
    last_ = now;
  }
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

bool TokenBucket::full(Clock::time_point now) const {
  const double seconds = now > last_ ? std::chrono::duration<double>(now - last_).count() : 0.0;
  return tokens_ + seconds * rate_ >= burst_;
}

}  // namespace kibitz::web
