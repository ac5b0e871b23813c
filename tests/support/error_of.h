// error_of(f): the message of the KibitzError that `f` throws, or "" when it
// throws none. Tests use it to check that a refusal names its problem.
#pragma once

#include <string>

#include "env/core/error.h"

namespace kibitz {

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

}  // namespace kibitz
