// DistributedFault: a distributed run stopped because of another rank: one
// that died, stopped answering within --dist-timeout, stopped on its own
// error, or a master that cannot be reached. The message names the rank and
// its host. A KibitzError, so anything that handles bad input handles it,
// but its own type, so the command can exit with its own status
// (docs/CLI.md, "kibitz train"). Torch-free.
#pragma once

#include <string>

#include "env/core/error.h"

namespace kibitz::training::distributed {

class DistributedFault : public KibitzError {
 public:
  explicit DistributedFault(const std::string& message) : KibitzError(message) {}
};

}  // namespace kibitz::training::distributed
