// kibitz_startup_bench: what a command costs before it does anything, in
// CPU time and memory of the child process (issue 34: "start-up in
// milliseconds"). Each iteration runs one command line to its end with
// fork and exec and reads the child's rusage (user + system CPU, peak
// resident memory): CPU time, not wall time, so a busy shared machine does
// not count against the command. Both programs are measured in the same
// run: `kibitz` (no LibTorch) and `kibitz-torch` (the same commands with
// LibTorch linked, as every command was before the split), so their ratio
// is the before and after of one run.
//
//   build/bench/kibitz_startup_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// Target: `--help`, `games` and a 10-game Kuhn `arena` under 50 ms of CPU
// each with `kibitz`.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace {

struct ChildCost {
  double cpu_seconds = 0;
  double max_rss_kb = 0;
  int status = -1;
};

// Runs `argv` with stdout and stderr to /dev/null; waits for it.
ChildCost run_child(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  std::vector<std::string> copies = argv;
  for (std::string& word : copies) args.push_back(word.data());
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ChildCost cost;
  struct rusage usage {};
  if (pid < 0 || ::wait4(pid, &cost.status, 0, &usage) != pid) return cost;
  cost.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  cost.max_rss_kb = static_cast<double>(usage.ru_maxrss);
  return cost;
}

// One command line of `program` (KIBITZ_TOOLS_DIR/program): iteration time
// is the child's CPU time.
void command_cost(benchmark::State& state, const std::string& program, std::vector<std::string> words) {
  std::vector<std::string> argv = {std::string(KIBITZ_TOOLS_DIR) + "/" + program};
  argv.insert(argv.end(), words.begin(), words.end());
  double rss = 0;
  for (auto _ : state) {
    const ChildCost cost = run_child(argv);
    if (!WIFEXITED(cost.status) || WEXITSTATUS(cost.status) != 0) {
      state.SkipWithError(("'" + program + "' failed; run it by hand to see why").c_str());
      return;
    }
    state.SetIterationTime(cost.cpu_seconds);
    rss = cost.max_rss_kb;
  }
  state.counters["max_rss_MB"] = rss / 1024.0;
}

void register_command(const std::string& label, const std::vector<std::string>& words) {
  for (const std::string program : {"kibitz", "kibitz-torch"}) {
    benchmark::RegisterBenchmark((program + "/" + label).c_str(),
                                 [program, words](benchmark::State& state) { command_cost(state, program, words); })
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->Iterations(10);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_command("help", {"--help"});
  register_command("games", {"games"});
  register_command("kuhn_arena_10", {"arena", "--game", "kuhn_poker", "--agents", "random,random", "--games", "10",
                                     "--threads", "1"});
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
