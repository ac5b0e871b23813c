// kibitz_allreduce_bench: what distributed training's gradient averaging
// costs on this machine (docs/training.md, "Measurements"; issue 21). The
// ranks talk over loopback through the trainer's own Group
// (training/distributed/group.h: a TCPStore rendezvous, ProcessGroupGloo
// with one worker thread, the --dist-timeout machinery), so a figure here is
// what one call costs a training step, not what Gloo could do tuned.
//
//   allreduce/world:N/floats:F   Group::allreduce_sum of one flat float
//                                tensor of F floats (1 KiB to 64 MiB), the
//                                collective PPO and expert iteration call
//                                once per optimizer step.
//   store_add                    one add(key, 0) to a TCPStore on loopback
//                                (a heartbeat or a waiting rank's poll of
//                                rank 0's store): round trip, and this
//                                process's CPU per request (server + client).
//   average_gradients/world:N/model:M
//                                distributed::average_gradients on a
//                                PolicyValueNet whose gradients are set:
//                                the whole per-step cost (the gradients
//                                scaled and concatenated into one buffer, the
//                                allreduce, the mean copied back), for
//                                M = 0: leduc_poker 128,128 and
//                                M = 1: loyalist_spies(rounds=1) 256,256, the
//                                shipped models' shapes (training/models/).
//
// Time is wall clock per call on rank 0 (UseRealTime: the reduction runs on
// Gloo's thread, not the timed one), the mean; min_us and median_us are the
// fastest and the median single call (on a shared machine the mean includes
// waits for a core, which the fastest calls escape). bytes_per_second is the message's
// bytes per second of call (algorithm bandwidth); bus_bw multiplies it by
// 2(N-1)/N, the share of the message each rank of a ring sends and
// receives, so it compares across world sizes.
//
// How the ranks are made: the bench is rank 0. For each world size it
// spawns N-1 copies of its own binary (posix_spawn of /proc/self/exe with
// `--follower RANK WORLD PORT`, so no torch or Gloo thread of this process
// is forked), which join the same Group at 127.0.0.1 on a free port. Before
// each timed loop rank 0 broadcasts one command (what to reduce, and
// Google Benchmark's iteration count for that run), and every follower makes
// the same calls the same number of times; after the last benchmark of a
// world size rank 0 broadcasts "stop" and the ranks finish together. Each
// rank runs torch on one thread, as `kibitz train --threads 1` does.
// Followers die with rank 0 (PR_SET_PDEATHSIG).
//
//   build-x/bench/kibitz_allreduce_bench --benchmark_filter=world:2
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents/neural/network.h"
#include "agents/neural/policy_value.h"
#include "env/core/registry.h"
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "training/distributed/group.h"
#include "training/distributed/model_sync.h"
#include "training/train_config.h"

extern char** environ;

namespace {

using kibitz::training::TrainConfig;
using kibitz::training::distributed::Group;

// What rank 0 asks the followers to do next.
enum Kind : std::int64_t { kStop = 0, kAllreduce = 1, kAverageGradients = 2 };
struct Command {
  std::int64_t kind = kStop;
  std::int64_t size = 0;  // floats, or the model's index
  std::int64_t iterations = 0;
};

constexpr double kTimeoutSeconds = 120.0;
// Rows each rank reports for its minibatch: any positive count does, the
// cost does not depend on it.
constexpr std::int64_t kRows = 256;

struct ModelSpec {
  const char* game;
  std::vector<int> hidden;
};
const ModelSpec kModels[] = {{"leduc_poker", {128, 128}},
                             {"loyalist_spies(rounds=1)", {256, 256}}};

// A port nobody listens on now (the kernel's pick on loopback, released at
// once; the ranks start right after).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    throw std::runtime_error(std::string("cannot find a free port: ") + std::strerror(errno));
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

TrainConfig rank_config(int rank, int world, int port) {
  TrainConfig config;
  config.world_size = world;
  config.rank = rank;
  config.master = "127.0.0.1:" + std::to_string(port);
  config.dist_timeout = kTimeoutSeconds;
  return config;
}

// Rank 0's command, on every rank.
Command exchange(Group& group, const Command& mine) {
  const torch::Tensor values = torch::tensor({mine.kind, mine.size, mine.iterations}, torch::kInt64);
  group.broadcast({values});
  return Command{values[0].item<std::int64_t>(), values[1].item<std::int64_t>(),
                 values[2].item<std::int64_t>()};
}

// A network of model `index`'s shape with every gradient set (one backward
// pass of a seeded random batch), as before an optimizer step.
kibitz::neural::PolicyValueNet model_with_gradients(std::int64_t index) {
  const ModelSpec& spec = kModels[index];
  const auto game = kibitz::load_game(spec.game);
  const kibitz::neural::NetworkShape shape = kibitz::neural::network_shape_for(*game, spec.hidden);
  kibitz::neural::PolicyValueNet net(shape, 1);
  torch::manual_seed(1);
  const auto output = net->forward(torch::randn({kRows, shape.input_size}));
  (output.logits.square().mean() + output.normalized_values.square().mean()).backward();
  return net;
}

std::int64_t parameter_count(kibitz::neural::PolicyValueNet& net) {
  std::int64_t count = 0;
  for (const torch::Tensor& parameter : net->parameters()) count += parameter.numel();
  return count;
}

// The followers' side of one command: the same calls rank 0 times.
void follow(Group& group, const Command& command) {
  if (command.kind == kAllreduce) {
    torch::Tensor buffer = torch::zeros({command.size});
    for (std::int64_t i = 0; i < command.iterations; ++i) group.allreduce_sum(buffer);
    return;
  }
  kibitz::neural::PolicyValueNet net = model_with_gradients(command.size);
  for (std::int64_t i = 0; i < command.iterations; ++i) {
    kibitz::training::distributed::average_gradients(group, net, kRows);
  }
}

int run_follower(int rank, int world, int port) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 1;  // rank 0 is already gone
  torch::set_num_threads(1);
  try {
    std::unique_ptr<Group> group = Group::join(rank_config(rank, world, port), nullptr);
    for (;;) {
      const Command command = exchange(*group, Command{});
      if (command.kind == kStop) break;
      follow(*group, command);
    }
    group->finish();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "allreduce_bench rank %d: %s\n", rank, e.what());
    return 1;
  }
  return 0;
}

// Rank 0 of one world size: its followers and the joined group.
class Ranks {
 public:
  explicit Ranks(int world) : world_(world) {
    const int port = free_port();
    for (int rank = 1; rank < world; ++rank) children_.push_back(spawn(rank, port));
    group_ = Group::join(rank_config(0, world, port), nullptr);
  }
  // Stops the followers, finishes together, reaps them.
  ~Ranks() {
    try {
      exchange(*group_, Command{});
      group_->finish();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "allreduce_bench: ending world size %d: %s\n", world_, e.what());
    }
    group_.reset();
    for (const pid_t child : children_) ::waitpid(child, nullptr, 0);
  }
  Ranks(const Ranks&) = delete;
  Ranks& operator=(const Ranks&) = delete;

  int world() const { return world_; }
  Group& group() { return *group_; }

 private:
  pid_t spawn(int rank, int port) const {
    std::vector<std::string> args = {"/proc/self/exe", "--follower", std::to_string(rank),
                                     std::to_string(world_), std::to_string(port)};
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    pid_t child = 0;
    if (const int code =
            ::posix_spawn(&child, "/proc/self/exe", nullptr, nullptr, argv.data(), environ);
        code != 0) {
      throw std::runtime_error(std::string("cannot start a rank: ") + std::strerror(code));
    }
    return child;
  }

  int world_;
  std::vector<pid_t> children_;
  std::unique_ptr<Group> group_;
};

// The ranks of the world size now being measured; a benchmark of another
// size ends them and starts new ones (the benchmarks are registered world
// size by world size, so this happens once per size).
std::unique_ptr<Ranks> current_ranks;

Group& group_of(int world) {
  if (!current_ranks || current_ranks->world() != world) {
    current_ranks.reset();
    current_ranks = std::make_unique<Ranks>(world);
  }
  return current_ranks->group();
}

void set_rates(benchmark::State& state, int world, std::int64_t floats) {
  const double bytes = static_cast<double>(floats) * sizeof(float);
  const double calls = static_cast<double>(state.iterations());
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes * calls));
  state.counters["bus_bw"] = benchmark::Counter(bytes * calls * 2.0 * (world - 1) / world,
                                                benchmark::Counter::kIsRate,
                                                benchmark::Counter::kIs1024);
  state.counters["floats"] = static_cast<double>(floats);
}

// Times each call of `call` in the timed loop; adds the fastest and the
// median call as counters (min_us: what a call costs when neither rank
// waits for a core, on a machine that others share).
template <typename Call>
void timed_calls(benchmark::State& state, Call&& call) {
  std::vector<double> seconds;
  seconds.reserve(static_cast<std::size_t>(state.max_iterations));
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    call();
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  state.counters["min_us"] = seconds.front() * 1e6;
  state.counters["median_us"] = seconds[seconds.size() / 2] * 1e6;
}

void BM_Allreduce(benchmark::State& state, int world, std::int64_t floats) {
  Group& group = group_of(world);
  exchange(group, Command{kAllreduce, floats, static_cast<std::int64_t>(state.max_iterations)});
  torch::Tensor buffer = torch::zeros({floats});
  timed_calls(state, [&] { group.allreduce_sum(buffer); });
  set_rates(state, world, floats);
}

void BM_AverageGradients(benchmark::State& state, int world, std::int64_t model) {
  Group& group = group_of(world);
  exchange(group,
           Command{kAverageGradients, model, static_cast<std::int64_t>(state.max_iterations)});
  kibitz::neural::PolicyValueNet net = model_with_gradients(model);
  timed_calls(state,
              [&] { kibitz::training::distributed::average_gradients(group, net, kRows); });
  set_rates(state, world, parameter_count(net) + 1);  // the rows ride in the last float
}

double process_cpu_seconds() {
  timespec now{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// One request to rank 0's store as a heartbeat or a waiting rank makes it
// (add(key, 0) reads a counter; add(key, 1) is a beat): a TCPStore server in
// this process, as rank 0 hosts it, and one client connection. cpu_per_request
// is this process's CPU time (server, client and the loopback's kernel work)
// per request: an upper bound on what each request costs rank 0.
void BM_StoreAdd(benchmark::State& state) {
  c10d::TCPStoreOptions options;
  options.port = static_cast<std::uint16_t>(free_port());
  options.isServer = true;
  options.waitWorkers = false;
  c10d::TCPStore server("127.0.0.1", options);
  options.isServer = false;
  c10d::TCPStore client("127.0.0.1", options);
  client.add("beat/1", 1);
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) benchmark::DoNotOptimize(client.add("beat/1", 0));
  const double cpu = process_cpu_seconds() - cpu_start;
  state.counters["cpu_per_request_us"] = cpu * 1e6 / static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations());
}

void register_world(int world) {
  const std::string suffix = "/world:" + std::to_string(world);
  for (std::int64_t floats = 256; floats <= (std::int64_t{16} << 20); floats *= 4) {
    benchmark::RegisterBenchmark(("allreduce" + suffix + "/floats:" + std::to_string(floats)).c_str(),
                                 BM_Allreduce, world, floats)
        ->UseRealTime()
        ->Unit(benchmark::kMicrosecond);
  }
  for (std::int64_t model = 0; model < 2; ++model) {
    benchmark::RegisterBenchmark(
        ("average_gradients" + suffix + "/model:" + std::to_string(model)).c_str(),
        BM_AverageGradients, world, model)
        ->UseRealTime()
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::strcmp(argv[1], "--follower") == 0) {
    return run_follower(std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]));
  }
  torch::set_num_threads(1);
  benchmark::RegisterBenchmark("store_add", BM_StoreAdd)->UseRealTime()->Unit(benchmark::kMicrosecond);
  // World size by world size, so each size's ranks start once.
  register_world(2);
  register_world(3);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  try {
    benchmark::RunSpecifiedBenchmarks();
    current_ranks.reset();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "allreduce_bench: %s\n", e.what());
    return 1;
  }
  benchmark::Shutdown();
  return 0;
}
