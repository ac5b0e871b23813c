#include "web/server/client_limits.h"

#include "env/core/error.h"

namespace kibitz::web {

ClientLimits::ClientLimits(int max_connections, double tables_per_minute)
    : max_connections_(max_connections), tables_per_minute_(tables_per_minute) {
  if (max_connections < 1)
    throw error("the connections per client must be at least 1, not ", max_connections);
  if (!(tables_per_minute > 0)) throw error("the tables per minute per client must be positive");
}

bool ClientLimits::open_connection(const std::string& address) {
  std::lock_guard lock(mutex_);
  int& open = connections_[address];
  if (open >= max_connections_) return false;
  ++open;
  return true;
}

void ClientLimits::close_connection(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(address);
  if (it == connections_.end()) return;
  if (--it->second <= 0) connections_.erase(it);
}

int ClientLimits::connections(const std::string& address) const {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(address);
  return it == connections_.end() ? 0 : it->second;
}

bool ClientLimits::take_table_creation(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (creations_.size() >= next_sweep_) forget_full_buckets_locked(now);
  // The burst is the minute's allowance, at least one.
  const int burst = std::max(1, static_cast<int>(tables_per_minute_));
  auto it = creations_.find(address);
  if (it == creations_.end()) {
    it = creations_.emplace(address, TokenBucket(tables_per_minute_ / 60.0, burst, now)).first;
  }
  return it->second.try_take(now);
}

std::size_t ClientLimits::addresses_tracked() const {
  std::lock_guard lock(mutex_);
  return creations_.size();
}

void ClientLimits::forget_full_buckets_locked(Clock::time_point now) {
  std::erase_if(creations_, [now](auto& entry) { return entry.second.full(now); });
  // Sweep again once the map has doubled from what is left.
  next_sweep_ = std::max<std::size_t>(1024, 2 * creations_.size());
}

}  // namespace kibitz::web
