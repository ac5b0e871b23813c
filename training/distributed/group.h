// Group: the ranks of one distributed run, joined (docs/training.md,
// "Distributed training"). Rank 0 hosts the rendezvous, a c10d::TCPStore at
// --master; every rank posts its host there, checks its options against
// rank 0's, starts beating (liveness.h) and connects to the others through
// the collective backend (backend.h). Every operation that waits on other
// ranks either completes or throws: DistributedFault naming the rank that
// failed and its host when another rank died, stopped answering for
// --dist-timeout or stopped on an error, or the master cannot be reached;
// never a hang, never an abort. Internal to training/ (includes LibTorch).
#pragma once

#include <torch/torch.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <vector>

#include "training/distributed/dist_config.h"
#include "training/distributed/liveness.h"
#include "training/train_config.h"

namespace kibitz::training::distributed {

class Group {
 public:
  // Joins the run `config` describes (world_size > 1, already validated).
  // Throws KibitzError when rank 0 cannot listen on --master's port,
  // another process joined as this rank, or this rank's options differ
  // from rank 0's; and
  // DistributedFault when the master cannot be reached or does not answer
  // within --dist-timeout, or another rank fails while joining, does not
  // join or does not connect within it. No step waits longer than
  // --dist-timeout for one answer. `log` receives one line once joined.
  static std::unique_ptr<Group> join(const TrainConfig& config,
                                     const std::function<void(const std::string&)>& log);
  // Leaves the run. Rank 0, whose process holds the store, first waits (at
  // most --dist-timeout) for every other live rank to leave, so none of
  // them loses the store while it still reads it.
  ~Group();
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // "rank 1 (host h, pid 4242)".
  std::string describe(int rank) const;

  // The collectives. Every rank calls the same ones, in the same order.
  // Rank 0's tensors (all of one dtype), in place on every rank, sent as
  // one flat buffer.
  void broadcast(const std::vector<torch::Tensor>& tensors);
  // Rank 0's bytes.
  void broadcast_bytes(std::string& bytes);
  // Rank 0's count.
  std::int64_t broadcast_count(std::int64_t count);
  // The sum over the ranks of `flat` (one float or double tensor), in place.
  void allreduce_sum(torch::Tensor& flat);
  // The sum, and the mean, over the ranks of each value, in place.
  void sum(std::vector<double>& values);
  void average(std::vector<double>& values);
  // Every rank's `mine` (the same length on every rank), rank after rank.
  std::vector<double> allgather(const std::vector<double>& mine);
  // Every rank's `mine` (any length), rank after rank; `counts` receives
  // each rank's length.
  std::vector<float> allgather_varying(const std::vector<float>& mine,
                                       std::vector<std::int64_t>& counts);
  // Waits until every rank calls it, with no time limit while they all
  // beat (a rank may be far behind: self-play, rank 0's evaluation);
  // returns whether any rank asked to stop. The call to make before the
  // collectives that follow such a phase, whose own time limit is
  // --dist-timeout.
  bool arrive(bool stop);

  // This rank stops on its own error: tells the others why, so they report
  // it. Never throws.
  void announce_stop(const std::string& reason) noexcept;
  // The run ends normally: waits for every rank to get here.
  void finish();

 private:
  explicit Group(const TrainConfig& config);
  void open_store(const TrainConfig& config);
  void introduce(const TrainConfig& config);
  void read_hosts();
  // Connects to the other ranks through the collective backend; throws
  // DistributedFault naming the rank that failed, or the one that never
  // started connecting, when that does not complete within --dist-timeout.
  void connect_backend();
  // Who kept the backend from connecting when every rank still beats.
  std::string backend_verdict(const std::string& cause);
  // The store stopped answering (`cause`): rank 0's own server is stalled,
  // or, on another rank, the master is gone. Marks the store lost.
  std::string unreachable_verdict(const std::string& cause);

  // Runs `body`; an exception from c10d (another rank failed, the store is
  // gone) becomes a DistributedFault naming the rank that failed.
  template <typename Body>
  auto guarded(const char* during, Body&& body) -> decltype(body());
  [[noreturn]] void fail(const char* during, const std::string& cause);
  // Tells the others what this rank found (`verdict`) and throws it as a
  // DistributedFault.
  [[noreturn]] void raise(const std::string& verdict, const std::string& during);
  // The failed rank and how, found through the store; nullopt when every
  // rank still answers.
  std::optional<std::string> diagnose();
  // Throws DistributedFault when a rank posted a stop notice or has been
  // silent for `silence`.
  void check_peers(std::chrono::milliseconds silence);
  // What the notices say failed: a rank's own error before the others'
  // reports of it.
  std::string verdict_of(const std::vector<StopNotice>& notices) const;
  // Reads the hosts of ranks not yet known that have posted theirs.
  void learn_hosts() noexcept;
  void linger() noexcept;

  int rank_;
  int size_;
  std::chrono::milliseconds timeout_;
  MasterAddress master_;
  std::string device_;
  torch::Device comm_device_{torch::kCPU};
  c10::intrusive_ptr<c10d::Store> tcp_;    // the TCPStore: the server on rank 0
  c10::intrusive_ptr<c10d::Store> store_;  // tcp_ under "kibitz/"
  std::unique_ptr<Heartbeat> heartbeat_;
  std::unique_ptr<PeerWatch> watch_;
  c10::intrusive_ptr<c10d::ProcessGroup> backend_;
  std::vector<std::string> hosts_;  // "host h, pid p" by rank, once joined
  std::int64_t arrivals_ = 0;
  bool failed_ = false;  // a fault was raised or announced here
  // The store stopped answering within --dist-timeout: nothing more is
  // asked of it (each question would wait that long again).
  bool store_lost_ = false;
  std::string lost_cause_;  // what the store's last answer was instead
};

}  // namespace kibitz::training::distributed
