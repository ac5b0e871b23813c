// The ranks of one distributed run as child processes of this one, for
// `kibitz launch` (tools/launch_command.cc; docs/distributed.md): started,
// their output passed on, Ctrl-C forwarded, their ends awaited, and a run
// where one rank failed brought to a stop. Torch-free: it only spawns and
// watches processes.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace kibitz::tools {

struct LocalRunPlan {
  // The program every rank runs, and the words after it, one list a rank.
  std::string binary;
  std::vector<std::vector<std::string>> rank_args;
  // Once a rank has failed, how long the others have to stop on their own
  // (they learn of the failure through the process group), then how long
  // after SIGTERM before SIGKILL.
  std::chrono::milliseconds grace{0};
  std::chrono::milliseconds kill_after{5000};
  // The status a rank exits with when it stopped because another rank
  // failed (`kibitz train`: 4); such a rank is not the one to blame.
  int stopped_by_another = 4;
  // Said on stderr once every rank has started, after the ranks' pids.
  std::string started_note;
};

// Runs the plan and returns the launcher's exit status: 0 when every rank
// exited 0, else the status of the rank seen to fail first (128 + the
// signal for a rank a signal ended), passing over ranks that exited with
// `stopped_by_another` unless every failed rank did.
//
// Rank 0 writes to this process's standard output and error directly;
// every other rank's lines are written to the same stream, each prefixed
// with "[rank R] " (blank lines dropped). Each rank runs in a process group
// of its own, so a Ctrl-C at the terminal reaches this process alone, which
// passes every SIGINT on to every rank still running; each rank dies with
// this process (SIGTERM), should it end first. Throws KibitzError when a
// rank cannot be started (those already started are stopped first).
int run_local_ranks(const LocalRunPlan& plan);

}  // namespace kibitz::tools
