#include "tools/interrupt.h"

#include <unistd.h>

#include <cstring>

#include "env/core/error.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

// A signal handler may touch only lock-free atomics and plain data set
// before the handler is installed.
std::atomic<bool> interrupted_flag{false};
static_assert(std::atomic<bool>::is_always_lock_free);
const char* interrupt_message = "";
std::size_t interrupt_message_length = 0;
bool guard_alive = false;

extern "C" void on_interrupt(int) {
  if (interrupted_flag.exchange(true)) _exit(kExitInterrupted);  // a second Ctrl-C: quit now
  [[maybe_unused]] const ssize_t written =
      ::write(STDERR_FILENO, interrupt_message, interrupt_message_length);
}

}  // namespace

InterruptGuard::InterruptGuard(const char* message) {
  KIBITZ_CHECK(!guard_alive, "only one InterruptGuard may live at a time");
  guard_alive = true;
  interrupt_message = message;
  interrupt_message_length = std::strlen(message);
  interrupted_flag.store(false);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &previous_);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_, nullptr);
  guard_alive = false;
}

std::atomic<bool>& InterruptGuard::stop_flag() { return interrupted_flag; }

bool InterruptGuard::interrupted() const { return interrupted_flag.load(); }

}  // namespace kibitz::tools
