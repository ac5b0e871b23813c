// kibitz-torch: the part of the kibitz command that links LibTorch
// (training, `kibitz exploit`, networks on a CUDA device). The `kibitz`
// program itself is built without LibTorch, so that every other command
// starts in milliseconds instead of paying LibTorch's load (0.8 s of CPU
// and 165 MB before anything happens); it hands a command line that needs
// LibTorch to kibitz-torch, which lies next to it and runs the same
// commands with LibTorch in (docs/CLI.md, "Two programs").
#pragma once

#include <string>
#include <vector>

namespace kibitz::tools {

// The file name of the LibTorch part, next to the kibitz program.
inline constexpr const char* kTorchProgram = "kibitz-torch";

// Replaces this process with kibitz-torch running `words` (the command and
// its arguments, as typed after `kibitz`). Returns only by throwing
// KibitzError: kibitz-torch is not next to this program, or cannot be run.
[[noreturn]] void run_in_torch_program(const std::vector<std::string>& words);

}  // namespace kibitz::tools
