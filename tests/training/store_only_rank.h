// A rank of a distributed run as far as the rendezvous can tell, and no
// further: it claims rank R in rank 0's store, posts its host, beats, and
// meets the others before the collectives, but never connects to the
// collective backend (Gloo). Rank 0 must then report the run as stuck
// within its timeouts, not wait on it forever. It speaks Group's keys
// (training/distributed/group.cc and liveness.cc: "claim/R", "host/R",
// "beat/R", "options", "arrive/1", all under "kibitz/"); should those
// change, rank 0 reports this rank as never joined and the test that uses
// it fails, rather than passing on a rank that did not get as far.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <vector>

namespace kibitz::training::testing {

class StoreOnlyRank {
 public:
  // Joins rank 0's store at loopback `port` (waiting up to `timeout` for it
  // to listen and post its options) as `rank`. Throws what c10d throws.
  StoreOnlyRank(int port, int rank, std::chrono::milliseconds timeout)
      : store_(connect(port, timeout)), beats_(connect(port, timeout)), rank_(rank) {
    const std::string me = std::to_string(rank);
    store_->add("claim/" + me, 1);
    const std::string host = "store-only, pid 0";
    store_->set("host/" + me, std::vector<std::uint8_t>(host.begin(), host.end()));
    beats_->add("beat/" + me, 1);
    store_->wait({"options"}, timeout);
    store_->add("arrive/1", 1);
    // Last: a constructor that throws leaves no thread running.
    thread_ = std::thread([this] { beat(); });
  }
  ~StoreOnlyRank() {
    stop_ = true;
    thread_.join();
  }
  StoreOnlyRank(const StoreOnlyRank&) = delete;
  StoreOnlyRank& operator=(const StoreOnlyRank&) = delete;

 private:
  static c10::intrusive_ptr<c10d::Store> connect(int port, std::chrono::milliseconds timeout) {
    c10d::TCPStoreOptions options;
    options.port = static_cast<std::uint16_t>(port);
    options.isServer = false;
    options.waitWorkers = false;
    options.timeout = timeout;
    return c10::make_intrusive<c10d::PrefixStore>(
        "kibitz", c10::make_intrusive<c10d::TCPStore>("127.0.0.1", options));
  }

  // Beats as a live rank does (every 0.5 s; faster here), until destroyed
  // or rank 0's store goes away.
  void beat() {
    const std::string key = "beat/" + std::to_string(rank_);
    while (!stop_) {
      try {
        beats_->add(key, 1);
      } catch (const std::exception&) {
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  c10::intrusive_ptr<c10d::Store> store_;
  c10::intrusive_ptr<c10d::Store> beats_;
  int rank_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace kibitz::training::testing
