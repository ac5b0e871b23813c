// SignalledRun: the built kibitz binary (KIBITZ_BINARY) run in a child
// process that is sent signals once it has started its work, as a person
// (Ctrl-C), a service manager (SIGTERM), a closed terminal (SIGHUP) or
// coreutils `timeout` (SIGINT to the process and to its group) would. Its
// standard streams go to files; its exit status and peak memory come back.
// Every wait is scaled for a busy machine (tests/support/time_scale.h).
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/time_scale.h"

namespace kibitz::tools::testing {

struct Signal {
  int number = SIGINT;
  bool to_group = false;  // to the child's process group (its own), as `timeout` does
  int pause_ms = 0;       // waited before it is sent, so it surely comes after the ones before
};

struct SignalledRun {
  bool started = false;   // `ready` appeared in its output in time
  bool exited = false;    // it exited by itself (no signal ended it) in time
  int status = -1;        // its exit status when it exited
  long max_rss_kb = 0;    // its peak resident memory
  std::string out, err;
};

inline std::string read_file_text(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

// Runs `kibitz args...` in `dir` (stdout to dir/out, stderr to dir/err), in
// a process group of its own; once `ready` says so (given its stdout so
// far), waits `delay` and sends `signals` in order, then waits for its end.
// A child that does not start or end within the (scaled) limits is killed
// and reported so.
inline SignalledRun run_and_signal(const std::vector<std::string>& args,
                                   const std::filesystem::path& dir,
                                   const std::function<bool(const std::string&)>& ready,
                                   std::chrono::milliseconds delay,
                                   const std::vector<Signal>& signals) {
  namespace fs = std::filesystem;
  const fs::path out = dir / "out";
  const fs::path err = dir / "err";
  fs::remove(out);
  fs::remove(err);
  const pid_t child = ::fork();
  if (child < 0) return {};
  if (child == 0) {
    ::setpgid(0, 0);
    // A test run in the background may have these ignored; a shell would not.
    for (const int number : {SIGINT, SIGTERM, SIGHUP}) ::signal(number, SIG_DFL);
    if (std::freopen(out.c_str(), "w", stdout) == nullptr) std::_Exit(99);
    if (std::freopen(err.c_str(), "w", stderr) == nullptr) std::_Exit(99);
    if (std::freopen("/dev/null", "r", stdin) == nullptr) std::_Exit(99);
    std::vector<char*> argv = {const_cast<char*>(KIBITZ_BINARY)};
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(KIBITZ_BINARY, argv.data());
    std::_Exit(98);
  }
  ::setpgid(child, child);  // either side may run first
  SignalledRun run;
  const auto start_limit =
      std::chrono::steady_clock::now() + test_support::scaled(std::chrono::seconds(60));
  int status = 0;
  rusage usage{};
  bool reaped = false;
  while (!(run.started = ready(read_file_text(out)))) {
    if (::wait4(child, &status, WNOHANG, &usage) == child) {
      reaped = true;
      break;
    }
    if (std::chrono::steady_clock::now() > start_limit) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (run.started && !reaped) {
    std::this_thread::sleep_for(delay);
    for (const Signal& signal : signals) {
      std::this_thread::sleep_for(std::chrono::milliseconds(signal.pause_ms));
      ::kill(signal.to_group ? -child : child, signal.number);
    }
  }
  const auto end_limit =
      std::chrono::steady_clock::now() + test_support::scaled(std::chrono::seconds(60));
  while (!reaped) {
    if (::wait4(child, &status, WNOHANG, &usage) == child) {
      reaped = true;
      break;
    }
    if (!run.started || std::chrono::steady_clock::now() > end_limit) {
      ::kill(child, SIGKILL);
      ::wait4(child, &status, 0, &usage);
      reaped = true;
      status = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  run.exited = status != -1 && WIFEXITED(status);
  run.status = run.exited ? WEXITSTATUS(status) : -1;
  run.max_rss_kb = usage.ru_maxrss;
  run.out = read_file_text(out);
  run.err = read_file_text(err);
  return run;
}

// The same, ready once `text` is in its stdout.
inline SignalledRun run_and_signal(const std::vector<std::string>& args,
                                   const std::filesystem::path& dir, const std::string& text,
                                   std::chrono::milliseconds delay,
                                   const std::vector<Signal>& signals) {
  return run_and_signal(
      args, dir, [&text](const std::string& out) { return out.find(text) != std::string::npos; },
      delay, signals);
}

// The names in `dir` that hold ".tmp." (temporary files left behind).
inline std::vector<std::string> temporary_files(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.find(".tmp.") != std::string::npos) names.push_back(name);
  }
  return names;
}

}  // namespace kibitz::tools::testing
