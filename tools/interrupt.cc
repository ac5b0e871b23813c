#include "tools/interrupt.h"

#include <unistd.h>

#include <cstring>

#include "env/core/error.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

// A signal handler may touch only lock-free atomics and plain data set
// before the handler is installed.
std::atomic<bool> stop_requested{false};
std::atomic<bool> hurry_requested{false};
std::atomic<int> first_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);
const char* stop_message = "";
std::size_t stop_message_length = 0;
const char* hurry_message = "";
std::size_t hurry_message_length = 0;
bool guard_alive = false;

constexpr char kDefaultHurry[] = "\nkibitz: already stopping; finishing what is under way\n";

void say(const char* text, std::size_t length) {
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, text, length);
}

extern "C" void on_stop_signal(int number) {
  int none = 0;
  if (first_signal.compare_exchange_strong(none, number)) {
    stop_requested.store(true);
    say(stop_message, stop_message_length);
    return;
  }
  // Any later signal: never quit (what has finished must be kept), only
  // ask for haste, and say so once.
  if (!hurry_requested.exchange(true)) say(hurry_message, hurry_message_length);
}

void install(int number, struct sigaction& previous) {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(number, &action, &previous);
}

}  // namespace

InterruptGuard::InterruptGuard(const char* message, const Options& options)
    : terminate_signals_(options.terminate_signals) {
  KIBITZ_CHECK(!guard_alive, "only one InterruptGuard may live at a time");
  guard_alive = true;
  stop_message = message;
  stop_message_length = std::strlen(message);
  hurry_message = options.hurry_message != nullptr ? options.hurry_message : kDefaultHurry;
  hurry_message_length = std::strlen(hurry_message);
  stop_requested.store(false);
  hurry_requested.store(false);
  first_signal.store(0);
  install(SIGINT, previous_int_);
  if (terminate_signals_) {
    install(SIGTERM, previous_term_);
    install(SIGHUP, previous_hup_);
  }
}

InterruptGuard::~InterruptGuard() {
  // Once a stop was asked for, the command is on its way out, having kept
  // its results: a late signal (one of a burst, the second of `timeout`'s
  // two) must not kill it now and turn its status into a death by signal.
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  const bool stopping = first_signal.load() != 0;
  sigaction(SIGINT, stopping ? &ignore : &previous_int_, nullptr);
  if (terminate_signals_) {
    sigaction(SIGTERM, stopping ? &ignore : &previous_term_, nullptr);
    sigaction(SIGHUP, stopping ? &ignore : &previous_hup_, nullptr);
  }
  guard_alive = false;
}

std::atomic<bool>& InterruptGuard::stop_flag() { return stop_requested; }

bool InterruptGuard::interrupted() const { return stop_requested.load(); }

std::atomic<bool>& InterruptGuard::hurry_flag() { return hurry_requested; }

// The statuses command.h names (and docs/CLI.md's table lists) are these.
static_assert(kExitInterrupted == 128 + SIGINT && kExitTerminated == 128 + SIGTERM &&
              kExitHungUp == 128 + SIGHUP);

int InterruptGuard::exit_status() const {
  const int number = first_signal.load();
  return number != 0 ? 128 + number : kExitInterrupted;
}

}  // namespace kibitz::tools
