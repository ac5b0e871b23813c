// A kibitz subcommand: one file in tools/ each, all with this signature, all
// listed in the one table in commands.cc so help and dispatch cannot drift
// (STYLE 9).
//
// Exit codes every command keeps (docs/CLI.md):
//   0  success
//   1  the command ran but its check failed (e.g. a replay did not verify)
//   2  bad input: unknown flag, bad value, unknown game or agent, bad file
//   3  internal error (a bug: please report it)
//   130 interrupted (Ctrl-C); 143 and 129 stopped the same way by SIGTERM, SIGHUP
#pragma once

#include <string>
#include <vector>

namespace kibitz::tools {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInternal = 3;
// A rank of a distributed run (`kibitz train --world-size`) stopped because
// another rank failed (died, stopped answering, stopped on an error) or the
// master cannot be reached; stderr names that rank and its host.
inline constexpr int kExitRankFailed = 4;
inline constexpr int kExitInterrupted = 130;
// Stopped by SIGTERM or SIGHUP, which keep finished work as Ctrl-C does: the
// shell's 128 + the signal, so a script can tell which signal stopped it.
inline constexpr int kExitTerminated = 128 + 15;
inline constexpr int kExitHungUp = 128 + 1;

// args are the words after the subcommand name. Bad input is reported by
// throwing KibitzError (main prints it and exits 2).
using CommandFn = int (*)(const std::vector<std::string>& args);

struct Command {
  const char* name;
  CommandFn run;
  const char* summary;  // one line for `kibitz --help`
};

// The table, in the order `kibitz --help` lists it.
const std::vector<Command>& commands();

}  // namespace kibitz::tools
