// run_jobs: the one worker pool that plays many games (the arena, training's
// evaluation games, expert iteration's self-play). Jobs 0..n-1 are taken in
// index order from a shared counter by a fixed number of worker threads;
// each worker first builds its own state (its SeatAgents, its copy of a
// model) and keeps it for every job it takes. When every job is a pure
// function of its index (seeds derived from the index, agents reseeded per
// game), the results do not depend on the thread count: threads only decide
// the order in which jobs finish.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>

namespace kibitz {

// How to run a batch of jobs.
struct WorkerPoolOptions {
  int threads = 1;
  // Set from outside (e.g. a SIGINT handler): no new job starts once it is
  // true; jobs under way finish. May be null.
  const std::atomic<bool>* stop = nullptr;
  // Called on the calling thread with (jobs finished, jobs planned) every
  // progress_interval and once at the end. May be empty: then the calling
  // thread works as worker 0 instead of watching, and one thread runs
  // everything without starting any other.
  std::function<void(std::int64_t, std::int64_t)> progress;
  std::chrono::milliseconds progress_interval{200};
};

// What one worker does with a job it takes: the job's index.
using Job = std::function<void(std::int64_t)>;

// Runs jobs 0..jobs-1 on options.threads workers. Worker w calls
// make_worker(w) once, on its own thread, before its first job, and runs
// every job it takes with what that returns. Returns the number of jobs
// finished: every job taken is finished, so after a stop the finished jobs
// are 0..returned-1. If make_worker or a job throws, no further job starts
// and the first exception is rethrown here once every worker has stopped.
std::int64_t run_jobs(std::int64_t jobs, const WorkerPoolOptions& options,
                      const std::function<Job(int worker)>& make_worker);

}  // namespace kibitz
