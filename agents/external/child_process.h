// ChildProcess: a program started with pipes on its standard input and
// output (posix_spawnp: no shell, so no word in its arguments is ever
// interpreted), for talking to it line by line. Its standard error is ours,
// so what it says about its own failures reaches the person.
//
// Every wait has a deadline and every failure is a KibitzError that says
// what happened to the program (it could not start, it exited and how, it
// sent nothing in time, it sent a line too long), so a broken or hung
// program never hangs or kills the process that started it: writing to a
// program that has exited gives an error, not SIGPIPE.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz {

class ChildProcess {
 public:
  // Starts argv[0] (looked up in PATH when it has no '/') with the rest as
  // its arguments. Throws KibitzError when it cannot be started.
  explicit ChildProcess(std::vector<std::string> argv);
  // Closes its input (a well-behaved program then exits), waits for it a
  // moment and kills it if it has not exited.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes `line` and a newline. Throws KibitzError when the program has
  // closed its input (usually: it exited).
  void write_line(std::string_view line);

  // The next line it writes, without the newline. Throws KibitzError when
  // it ends its output (saying how it exited), when no whole line comes
  // within `timeout`, or when a line is longer than `max_bytes`.
  std::string read_line(std::chrono::milliseconds timeout, std::size_t max_bytes);

  // "exited with status 2", "was killed by signal 9", or "is running".
  std::string status_text();

 private:
  // Reaps the child if it has exited (waiting up to `grace`); true if it has.
  bool reap(std::chrono::milliseconds grace);

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  bool reaped_ = false;
  int wait_status_ = 0;
  std::string buffer_;  // read from the child, not yet returned
};

// Splits a command line into words at white space; single or double quotes
// group words with spaces ("a b" or 'a b'). No other shell syntax: no
// variables, globs, redirections or escapes. Throws KibitzError for an
// unclosed quote or an empty command.
std::vector<std::string> split_command_line(std::string_view text);

}  // namespace kibitz
