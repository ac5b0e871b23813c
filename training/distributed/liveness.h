// How the ranks of a distributed run know that the others still live,
// through the rendezvous store: every rank beats (adds 1 to "beat/R") from a
// thread of its own, so a rank busy with a long self-play phase still beats,
// and one that died or froze (stopped, swapped out, its machine gone) does
// not. A rank that stops on its own error, or because another failed, posts
// a stop notice saying why. Internal to training/distributed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <vector>

namespace kibitz::training::distributed {

using Clock = std::chrono::steady_clock;

// The thread that beats for this rank, on its own connection to the store.
class Heartbeat {
 public:
  Heartbeat(c10::intrusive_ptr<c10d::Store> store, int rank, std::chrono::milliseconds interval);
  ~Heartbeat();  // stops the thread and waits for it
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

 private:
  void run();

  c10::intrusive_ptr<c10d::Store> store_;
  std::string key_;
  std::chrono::milliseconds interval_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

// Why a rank stopped, as it told the others.
struct StopNotice {
  int rank = -1;
  // True when the rank stopped on its own error (`reason` is that error);
  // false when it stopped because of another rank's failure (`reason` is
  // what it found: the rank that failed, and how).
  bool own_error = false;
  std::string reason;
};

// Posts this rank's stop notice. Throws what the store throws.
void post_stop_notice(c10d::Store& store, const StopNotice& notice);

// One rank's view of the others: their beats as last read, and when each
// last moved. Every read goes to the store and throws what it throws (the
// master cannot be reached).
class PeerWatch {
 public:
  PeerWatch(c10d::Store& store, int rank, int size);

  // Reads every other rank's beat; returns the first one that has not
  // moved for `silence` (counted from this watch's creation for a rank
  // never seen to beat), or nullopt.
  std::optional<int> silent_rank(std::chrono::milliseconds silence);
  // Every other rank silent for `silence`, in rank order.
  std::vector<int> silent_ranks(std::chrono::milliseconds silence);
  // Whether `rank` was ever seen beating.
  bool has_beaten(int rank) const { return last_[static_cast<std::size_t>(rank)] > 0; }
  // The notices other ranks have posted, in rank order (a cheap counter
  // read when there are none).
  std::vector<StopNotice> stop_notices();

 private:
  c10d::Store& store_;
  int rank_;
  std::vector<std::int64_t> last_;
  std::vector<Clock::time_point> moved_;
};

}  // namespace kibitz::training::distributed
