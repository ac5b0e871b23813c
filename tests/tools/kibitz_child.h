// KibitzChild: the built kibitz binary run as a child process with pipes on
// its standard streams, for tests that must talk to it while it runs:
// answer its prompts as a person would, or press Ctrl-C (SIGINT) at a chosen
// moment. std::system can do neither. Every wait but wait_within is for
// output the child is certain to write, or for its end.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <optional>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::tools::testing {

class KibitzChild {
 public:
  // Starts `KIBITZ_BINARY args...`.
  explicit KibitzChild(const std::vector<std::string>& args) {
    int in[2], out[2], err[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0 || ::pipe(err) != 0) std::abort();
    pid_ = ::fork();
    if (pid_ < 0) std::abort();
    if (pid_ == 0) {
      ::dup2(in[0], STDIN_FILENO);
      ::dup2(out[1], STDOUT_FILENO);
      ::dup2(err[1], STDERR_FILENO);
      for (const int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) ::close(fd);
      // A child of a test started in the background may inherit SIGINT
      // ignored; a person's shell would not.
      ::signal(SIGINT, SIG_DFL);
      std::vector<char*> argv = {const_cast<char*>(KIBITZ_BINARY)};
      for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
      argv.push_back(nullptr);
      ::execv(KIBITZ_BINARY, argv.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    in_ = in[1];
    out_ = out[0];
    err_ = err[0];
    ::signal(SIGPIPE, SIG_IGN);  // a child that exits early must not kill the test
  }

  ~KibitzChild() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    for (const int fd : {in_, out_, err_}) {
      if (fd >= 0) ::close(fd);
    }
  }
  KibitzChild(const KibitzChild&) = delete;
  KibitzChild& operator=(const KibitzChild&) = delete;

  // Types `text` on the child's standard input.
  void type(std::string_view text) {
    while (!text.empty()) {
      const ssize_t written = ::write(in_, text.data(), text.size());
      if (written <= 0) return;
      text.remove_prefix(static_cast<std::size_t>(written));
    }
  }
  void close_input() {
    ::close(in_);
    in_ = -1;
  }

  // Reads standard output until `text` appears after everything matched so
  // far; false if the output ends first.
  bool read_until(std::string_view text) {
    while (true) {
      const std::size_t at = out_text_.find(text, matched_);
      if (at != std::string::npos) {
        matched_ = at + text.size();
        return true;
      }
      if (!read_some(out_, out_text_)) return false;
    }
  }

  void send(int signal_number) { ::kill(pid_, signal_number); }

  // Reads both streams to their end and reaps the child: its exit status,
  // or -1 if a signal ended it.
  int wait() {
    close_input();
    while (read_some(out_, out_text_)) {
    }
    while (read_some(err_, err_text_)) {
    }
    int status = 0;
    ::waitpid(pid_, &status, 0);
    reaped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  // Like wait() (without closing the input), but gives up after `limit`
  // (scale it for a busy machine, tests/support/time_scale.h): the child is
  // then killed and nullopt returned, so a child that ignores what it was
  // told fails the test instead of hanging it.
  std::optional<int> wait_within(std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    bool out_open = true, err_open = true;
    while (out_open || err_open) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      std::array<pollfd, 2> fds{pollfd{out_open ? out_ : -1, POLLIN, 0},
                                pollfd{err_open ? err_ : -1, POLLIN, 0}};
      if (::poll(fds.data(), fds.size(), static_cast<int>(left.count())) <= 0) continue;
      if (fds[0].revents != 0) out_open = read_some(out_, out_text_);
      if (fds[1].revents != 0) err_open = read_some(err_, err_text_);
    }
    if (out_open || err_open) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      reaped_ = true;
      return std::nullopt;
    }
    int status = 0;
    ::waitpid(pid_, &status, 0);
    reaped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  const std::string& out() const { return out_text_; }
  const std::string& err() const { return err_text_; }

 private:
  static bool read_some(int fd, std::string& into) {
    std::array<char, 4096> buffer;
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got <= 0) return false;
    into.append(buffer.data(), static_cast<std::size_t>(got));
    return true;
  }

  pid_t pid_ = -1;
  bool reaped_ = false;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_text_, err_text_;
  std::size_t matched_ = 0;  // where the next read_until starts looking
};

}  // namespace kibitz::tools::testing
