// Two error channels (STYLE 11):
//  * KibitzError: bad input from a user or a file (a flag, a parameter, an
//    action, a replay). Thrown, caught at the command line, printed, exit != 0.
//  * KIBITZ_CHECK: a broken invariant inside the library, i.e. a bug. Always on;
//    it prints where and why and aborts. KIBITZ_DCHECK is the debug-only twin
//    for checks too expensive for release hot paths.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace kibitz {

// Bad input: the message names the problem and, where it can, what is valid.
class KibitzError : public std::runtime_error {
 public:
  explicit KibitzError(const std::string& message) : std::runtime_error(message) {}
};

namespace internal {
[[noreturn]] void check_failed(const char* file, int line, const char* condition,
                               const std::string& message);

// Concatenates streamable arguments; only called on the failure path.
template <typename... Args>
std::string concat(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}
}  // namespace internal

// Builds a KibitzError message from streamable parts: throw error("bad ", x).
template <typename... Args>
KibitzError error(const Args&... args) {
  return KibitzError(internal::concat(args...));
}

}  // namespace kibitz

#define KIBITZ_CHECK(condition, ...)                                            \
  do {                                                                          \
    if (!(condition)) [[unlikely]] {                                            \
      ::kibitz::internal::check_failed(__FILE__, __LINE__, #condition,          \
                                       ::kibitz::internal::concat("" __VA_OPT__(, ) __VA_ARGS__)); \
    }                                                                           \
  } while (false)

#ifdef NDEBUG
#define KIBITZ_DCHECK(condition, ...) \
  do {                                \
  } while (false)
#else
#define KIBITZ_DCHECK(condition, ...) KIBITZ_CHECK(condition __VA_OPT__(, ) __VA_ARGS__)
#endif
