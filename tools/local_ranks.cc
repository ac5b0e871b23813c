#include "tools/local_ranks.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr const char* kName = "kibitz launch: ";

// SIGINTs received and not yet passed on: the handler only counts (a
// lock-free atomic, as a signal handler requires); the loop forwards.
std::atomic<int> interrupts{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void count_interrupt(int) { interrupts.fetch_add(1); }

// "75 s", "2.5 s".
std::string seconds_text(milliseconds duration) {
  std::ostringstream text;
  text << static_cast<double>(duration.count()) / 1000.0 << " s";
  return text.str();
}

// Counts SIGINTs while it lives; the previous handler comes back after.
class InterruptCounter {
 public:
  InterruptCounter() {
    interrupts.store(0);
    struct sigaction action {};
    action.sa_handler = count_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptCounter() { sigaction(SIGINT, &previous_, nullptr); }
  InterruptCounter(const InterruptCounter&) = delete;
  InterruptCounter& operator=(const InterruptCounter&) = delete;

 private:
  struct sigaction previous_ {};
};

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t written = ::write(fd, text.data() + done, text.size() - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;  // a closed stream: the text has nowhere to go
    done += static_cast<std::size_t>(written);
  }
}

// One output stream of a rank other than 0: read from its pipe, written on
// this process's stream of the same kind a whole line at a time, prefixed.
struct PrefixedStream {
  int from = -1;  // the pipe's read end; -1 once at its end
  int to = STDOUT_FILENO;
  std::string prefix;
  std::string pending;  // the start of a line not yet ended

  void emit(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) return;
    write_all(to, prefix + std::string(line) + "\n");
  }
  // Reads what is there; at the end of the stream, the last partial line.
  void read_some() {
    char buffer[4096];
    const ssize_t got = ::read(from, buffer, sizeof buffer);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (got <= 0) {
      emit(pending);
      pending.clear();
      ::close(from);
      from = -1;
      return;
    }
    pending.append(buffer, static_cast<std::size_t>(got));
    std::size_t start = 0;
    for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
      emit(std::string_view(pending).substr(start, end - start));
    }
    pending.erase(0, start);
  }
};

struct Rank {
  pid_t pid = -1;
  bool running = false;
  int status = 0;  // as the launcher reports it: the exit code, or 128 + signal
  std::vector<PrefixedStream> streams;  // none for rank 0

  std::string name(int rank) const {
    return "rank " + std::to_string(rank) + " (pid " + std::to_string(pid) + ")";
  }
};

// The words of `rank_args` as execv wants them, prepared before fork: the
// child may only call async-signal-safe functions.
struct Argv {
  std::vector<std::string> words;
  std::vector<char*> pointers;
  Argv(const std::string& binary, const std::vector<std::string>& args) : words{binary} {
    words.insert(words.end(), args.begin(), args.end());
    for (std::string& word : words) pointers.push_back(word.data());
    pointers.push_back(nullptr);
  }
};

// In the child, between fork and exec.
[[noreturn]] void become_rank(const Argv& argv, const int out[2], const int err[2], pid_t parent) {
  // A process group of its own: a Ctrl-C at the terminal goes to the
  // launcher alone, which forwards the first one only.
  ::setpgid(0, 0);
  // The rank dies with the launcher rather than train on unwatched.
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != parent) ::_exit(127);
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGPIPE, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (out[1] >= 0) ::dup2(out[1], STDOUT_FILENO);
  if (err[1] >= 0) ::dup2(err[1], STDERR_FILENO);
  ::execv(argv.words.front().c_str(), argv.pointers.data());
  const char message[] = "kibitz launch: cannot run the kibitz binary\n";
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
  ::_exit(127);
}

class Supervisor {
 public:
  explicit Supervisor(const LocalRunPlan& plan) : plan_(plan) {}
  ~Supervisor();
  void start();
  int run();

 private:
  void start_rank(int rank);
  void forward_interrupts();
  void reap();
  void on_exit(int rank, int wait_status);
  void stop_stragglers();
  void pass_output(milliseconds wait);
  bool any_running() const;
  void signal_running(int signal_number);
  int finish() const;

  const LocalRunPlan& plan_;
  std::vector<Rank> ranks_;
  InterruptCounter counter_;
  int forwarded_ = 0;
  std::vector<int> failures_;  // the ranks that ended with a non-zero status, in order
  std::optional<Clock::time_point> term_at_, kill_at_;
  bool killed_ = false;
};

Supervisor::~Supervisor() {
  // Only when start or run threw are ranks left running: none outlives
  // the launcher.
  signal_running(SIGKILL);
  for (Rank& rank : ranks_) {
    if (rank.running) ::waitpid(rank.pid, nullptr, 0);
    for (PrefixedStream& stream : rank.streams) {
      if (stream.from >= 0) ::close(stream.from);
    }
  }
}

void Supervisor::start_rank(int index) {
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (index > 0 && (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)) {
    const int cause = errno;
    for (const int fd : {out[0], out[1], err[0], err[1]}) {
      if (fd >= 0) ::close(fd);
    }
    throw error("cannot start rank ", index, ": no pipe for its output (", std::strerror(cause),
                ")");
  }
  const Argv argv(plan_.binary, plan_.rank_args[static_cast<std::size_t>(index)]);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) become_rank(argv, out, err, parent);
  for (const int fd : {out[1], err[1]}) {
    if (fd >= 0) ::close(fd);
  }
  Rank rank;
  rank.pid = pid;
  rank.running = pid > 0;
  const std::string prefix = "[rank " + std::to_string(index) + "] ";
  if (index > 0) {
    rank.streams.push_back(PrefixedStream{out[0], STDOUT_FILENO, prefix, ""});
    rank.streams.push_back(PrefixedStream{err[0], STDERR_FILENO, prefix, ""});
  }
  ranks_.push_back(std::move(rank));
  if (pid < 0) throw error("cannot start rank ", index, " (", std::strerror(errno), ")");
}

void Supervisor::start() {
  for (int rank = 0; rank < static_cast<int>(plan_.rank_args.size()); ++rank) start_rank(rank);
  std::string line = std::string(kName) + "started " + std::to_string(ranks_.size()) + " rank" +
                     (ranks_.size() == 1 ? "" : "s") + ":";
  for (std::size_t rank = 0; rank < ranks_.size(); ++rank) {
    line += (rank == 0 ? " rank " : ", rank ") + std::to_string(rank) + " pid " +
            std::to_string(ranks_[rank].pid);
  }
  std::cerr << line << plan_.started_note << "\n";
}

bool Supervisor::any_running() const {
  for (const Rank& rank : ranks_) {
    if (rank.running) return true;
  }
  return false;
}

void Supervisor::signal_running(int signal_number) {
  for (const Rank& rank : ranks_) {
    if (rank.running) ::kill(rank.pid, signal_number);
  }
}

void Supervisor::forward_interrupts() {
  const int received = interrupts.load();
  if (received == forwarded_) return;
  // Only the first is passed on: a rank never loses its checkpoint to a
  // repeated Ctrl-C (coreutils timeout signals the launcher and its group,
  // so one request often arrives twice). SIGKILL stops a run at once.
  if (forwarded_ == 0) signal_running(SIGINT);
  std::cerr << "\n"
            << kName
            << (forwarded_ == 0
                    ? "interrupted: passed on to every rank; they finish this iteration and rank 0 "
                      "checkpoints"
                    : "already stopping: the ranks finish this iteration")
            << "\n";
  forwarded_ = received;
}

void Supervisor::on_exit(int index, int wait_status) {
  Rank& rank = ranks_[static_cast<std::size_t>(index)];
  rank.running = false;
  const bool signaled = WIFSIGNALED(wait_status);
  const int signal_number = signaled ? WTERMSIG(wait_status) : 0;
  rank.status = signaled ? 128 + signal_number : WEXITSTATUS(wait_status);
  if (rank.status == 0) return;
  failures_.push_back(index);
  // After Ctrl-C every rank ends with 130 by design: not a failure to
  // report or to stop the others for.
  if (forwarded_ > 0 && rank.status == kExitInterrupted) return;
  std::cerr << kName << rank.name(index)
            << (signaled ? " was ended by signal " + std::to_string(signal_number) + " (" +
                               ::strsignal(signal_number) + ")"
                         : " exited with status " + std::to_string(rank.status));
  if (!term_at_ && any_running()) {
    term_at_ = Clock::now() + plan_.grace;
    std::cerr << "; the other ranks have " << seconds_text(plan_.grace)
              << " to stop on their own (--grace)";
  }
  std::cerr << "\n";
}

void Supervisor::reap() {
  for (std::size_t index = 0; index < ranks_.size(); ++index) {
    if (!ranks_[index].running) continue;
    int status = 0;
    const pid_t done = ::waitpid(ranks_[index].pid, &status, WNOHANG);
    if (done == ranks_[index].pid) on_exit(static_cast<int>(index), status);
  }
}

void Supervisor::stop_stragglers() {
  const Clock::time_point now = Clock::now();
  if (!any_running()) return;
  const bool terminate = term_at_ && !kill_at_ && now >= *term_at_;
  const bool kill = kill_at_ && !killed_ && now >= *kill_at_;
  if (!terminate && !kill) return;
  for (std::size_t index = 0; index < ranks_.size(); ++index) {
    if (!ranks_[index].running) continue;
    std::cerr << kName << ranks_[index].name(static_cast<int>(index)) << " still runs "
              << (terminate ? seconds_text(plan_.grace) + " after the failure: SIGTERM\n"
                            : seconds_text(plan_.kill_after) + " after SIGTERM: SIGKILL\n");
  }
  if (terminate) {
    signal_running(SIGTERM);
    // A stopped rank (SIGSTOP, Ctrl-Z) acts on SIGTERM only once continued.
    signal_running(SIGCONT);
    kill_at_ = now + plan_.kill_after;
  } else {
    signal_running(SIGKILL);
    killed_ = true;
  }
}

void Supervisor::pass_output(milliseconds wait) {
  std::vector<pollfd> fds;
  std::vector<PrefixedStream*> streams;
  for (Rank& rank : ranks_) {
    for (PrefixedStream& stream : rank.streams) {
      if (stream.from < 0) continue;
      fds.push_back(pollfd{stream.from, POLLIN, 0});
      streams.push_back(&stream);
    }
  }
  // Without streams (rank 0 alone, or all at their ends), poll just waits.
  if (::poll(fds.data(), fds.size(), static_cast<int>(wait.count())) <= 0) return;
  for (std::size_t i = 0; i < fds.size(); ++i) {
    if (fds[i].revents != 0) streams[i]->read_some();
  }
}

int Supervisor::run() {
  // Output is read until its end, even after the ranks end: their last
  // lines (the error that stopped them) matter most.
  std::optional<Clock::time_point> drain_until;
  for (;;) {
    forward_interrupts();
    reap();
    stop_stragglers();
    if (!any_running()) {
      // A rank's stream ends with it, unless a process it started holds it.
      if (!drain_until) drain_until = Clock::now() + milliseconds(2000);
      if (Clock::now() >= *drain_until) break;
    }
    bool open = false;
    for (const Rank& rank : ranks_) {
      for (const PrefixedStream& stream : rank.streams) open = open || stream.from >= 0;
    }
    if (!open && !any_running()) break;
    pass_output(milliseconds(100));
  }
  return finish();
}

int Supervisor::finish() const {
  if (failures_.empty()) return 0;
  // The first rank that failed on its own account, not one that stopped
  // because another failed: its status says what went wrong.
  int cause = failures_.front();
  for (const int index : failures_) {
    if (ranks_[static_cast<std::size_t>(index)].status != plan_.stopped_by_another) {
      cause = index;
      break;
    }
  }
  const int status = ranks_[static_cast<std::size_t>(cause)].status;
  std::string line = std::string(kName) + "exit statuses:";
  for (std::size_t index = 0; index < ranks_.size(); ++index) {
    line += (index == 0 ? " rank " : ", rank ") + std::to_string(index) + " " +
            std::to_string(ranks_[index].status);
  }
  std::cerr << line << "; exiting with rank " << cause << "'s\n";
  return status;
}

}  // namespace

int run_local_ranks(const LocalRunPlan& plan) {
  KIBITZ_CHECK(!plan.rank_args.empty(), "a run of no ranks");
  Supervisor supervisor(plan);
  supervisor.start();
  return supervisor.run();
}

}  // namespace kibitz::tools
