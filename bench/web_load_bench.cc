// kibitz_web_load_bench: `kibitz serve` under load on loopback (issue 20).
// Many tables play at once, each with random agents and one simulated
// person, a WebSocket client (tests/web/load_driver.h) that answers every
// turn with a random legal action. Measured: the server's added latency per
// person move, its CPU time and its memory.
//
// The server (web/server/server.h, the code `kibitz serve` runs) is started
// by this program in a child process (fork, before any thread), on
// 127.0.0.1 port 0, so that its memory and CPU time are its own: the
// clients' sockets, buffers and records stay in the parent. Both processes
// share the machine's cores. One warm-up table is played first; then
// /proc/PID/status gives the server's VmRSS (the base), its VmRSS with
// every first table live (all their people seated, none answered yet) and
// its VmHWM (the peak) at the end.
//
//   web_load/GAMES/slots:S/games:G/PEOPLE
//     S tables at once, each slot playing G games one after another (a new
//     table per game, created over HTTP); GAMES is one game or `mix` (every
//     registered game in turn); PEOPLE is `at_once` (each turn answered as
//     soon as it is read: the server saturated; the rate limit raised so
//     that nothing is refused) or `paced` (a person thinks 50-250 ms; the
//     rate limit and burst at their defaults, 10/s and 20).
//
// One iteration is the whole load (fixed work, so --benchmark_min_time does
// not change it); the time is wall time. Counters: p50_us, p99_us, max_us
// (the added latency per person move, load_driver.h says what it covers),
// acts (person moves), items_per_second (person moves/s), moves_per_s
// (every move of every table, chance and agents included), server_cpu_s
// and server_cpu_us_per_move (the server's user and system time over every
// move, table creation and replay writing included), and the server's RSS
// above the base in MiB (rss_live_MiB: with every first table live;
// rss_peak_MiB: VmHWM) and per live table (KiB_per_table, from rss_live).
// A run that stalls, has an act refused or a replay missing is an error.
#include <benchmark/benchmark.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/web/load_driver.h"
#include "web/server/server.h"

namespace kibitz::bench {
namespace {

using web::testing::LoadOptions;
using web::testing::LoadTable;

// VmRSS or VmHWM of process `pid`, in KiB; -1 when unreadable.
long status_kib(pid_t pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

// User and system CPU time of process `pid`, in seconds (/proc/PID/stat,
// fields 14 and 15, in clock ticks); -1 when unreadable.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t after_name = text.rfind(')');  // the name may hold spaces
  if (after_name == std::string::npos) return -1;
  std::istringstream fields(text.substr(after_name + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i >= 14) ticks += std::stod(field);
  }
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// A kibitz::web::Server in a child process. Closing the control pipe (the
// destructor, or this process ending) stops it.
class ServerProcess {
 public:
  explicit ServerProcess(const web::ServerOptions& options) {
    int port_pipe[2], control[2];
    if (::pipe(port_pipe) != 0 || ::pipe(control) != 0) throw error("pipe failed");
    std::fflush(nullptr);  // the child must not flush the parent's buffered output again
    pid_ = ::fork();
    if (pid_ < 0) throw error("fork failed");
    if (pid_ == 0) {
      ::close(port_pipe[0]);
      ::close(control[1]);
      serve(options, port_pipe[1], control[0]);
    }
    ::close(port_pipe[1]);
    ::close(control[0]);
    control_ = control[1];
    unsigned short port = 0;
    const bool read_port = ::read(port_pipe[0], &port, sizeof port) == sizeof port;
    ::close(port_pipe[0]);
    if (!read_port || port == 0) throw error("the server process did not start");
    port_ = port;
  }
  ~ServerProcess() { stop(); }

  unsigned short port() const { return port_; }
  long kib(const std::string& field) const { return status_kib(pid_, field); }
  double cpu() const { return cpu_seconds(pid_); }
  // Stops the server and reaps it; true when it exited cleanly.
  bool stop() {
    if (pid_ <= 0) return clean_;
    ::close(control_);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    clean_ = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return clean_;
  }

 private:
  [[noreturn]] static void serve(const web::ServerOptions& options, int port_fd, int control_fd) {
    int code = 0;
    try {
      web::Server server(options);
      server.start();
      const unsigned short port = server.port();
      if (::write(port_fd, &port, sizeof port) != sizeof port) ::_exit(3);
      char byte;
      while (::read(control_fd, &byte, 1) > 0) {
      }
      server.stop();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "web_load_bench server: %s\n", e.what());
      code = 2;
    }
    ::_exit(code);  // no static destructors, no stdio flush: they are the parent's
  }

  pid_t pid_ = -1;
  int control_ = -1;
  unsigned short port_ = 0;
  bool clean_ = false;
};

struct LoadConfig {
  std::string games;  // a game spec, or "mix"
  int slots = 200;
  int games_per_slot = 1;
  bool paced = false;
};

// One person in seat 0 (seat 1 for every other table, so both orders are
// played), random agents elsewhere.
std::vector<LoadTable> tables_of(const LoadConfig& config) {
  std::vector<std::string> specs;
  if (config.games == "mix") {
    for (const GameInfo& info : registered_games()) specs.push_back(info.name);
  } else {
    specs.push_back(config.games);
  }
  std::vector<LoadTable> tables;
  for (int t = 0; t < config.slots; ++t) {
    const std::string& spec = specs[static_cast<std::size_t>(t) % specs.size()];
    const int players = load_game(spec)->num_players();
    std::vector<std::string> seats(static_cast<std::size_t>(players), "random");
    seats[static_cast<std::size_t>((t / static_cast<int>(specs.size())) % 2 % players)] = "human";
    tables.push_back({spec, seats});
  }
  return tables;
}

web::ServerOptions server_options(const LoadConfig& config, const std::string& replay_dir) {
  web::ServerOptions options;
  options.port = 0;
  options.registry.replay_dir = replay_dir;
  options.registry.limits.max_tables = config.slots + 8;
  options.network.max_connections = 4 * config.slots + 64;
  // Every simulated client comes from 127.0.0.1: one address, all the load.
  options.network.max_connections_per_client = options.network.max_connections;
  options.network.tables_per_minute = 1e6;
  if (!config.paced) {
    // People who answer at once outrun 10 messages a second; refusals
    // would be measured as replies, so the limit is out of the way.
    options.network.messages_per_second = 1e6;
    options.network.message_burst = 1000000;
  }
  return options;
}

std::size_t files_in(const std::filesystem::path& dir) {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) n += entry.path().extension() == ".kbr";
  return n;
}

// The checks that make a run's figures meaningful; empty when they hold.
std::string run_problem(const web::testing::LoadResult& result, const web::testing::LoadSummary& summary,
                        std::size_t replays, std::size_t expected_replays, bool server_clean) {
  if (!result.completed) return result.failure;
  if (summary.refused > 0) return std::to_string(summary.refused) + " acts were refused";
  if (summary.errors > 0) return std::to_string(summary.errors) + " error messages";
  if (summary.unconfirmed > 0) return std::to_string(summary.unconfirmed) + " acts not confirmed first";
  if (replays != expected_replays) {
    return std::to_string(replays) + " replays for " + std::to_string(expected_replays) + " tables";
  }
  if (!server_clean) return "the server process did not exit cleanly";
  return "";
}

void web_load(benchmark::State& bench, const LoadConfig& config) {
  const std::filesystem::path replay_dir =
      std::filesystem::temp_directory_path() / ("kibitz_web_load_bench_" + std::to_string(::getpid()));
  for (auto _ : bench) {
    std::filesystem::remove_all(replay_dir);
    ServerProcess server(server_options(config, replay_dir.string()));
    LoadOptions options;
    options.port = server.port();
    options.deadline = std::chrono::minutes(5);
    // One table first, so that the base figure has the server's threads,
    // their stacks and allocator arenas already touched.
    if (config.paced) {
      options.think_min = std::chrono::milliseconds(50);
      options.think_max = std::chrono::milliseconds(250);
    }
    options.slots = {tables_of(config).front()};
    const std::string warm_up = web::testing::run_load(options).failure;
    if (!warm_up.empty()) {
      bench.SkipWithError(("the warm-up table failed: " + warm_up).c_str());
      return;
    }
    options.slots = tables_of(config);
    options.games_per_slot = config.games_per_slot;
    const long rss_before = server.kib("VmRSS");
    const double cpu_before = server.cpu();
    std::atomic<long> rss_live{-1};
    options.on_all_seated = [&] { rss_live = server.kib("VmRSS"); };
    const web::testing::LoadResult result = web::testing::run_load(options);
    const long hwm = server.kib("VmHWM");
    const double cpu = server.cpu() - cpu_before;
    const bool clean = server.stop();
    const auto summary = web::testing::summarize(result);
    // The warm-up's replay is one more file.
    const std::string problem =
        run_problem(result, summary, files_in(replay_dir), result.table_ids.size() + 1, clean);
    std::filesystem::remove_all(replay_dir);
    if (!problem.empty()) {
      bench.SkipWithError(problem.c_str());
      return;
    }
    bench.SetIterationTime(result.seconds);
    bench.counters["p50_us"] = summary.latency_us(0.50);
    bench.counters["p99_us"] = summary.latency_us(0.99);
    bench.counters["max_us"] = summary.latency_us(1.0);
    bench.counters["acts"] = static_cast<double>(summary.acts);
    bench.counters["tables"] = static_cast<double>(result.table_ids.size());
    bench.counters["moves_per_s"] = static_cast<double>(summary.table_moves) / result.seconds;
    bench.counters["server_cpu_s"] = cpu;
    bench.counters["server_cpu_us_per_move"] = 1e6 * cpu / static_cast<double>(summary.table_moves);
    bench.counters["rss_base_MiB"] = rss_before / 1024.0;
    bench.counters["rss_live_MiB"] = (rss_live - rss_before) / 1024.0;
    bench.counters["rss_peak_MiB"] = (hwm - rss_before) / 1024.0;
    bench.counters["KiB_per_table"] = static_cast<double>(rss_live - rss_before) / config.slots;
    bench.SetItemsProcessed(summary.acts);
  }
}

void register_loads() {
  const std::vector<LoadConfig> configs = {
      {"leduc_poker", 1, 200, false},  // one table at a time: the unloaded latency
      {"leduc_poker", 200, 3, false},
      {"loyalist_spies", 1, 20, false},
      {"loyalist_spies", 200, 1, false},
      {"mix", 200, 1, false},
      {"mix", 200, 1, true},
      {"loyalist_spies", 200, 1, true},
  };
  for (const LoadConfig& config : configs) {
    const std::string name = "web_load/" + config.games + "/slots:" + std::to_string(config.slots) +
                             "/games:" + std::to_string(config.games_per_slot) + "/" +
                             (config.paced ? "paced" : "at_once");
    benchmark::RegisterBenchmark(name.c_str(), web_load, config)
        ->Iterations(1)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  kibitz::bench::register_loads();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
