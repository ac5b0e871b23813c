// ReplayViewCache: the last few replay viewer documents (web/replay_view.h)
// that `kibitz serve` built, so that a page opened again, or by a second
// person, is answered without replaying and analysing the game again. Keyed
// by what names the document exactly (a listed file with its size, and the
// game's index); the least recently used goes first once there are
// `max_entries` documents or `max_bytes` of them. Thread-safe.
#pragma once

#include <cstddef>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <utility>

namespace kibitz::web {

class ReplayViewCache {
 public:
  explicit ReplayViewCache(std::size_t max_entries = 8, std::size_t max_bytes = std::size_t{32} << 20);

  // The document under `key`, else `build()`'s, which is kept. `build` runs
  // outside the lock (two requests for one new view may both build it); an
  // exception from it is passed on and nothing is kept.
  std::string get_or_build(const std::string& key, const std::function<std::string()>& build);

  std::size_t size() const;

 private:
  void keep(const std::string& key, const std::string& document);

  const std::size_t max_entries_;
  const std::size_t max_bytes_;
  mutable std::mutex mutex_;
  std::list<std::pair<std::string, std::string>> entries_;  // most recently used first
  std::size_t bytes_ = 0;
};

}  // namespace kibitz::web
