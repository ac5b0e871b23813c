#include "agents/external/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "env/core/error.h"

extern char** environ;

namespace kibitz {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Pipes whose ends close on exec, so that a program started by another
// thread meanwhile cannot inherit them (and keep a pipe open forever).
void make_pipe(int fds[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) throw error("cannot create a pipe: ", std::strerror(errno));
}

}  // namespace

std::vector<std::string> split_command_line(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : text) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote != 0) throw error("command '", text, "' has an unclosed ", quote, " quote");
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) throw error("the command is empty");
  return words;
}

ChildProcess::ChildProcess(std::vector<std::string> argv) {
  KIBITZ_CHECK(!argv.empty(), "a child process needs a program");
  int in[2], out[2];
  make_pipe(in);
  try {
    make_pipe(out);
  } catch (...) {
    ::close(in[0]);
    ::close(in[1]);
    throw;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 clears close-on-exec on the copies, so only these two survive exec.
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  // Its own process group, so a Ctrl-C at the terminal reaches the referee
  // alone, which then ends the game in order; no signal blocked or ignored
  // whatever the starting thread had (SIGPIPE held back by write_line).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (std::string& word : argv) args.push_back(word.data());
  args.push_back(nullptr);
  const int failed = ::posix_spawnp(&pid_, args[0], &actions, &attributes, args.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
  if (failed != 0) {
    close_fd(to_child_);
    close_fd(from_child_);
    pid_ = -1;
    throw error("cannot start '", argv[0], "': ", std::strerror(failed));
  }
}

ChildProcess::~ChildProcess() {
  close_fd(to_child_);
  if (pid_ > 0 && !reap(std::chrono::milliseconds(2000))) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &wait_status_, 0);
  }
  close_fd(from_child_);
}

bool ChildProcess::reap(std::chrono::milliseconds grace) {
  if (reaped_) return true;
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (true) {
    const pid_t done = ::waitpid(pid_, &wait_status_, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      reaped_ = true;
      return true;
    }
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string ChildProcess::status_text() {
  if (!reap(std::chrono::milliseconds(500))) return "is running";
  if (WIFEXITED(wait_status_)) return "exited with status " + std::to_string(WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_)) return "was killed by signal " + std::to_string(WTERMSIG(wait_status_));
  return "ended";
}

void ChildProcess::write_line(std::string_view line) {
  if (to_child_ < 0) throw error("its input is closed");
  std::string text(line);
  text += '\n';
  // SIGPIPE is held back on this thread while writing: a program that has
  // exited must give an error here, not end the referee. A SIGPIPE that the
  // write raised is taken off the pending set before the mask is restored.
  sigset_t pipe_only, previous;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
  int failure = 0;
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t wrote = ::write(to_child_, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) {
      failure = errno;
      break;
    }
    done += static_cast<std::size_t>(wrote);
  }
  if (failure == EPIPE) {
    const timespec no_wait{0, 0};
    ::sigtimedwait(&pipe_only, nullptr, &no_wait);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (failure == EPIPE) throw error("it closed its input (it ", status_text(), ")");
  if (failure != 0) throw error("cannot write to it: ", std::strerror(failure));
}

std::string ChildProcess::read_line(std::chrono::milliseconds timeout, std::size_t max_bytes) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::size_t scanned = 0;
  while (true) {
    const std::size_t end = buffer_.find('\n', scanned);
    if (end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    scanned = buffer_.size();
    if (buffer_.size() > max_bytes) {
      throw error("it sent a line longer than ", max_bytes, " bytes");
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw error("it sent no answer within ", timeout.count(), " ms");
    pollfd request{from_child_, POLLIN, 0};
    const int ready = ::poll(&request, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) throw error("cannot wait for it: ", std::strerror(errno));
    if (ready == 0) continue;  // the deadline check above reports it
    char chunk[4096];
    const ssize_t got = ::read(from_child_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw error("cannot read from it: ", std::strerror(errno));
    if (got == 0) throw error("it ended its output (it ", status_text(), ")");
    buffer_.append(chunk, static_cast<std::size_t>(got));
  }
}

}  // namespace kibitz
