#include "training/distributed/liveness.h"

#include <exception>

namespace kibitz::training::distributed {
namespace {

constexpr const char* kNoticeCount = "stopped";

std::string beat_key(int rank) { return "beat/" + std::to_string(rank); }
std::string notice_key(int rank) { return "stopped/" + std::to_string(rank); }

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

}  // namespace

Heartbeat::Heartbeat(c10::intrusive_ptr<c10d::Store> store, int rank,
                     std::chrono::milliseconds interval)
    : store_(std::move(store)), key_(beat_key(rank)), interval_(interval) {
  store_->add(key_, 1);  // the first beat before the constructor returns: this rank has joined
  thread_ = std::thread([this] { run(); });
}

Heartbeat::~Heartbeat() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Heartbeat::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    try {
      store_->add(key_, 1);
    } catch (const std::exception&) {
      // The master is gone: the main thread finds out at its next wait or
      // collective and says so; a beat has nobody to tell.
    }
    lock.lock();
  }
}

void post_stop_notice(c10d::Store& store, const StopNotice& notice) {
  store.set(notice_key(notice.rank), bytes_of((notice.own_error ? "1" : "0") + notice.reason));
  store.add(kNoticeCount, 1);
}

PeerWatch::PeerWatch(c10d::Store& store, int rank, int size)
    : store_(store),
      rank_(rank),
      last_(static_cast<std::size_t>(size), 0),
      moved_(static_cast<std::size_t>(size), Clock::now()) {}

std::vector<int> PeerWatch::silent_ranks(std::chrono::milliseconds silence) {
  const Clock::time_point now = Clock::now();
  std::vector<int> silent;
  for (int rank = 0; rank < static_cast<int>(last_.size()); ++rank) {
    if (rank == rank_) continue;
    const auto r = static_cast<std::size_t>(rank);
    const std::int64_t beat = store_.add(beat_key(rank), 0);
    if (beat != last_[r]) {
      last_[r] = beat;
      moved_[r] = now;
    } else if (now - moved_[r] >= silence) {
      silent.push_back(rank);
    }
  }
  return silent;
}

std::optional<int> PeerWatch::silent_rank(std::chrono::milliseconds silence) {
  const std::vector<int> silent = silent_ranks(silence);
  if (silent.empty()) return std::nullopt;
  return silent.front();
}

std::vector<StopNotice> PeerWatch::stop_notices() {
  std::vector<StopNotice> notices;
  if (store_.add(kNoticeCount, 0) == 0) return notices;
  for (int rank = 0; rank < static_cast<int>(last_.size()); ++rank) {
    if (rank == rank_ || !store_.check({notice_key(rank)})) continue;
    const std::vector<std::uint8_t> value = store_.get(notice_key(rank));
    StopNotice notice;
    notice.rank = rank;
    notice.own_error = !value.empty() && value.front() == '1';
    if (!value.empty()) notice.reason.assign(value.begin() + 1, value.end());
    notices.push_back(std::move(notice));
  }
  return notices;
}

}  // namespace kibitz::training::distributed
