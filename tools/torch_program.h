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

// A command that has begun its real work (a server that is listening)
// calls this: a failure after it must not run the whole command line again
// in kibitz-torch, even if an agent asked for LibTorch meanwhile (a client's
// table with a CUDA network, refused). main checks rerun_allowed().
void commit_to_this_program();
bool rerun_allowed();

}  // namespace kibitz::tools
