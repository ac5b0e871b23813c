// The processes of a distributed-training test: a program started with its
// arguments and extra environment, its standard output and error going to
// files (so that several can run at once without filling a pipe), waited
// for with a deadline, killed by its pid. And a free loopback port for each
// run's rendezvous.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace kibitz::training::testing {

// A port nobody listens on now: the kernel's pick for a socket bound to
// port 0 on loopback, released at once (a run started right after gets it).
inline int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    std::abort();
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class RankProcess {
 public:
  // Starts `program args...` with `env` ("NAME=value") added to this
  // process's environment; its output goes to `logs`/`name`.out and .err.
  RankProcess(const std::string& program, const std::vector<std::string>& args,
              const std::vector<std::string>& env, const std::filesystem::path& logs,
              const std::string& name)
      : out_(logs / (name + ".out")), err_(logs / (name + ".err")) {
    std::filesystem::create_directories(logs);
    pid_ = ::fork();
    if (pid_ < 0) std::abort();
    if (pid_ == 0) {
      const int out = ::open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = ::open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out, STDOUT_FILENO);
      ::dup2(err, STDERR_FILENO);
      for (const std::string& pair : env) ::putenv(const_cast<char*>(pair.c_str()));
      std::vector<char*> argv = {const_cast<char*>(program.c_str())};
      for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
      argv.push_back(nullptr);
      ::execv(program.c_str(), argv.data());
      ::_exit(127);
    }
  }
  ~RankProcess() {
    if (!status_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  RankProcess(const RankProcess&) = delete;
  RankProcess& operator=(const RankProcess&) = delete;

  pid_t pid() const { return pid_; }
  void kill_now() { ::kill(pid_, SIGKILL); }

  // Its exit status (-signal when a signal ended it), or nullopt when it
  // still runs at `deadline`.
  std::optional<int> wait_until(std::chrono::steady_clock::time_point deadline) {
    while (!status_) {
      int raw = 0;
      const pid_t done = ::waitpid(pid_, &raw, WNOHANG);
      if (done == pid_) {
        status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : -WTERMSIG(raw);
        ended_ = std::chrono::steady_clock::now();
        break;
      }
      if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return status_;
  }
  std::optional<int> wait_for(std::chrono::seconds limit) {
    return wait_until(std::chrono::steady_clock::now() + limit);
  }
  // When it was seen to end (after a wait that returned its status).
  std::chrono::steady_clock::time_point ended() const { return ended_; }

  std::string out() const { return file_text(out_); }
  std::string err() const { return file_text(err_); }

 private:
  std::filesystem::path out_, err_;
  pid_t pid_ = -1;
  std::optional<int> status_;
  std::chrono::steady_clock::time_point ended_;
};

}  // namespace kibitz::training::testing
