#include "training/distributed/group.h"

#include <glog/logging.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "env/core/error.h"
#include "training/distributed/backend.h"
#include "training/distributed/fault.h"

namespace kibitz::training::distributed {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kBeatInterval{500};
// After a collective fails, how long a rank must have been silent to be
// named as the one that died (a live rank beats every kBeatInterval, from a
// thread of its own), and how long the search for it lasts.
constexpr milliseconds kDiagnosisSilence{3000};
constexpr milliseconds kDiagnosisExtra{2000};
constexpr milliseconds kPeerCheckEvery{500};

// c10d's messages run to several lines (a C++ stack, a "Exception raised
// from" trailer): the first is the one that says what happened.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string seconds_text(milliseconds duration) {
  std::ostringstream text;
  text << static_cast<double>(duration.count()) / 1000.0 << " s";
  return text.str();
}

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

std::string text_of(const std::vector<std::uint8_t>& bytes) {
  return std::string(bytes.begin(), bytes.end());
}

// c10d logs its socket errors through glog before throwing them; kibitz
// reports each failure once, in its own words. GLOG_minloglevel, when set,
// is the user's to keep.
void quiet_c10d_logging() {
  if (std::getenv("GLOG_minloglevel") == nullptr) FLAGS_minloglevel = google::GLOG_FATAL;
}

c10::intrusive_ptr<c10d::Store> connect_tcp(const MasterAddress& master, bool server,
                                            milliseconds timeout) {
  c10d::TCPStoreOptions options;
  options.port = master.port;
  options.isServer = server;
  options.waitWorkers = false;  // the ranks meet in Group::introduce, which names the missing
  options.timeout = timeout;
  return c10::make_intrusive<c10d::TCPStore>(master.host, options);
}

// Asks `store` a question any TCPStore answers at once (a wait for no keys)
// and throws when no answer comes within `timeout`. c10d's client reads
// its answers with no time limit until its first wait, which gives its
// socket a receive timeout that stays for every later read; so without
// this, a port where something accepts connections but never answers (not
// a TCPStore, or a frozen one) would hold this rank's first store read, or
// its heartbeat, forever.
void expect_answer(c10d::Store& store, milliseconds timeout) { store.wait({}, timeout); }

std::string this_host() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

}  // namespace

Group::Group(const TrainConfig& config)
    : rank_(config.rank),
      size_(config.world_size),
      timeout_(static_cast<std::int64_t>(config.dist_timeout * 1000.0)),
      master_(parse_master(config.master)),
      device_(config.device),
      hosts_(static_cast<std::size_t>(config.world_size)) {
  if (device_ != "cpu") comm_device_ = torch::Device(device_);
}

std::unique_ptr<Group> Group::join(const TrainConfig& config,
                                   const std::function<void(const std::string&)>& log) {
  quiet_c10d_logging();
  // A peer that dies mid-send must be an error on this side, not SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<Group> group(new Group(config));
  group->open_store(config);
  try {
    group->introduce(config);
  } catch (const KibitzError&) {
    throw;
  } catch (const std::exception& e) {
    // The store answered once, then stopped: on rank 0 its own server is
    // stalled; elsewhere the master went away.
    if (group->rank_ == 0) throw DistributedFault(group->unreachable_verdict(first_line(e.what())));
    throw DistributedFault("rank 0, the master at " + config.master +
                           ", stopped answering while this rank joined (" + first_line(e.what()) +
                           ")");
  }
  group->arrive(false);  // every rank has joined, with the same options
  group->read_hosts();
  group->connect_backend();
  if (log) {
    log("joined the run at " + config.master + " as " + group->describe(group->rank_) +
        ", one of " + std::to_string(group->size_) + " ranks");
  }
  return group;
}

void Group::open_store(const TrainConfig& config) {
  try {
    tcp_ = connect_tcp(master_, rank_ == 0, timeout_);
  } catch (const std::exception& e) {
    const std::string cause = first_line(e.what());
    if (rank_ == 0) {
      const bool in_use = cause.find("in use") != std::string::npos;
      throw error("--master ", config.master, ": rank 0 cannot start the rendezvous: ",
                  in_use ? "port " + std::to_string(master_.port) +
                               " is in use on this machine; pick a free port"
                         : cause);
    }
    throw DistributedFault("rank 0, the master at " + config.master +
                           ", cannot be reached within " + seconds_text(timeout_) +
                           " (--dist-timeout): " + cause +
                           "; is rank 0 running there, and is the port open?");
  }
  try {
    expect_answer(*tcp_, timeout_);
  } catch (const std::exception& e) {
    // On rank 0 the server is this process's own: a peer that connected as
    // soon as it listened and sent half a request holds it (under load that
    // can come before this first question), and it must not be destroyed.
    if (rank_ == 0) throw DistributedFault(unreachable_verdict(first_line(e.what())));
    throw DistributedFault("rank 0, the master at " + config.master +
                           ", accepted the connection but did not answer as a kibitz "
                           "rendezvous within " +
                           seconds_text(timeout_) + " (--dist-timeout): " + first_line(e.what()) +
                           "; is --master rank 0's port, and is rank 0 running (not stopped)?");
  }
  store_ = c10::make_intrusive<c10d::PrefixStore>("kibitz", tcp_);
}

void Group::introduce(const TrainConfig& config) {
  const std::string me = std::to_string(rank_);
  if (store_->add("claim/" + me, 1) > 1) {
    throw error("--rank ", rank_, ": another process has already joined the run at ", config.master,
                " as rank ", rank_);
  }
  store_->set("host/" + me, bytes_of(this_host() + ", pid " + std::to_string(::getpid())));
  const std::string fingerprint = run_fingerprint(config);
  if (rank_ == 0) store_->set("options", bytes_of(fingerprint));
  const c10::intrusive_ptr<c10d::Store> beats = connect_tcp(master_, false, timeout_);
  expect_answer(*beats, timeout_);  // so that a beat, and ~Heartbeat, never waits longer
  heartbeat_ = std::make_unique<Heartbeat>(c10::make_intrusive<c10d::PrefixStore>("kibitz", beats),
                                           rank_, kBeatInterval);
  watch_ = std::make_unique<PeerWatch>(*store_, rank_, size_);
  if (rank_ == 0) return;
  const std::string difference = guarded("reading rank 0's options", [&] {
    store_->wait({"options"}, timeout_);
    return fingerprint_difference(text_of(store_->get("options")), fingerprint);
  });
  if (!difference.empty()) {
    const std::string reason = "its options differ from rank 0's: " + difference;
    announce_stop(reason);
    throw error("rank ", rank_, ": ", reason, " (every rank of a run must be given the same ones)");
  }
}

void Group::read_hosts() {
  guarded("reading the ranks' hosts", [&] {
    for (int rank = 0; rank < size_; ++rank) {
      hosts_[static_cast<std::size_t>(rank)] = text_of(store_->get("host/" + std::to_string(rank)));
    }
    return 0;
  });
}

void Group::connect_backend() {
  constexpr const char* during = "connecting to the other ranks";
  guarded(during, [&] { return store_->add("connecting/" + std::to_string(rank_), 1); });
  try {
    backend_ = make_process_group(c10::make_intrusive<c10d::PrefixStore>("gloo", tcp_), rank_,
                                  size_, device_, master_.host, timeout_);
  } catch (const KibitzError&) {
    throw;
  } catch (const std::exception& e) {
    // Gloo gives up after --dist-timeout without saying on whom; a rank
    // that died or stopped is found as after any collective, and a rank
    // that beats but never started connecting is named here.
    const std::string cause = first_line(e.what());
    std::optional<std::string> verdict = diagnose();
    if (!verdict) verdict = backend_verdict(cause);
    raise(*verdict, during);
  }
}

std::string Group::backend_verdict(const std::string& cause) {
  try {
    for (int rank = 0; rank < size_; ++rank) {
      if (rank == rank_ || store_->check({"connecting/" + std::to_string(rank)})) continue;
      return describe(rank) + " joined but did not start connecting to the others within " +
             seconds_text(timeout_) + " (--dist-timeout), while it still beats";
    }
  } catch (const std::exception& e) {
    return unreachable_verdict(first_line(e.what()));
  }
  return "the ranks could not connect to each other through Gloo within " +
         seconds_text(timeout_) + " (--dist-timeout) while every rank still beats (" + cause +
         "): is a firewall between their machines, or is Gloo on the wrong interface "
         "(GLOO_SOCKET_IFNAME)? See docs/distributed.md, \"The ports to open\"";
}

std::string Group::unreachable_verdict(const std::string& cause) {
  store_lost_ = true;
  lost_cause_ = cause;
  if (rank_ == 0) {
    return "the rendezvous this rank hosts (the TCPStore at --master) stopped answering (" + cause +
           "): a process connected to its port may have stalled it, or this machine is "
           "overloaded";
  }
  return describe(0) + ", the master, cannot be reached (" + cause +
         "): it died, stopped, or its machine is unreachable";
}

void Group::learn_hosts() noexcept {
  for (int rank = 0; rank < size_ && !store_lost_; ++rank) {
    std::string& host = hosts_[static_cast<std::size_t>(rank)];
    if (!host.empty()) continue;
    const std::string key = "host/" + std::to_string(rank);
    try {
      if (store_->check({key})) host = text_of(store_->get(key));
    } catch (const std::exception& e) {
      // The store is gone: the ranks are named without their hosts, and
      // the store is asked nothing more.
      store_lost_ = true;
      lost_cause_ = first_line(e.what());
      return;
    }
  }
}

std::string Group::describe(int rank) const {
  const std::string& host = hosts_[static_cast<std::size_t>(rank)];
  return "rank " + std::to_string(rank) + (host.empty() ? "" : " (host " + host + ")");
}

template <typename Body>
auto Group::guarded(const char* during, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const KibitzError&) {
    throw;  // already in kibitz's words (DistributedFault included)
  } catch (const std::exception& e) {
    fail(during, e.what());
  }
}

void Group::fail(const char* during, const std::string& cause) {
  const std::string line = first_line(cause);
  raise(diagnose().value_or("a collective failed while every rank still answers (" + line + ")"),
        during);
}

void Group::raise(const std::string& verdict, const std::string& during) {
  failed_ = true;
  try {
    // A store that stopped answering would only make this wait again.
    if (!store_lost_) post_stop_notice(*store_, StopNotice{rank_, false, verdict});
  } catch (const std::exception&) {
    // The store is gone with the master; the verdict says so.
  }
  throw DistributedFault(verdict + " (" + describe(rank_) + " found out while " + during + ")");
}

std::string Group::verdict_of(const std::vector<StopNotice>& notices) const {
  // A rank's own error first: the others' notices only repeat it.
  for (const StopNotice& notice : notices) {
    if (notice.own_error) return describe(notice.rank) + " stopped on an error: " + notice.reason;
  }
  return notices.front().reason;  // what that rank found: the root cause
}

std::optional<std::string> Group::diagnose() {
  learn_hosts();
  if (store_lost_) return unreachable_verdict(lost_cause_);
  const milliseconds silence = std::min(timeout_, kDiagnosisSilence);
  const Clock::time_point deadline = Clock::now() + silence + kDiagnosisExtra;
  try {
    for (;;) {
      const std::vector<StopNotice> notices = watch_->stop_notices();
      if (!notices.empty()) {
        learn_hosts();
        return verdict_of(notices);
      }
      if (const std::optional<int> silent = watch_->silent_rank(silence)) {
        return describe(*silent) + " died or stopped answering: no heartbeat for " +
               seconds_text(silence);
      }
      if (Clock::now() >= deadline) break;
      std::this_thread::sleep_for(milliseconds(200));
    }
  } catch (const std::exception& e) {
    return unreachable_verdict(first_line(e.what()));
  }
  return std::nullopt;
}

void Group::check_peers(milliseconds silence) {
  const std::vector<StopNotice> notices = watch_->stop_notices();
  if (!notices.empty()) {
    learn_hosts();
    raise(verdict_of(notices), "waiting for it");
  }
  if (const std::optional<int> silent = watch_->silent_rank(silence)) {
    learn_hosts();
    raise(watch_->has_beaten(*silent)
              ? describe(*silent) + " died or stopped answering: no heartbeat for " +
                    seconds_text(silence) + " (--dist-timeout)"
              : describe(*silent) + " did not join within " + seconds_text(silence) +
                    " (--dist-timeout)",
          "waiting for it");
  }
}

bool Group::arrive(bool stop) {
  const std::string key = "arrive/" + std::to_string(++arrivals_);
  return guarded("waiting for every rank", [&] {
    if (stop) store_->add(key + "/stop", 1);
    store_->add(key, 1);
    auto pause = std::chrono::microseconds(100);
    Clock::time_point next_check = Clock::now();
    while (store_->add(key, 0) < size_) {
      if (Clock::now() >= next_check) {
        check_peers(timeout_);
        next_check = Clock::now() + kPeerCheckEvery;
      }
      std::this_thread::sleep_for(pause);
      pause = std::min<std::chrono::microseconds>(pause * 2, milliseconds(20));
    }
    return store_->add(key + "/stop", 0) > 0;
  });
}

void Group::announce_stop(const std::string& reason) noexcept {
  if (failed_ || !store_) return;
  failed_ = true;
  try {
    post_stop_notice(*store_, StopNotice{rank_, true, reason});
  } catch (const std::exception&) {
    // Nobody left to tell.
  }
}

void Group::finish() { arrive(false); }

}  // namespace kibitz::training::distributed

namespace kibitz::training::distributed {
namespace {

// Every tensor of `tensors` (one dtype) as one flat tensor, in order.
torch::Tensor flatten(const std::vector<torch::Tensor>& tensors) {
  std::vector<torch::Tensor> pieces;
  pieces.reserve(tensors.size());
  for (const torch::Tensor& tensor : tensors) pieces.push_back(tensor.detach().reshape(-1));
  return torch::cat(pieces);
}

}  // namespace

Group::~Group() {
  heartbeat_.reset();
  // Closing the backend's connections first wakes any rank blocked in a
  // collective with this one: it finds out now, not at its timeout.
  backend_.reset();
  if (store_lost_ && rank_ == 0) {
    // c10d's store server reads each request to its end, so a client that
    // sent half of one holds it, and destroying the server would wait for
    // that client to go. The process is about to exit: leave the server be,
    // and tell LeakSanitizer (KIBITZ_SANITIZE=ON) the leak is meant, or its
    // report at exit would replace the rank's exit status.
    c10d::Store* const server = tcp_.release();
#if defined(__SANITIZE_ADDRESS__)
    __lsan_ignore_object(server);
#else
    (void)server;
#endif
    return;
  }
  if (store_ && watch_ && !store_lost_) {
    if (rank_ != 0) {
      try {
        store_->set("left/" + std::to_string(rank_), bytes_of("1"));
      } catch (const std::exception&) {
        // The master is gone already.
      }
    } else {
      linger();
    }
  }
}

void Group::linger() noexcept {
  const Clock::time_point deadline = Clock::now() + timeout_;
  try {
    while (Clock::now() < deadline) {
      const std::vector<int> silent = watch_->silent_ranks(std::min(timeout_, kDiagnosisSilence));
      int gone = 0;
      for (int rank = 1; rank < size_; ++rank) {
        const bool dead = std::find(silent.begin(), silent.end(), rank) != silent.end();
        if (dead || store_->check({"left/" + std::to_string(rank)})) ++gone;
      }
      if (gone == size_ - 1) return;
      std::this_thread::sleep_for(milliseconds(50));
    }
  } catch (const std::exception&) {
    // The store is this process's own; a failure here ends the wait.
  }
}

void Group::broadcast(const std::vector<torch::Tensor>& tensors) {
  if (tensors.empty()) return;
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> flat = {flatten(tensors).to(comm_device_).contiguous()};
  guarded("receiving rank 0's state", [&] {
    backend_->broadcast(flat)->wait();
    return 0;
  });
  std::int64_t offset = 0;
  for (const torch::Tensor& tensor : tensors) {
    const std::int64_t n = tensor.numel();
    tensor.detach().copy_(flat[0].slice(0, offset, offset + n).view(tensor.sizes()));
    offset += n;
  }
}

std::int64_t Group::broadcast_count(std::int64_t count) {
  const torch::Tensor value = torch::full({1}, count, torch::kInt64);
  broadcast({value});
  return value.item<std::int64_t>();
}

void Group::broadcast_bytes(std::string& bytes) {
  const std::int64_t size = broadcast_count(static_cast<std::int64_t>(bytes.size()));
  if (size == 0) {
    bytes.clear();
    return;
  }
  torch::Tensor buffer = torch::empty({size}, torch::kUInt8);
  if (rank_ == 0) std::memcpy(buffer.data_ptr(), bytes.data(), bytes.size());
  broadcast({buffer});
  bytes.assign(static_cast<const char*>(buffer.data_ptr()), static_cast<std::size_t>(size));
}

void Group::allreduce_sum(torch::Tensor& flat) {
  std::vector<torch::Tensor> buffer = {flat.to(comm_device_).contiguous()};
  guarded("summing over the ranks", [&] {
    backend_->allreduce(buffer)->wait();
    return 0;
  });
  if (!buffer[0].is_same(flat)) flat.copy_(buffer[0]);
}

void Group::sum(std::vector<double>& values) {
  if (values.empty()) return;
  torch::Tensor flat =
      torch::from_blob(values.data(), {static_cast<std::int64_t>(values.size())}, torch::kFloat64)
          .clone();
  allreduce_sum(flat);
  for (std::size_t i = 0; i < values.size(); ++i) {
    values[i] = flat[static_cast<std::int64_t>(i)].item<double>();
  }
}

void Group::average(std::vector<double>& values) {
  sum(values);
  for (double& value : values) value /= size_;
}

std::vector<double> Group::allgather(const std::vector<double>& mine) {
  const auto width = static_cast<std::int64_t>(mine.size());
  std::vector<torch::Tensor> input = {
      torch::from_blob(const_cast<double*>(mine.data()), {width}, torch::kFloat64)
          .clone()
          .to(comm_device_)};
  std::vector<std::vector<torch::Tensor>> output(1);
  for (int rank = 0; rank < size_; ++rank) output[0].push_back(torch::empty_like(input[0]));
  guarded("gathering from the ranks", [&] {
    backend_->allgather(output, input)->wait();
    return 0;
  });
  std::vector<double> all;
  all.reserve(static_cast<std::size_t>(width * size_));
  for (const torch::Tensor& part : output[0]) {
    const torch::Tensor cpu = part.to(torch::kCPU).contiguous();
    all.insert(all.end(), cpu.data_ptr<double>(), cpu.data_ptr<double>() + width);
  }
  return all;
}

std::vector<float> Group::allgather_varying(const std::vector<float>& mine,
                                            std::vector<std::int64_t>& counts) {
  const std::vector<double> sizes = allgather({static_cast<double>(mine.size())});
  counts.assign(sizes.begin(), sizes.end());
  const std::int64_t widest = *std::max_element(counts.begin(), counts.end());
  std::vector<float> all;
  if (widest == 0) return all;
  // Every rank sends the same length: its own values, then zeros.
  torch::Tensor padded = torch::zeros({widest}, torch::kFloat32);
  std::memcpy(padded.data_ptr(), mine.data(), mine.size() * sizeof(float));
  std::vector<torch::Tensor> input = {padded.to(comm_device_)};
  std::vector<std::vector<torch::Tensor>> output(1);
  for (int rank = 0; rank < size_; ++rank) output[0].push_back(torch::empty_like(input[0]));
  guarded("gathering from the ranks", [&] {
    backend_->allgather(output, input)->wait();
    return 0;
  });
  for (int rank = 0; rank < size_; ++rank) {
    const torch::Tensor cpu =
        output[0][static_cast<std::size_t>(rank)].to(torch::kCPU).contiguous();
    all.insert(all.end(), cpu.data_ptr<float>(),
               cpu.data_ptr<float>() + counts[static_cast<std::size_t>(rank)]);
  }
  return all;
}

}  // namespace kibitz::training::distributed
