#include "env/core/error.h"

#include <cstdio>
#include <cstdlib>

namespace kibitz::internal {

void check_failed(const char* file, int line, const char* condition, const std::string& message) {
  std::fprintf(stderr, "kibitz internal error at %s:%d: check '%s' failed%s%s\n", file, line,
               condition, message.empty() ? "" : ": ", message.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace kibitz::internal
