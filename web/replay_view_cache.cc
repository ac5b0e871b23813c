#include "web/replay_view_cache.h"

namespace kibitz::web {

ReplayViewCache::ReplayViewCache(std::size_t max_entries, std::size_t max_bytes)
    : max_entries_(max_entries), max_bytes_(max_bytes) {}

std::string ReplayViewCache::get_or_build(const std::string& key, const std::function<std::string()>& build) {
  {
    std::lock_guard lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->first != key) continue;
      entries_.splice(entries_.begin(), entries_, it);
      return entries_.front().second;
    }
  }
  std::string document = build();
  keep(key, document);
  return document;
}

void ReplayViewCache::keep(const std::string& key, const std::string& document) {
  // A document larger than the whole cache is served but never kept.
  if (max_entries_ == 0 || document.size() > max_bytes_) return;
  std::lock_guard lock(mutex_);
  for (const auto& [k, v] : entries_) {
    if (k == key) return;  // built meanwhile by another request
  }
  entries_.emplace_front(key, document);
  bytes_ += document.size();
  while (entries_.size() > max_entries_ || bytes_ > max_bytes_) {
    bytes_ -= entries_.back().second.size();
    entries_.pop_back();
  }
}

std::size_t ReplayViewCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace kibitz::web
