#include "tools/torch_program.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "env/core/error.h"

namespace kibitz::tools {

void run_in_torch_program(const std::vector<std::string>& words) {
  std::error_code failed;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", failed);
  if (failed) throw error("cannot find this program's file (/proc/self/exe: ", failed.message(), ")");
  const std::filesystem::path torch = self.parent_path() / kTorchProgram;
  if (::access(torch.c_str(), X_OK) != 0) {
    throw error("this command needs LibTorch, which lives in ", kTorchProgram, ", and there is no ",
                kTorchProgram, " to run next to ", self.string(), " (build the target ", kTorchProgram,
                ")");
  }
  std::vector<char*> argv;
  std::string name = kTorchProgram;
  argv.push_back(name.data());
  std::vector<std::string> copies = words;
  for (std::string& word : copies) argv.push_back(word.data());
  argv.push_back(nullptr);
  // Whatever this process has buffered would be lost by exec.
  std::cout.flush();
  std::cerr.flush();
  ::execv(torch.c_str(), argv.data());
  throw error("cannot run ", torch.string(), ": ", std::strerror(errno));
}

namespace {
std::atomic<bool> committed{false};
}  // namespace

void commit_to_this_program() { committed = true; }
bool rerun_allowed() { return !committed.load(); }

}  // namespace kibitz::tools
