// kibitz: one binary, one subcommand per file in tools/, dispatched from the
// table in commands.cc. main only routes and turns errors into exit codes
// (the contract in tools/command.h and docs/CLI.md).
#include <boost/program_options/errors.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "agents/neural/model_cache.h"
#include "agents/neural/neural_agents.h"
#include "env/core/error.h"
#include "tools/command.h"
#include "tools/torch_program.h"
#ifdef KIBITZ_WITH_TORCH
#include "agents/neural/torch_model.h"
#endif

namespace {

using kibitz::tools::Command;
using kibitz::tools::commands;

void print_usage(std::ostream& out) {
  out << "usage: kibitz COMMAND [options]    (kibitz COMMAND --help for its options)\n\n"
         "commands:\n";
  for (const Command& command : commands()) {
    const std::string name = command.name;
    out << "  " << name << std::string(name.size() < 16 ? 16 - name.size() : 1, ' ')
        << command.summary << "\n";
  }
  out << "\nexit status: 0 ok, 1 check failed, 2 bad input, 3 internal error, 130 interrupted\n";
}

const Command* find_command(const std::string& name) {
  for (const Command& command : commands()) {
    if (name == command.name) return &command;
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace kibitz::tools;
  // A failed KIBITZ_CHECK prints where and why, then aborts; exit with the
  // documented "internal error" status rather than a signal.
  std::signal(SIGABRT, [](int) { std::_Exit(kExitInternal); });
  // The network agents (nn, ismcts_nn) live outside kibitz_agents.
  kibitz::neural::register_neural_agents();
#ifdef KIBITZ_WITH_TORCH
  // kibitz-torch: networks on devices other than the CPU (CUDA).
  kibitz::neural::register_torch_models();
#endif
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    print_usage(std::cerr);
    return kExitBadInput;
  }
  // "kibitz help play" is "kibitz play --help".
  if (words[0] == "help" && words.size() > 1) words = {words[1], "--help"};
  if (words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_usage(std::cout);
    return kExitOk;
  }
  const Command* command = find_command(words[0]);
  if (command == nullptr) {
    std::cerr << "kibitz: unknown command '" << words[0] << "'; commands:";
    for (const Command& c : commands()) std::cerr << " " << c.name;
    std::cerr << "\n";
    return kExitBadInput;
  }
  const std::string prefix = std::string("kibitz ") + command->name + ": ";
  try {
    return command->run(std::vector<std::string>(words.begin() + 1, words.end()));
  } catch (const kibitz::KibitzError& e) {
#ifndef KIBITZ_WITH_TORCH
    // An agent asked for a network on a CUDA device: the same command line
    // again, from the start, in the program that has LibTorch. Agents are
    // built before a command writes any file, so nothing is half-written.
    // Not once the command began its real work (a listening server, whose
    // clients' refused CUDA tables set the flag too): it must not start
    // again because it failed later for another reason.
    if (kibitz::neural::libtorch_was_needed() && rerun_allowed()) {
      try {
        run_in_torch_program(words);
      } catch (const kibitz::KibitzError& missing) {
        std::cout.flush();
        std::cerr << prefix << "error: " << missing.what() << "\n";
        return kExitBadInput;
      }
    }
#endif
    std::cout.flush();
    std::cerr << prefix << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const boost::program_options::error& e) {
    std::cout.flush();
    std::cerr << prefix << "error: " << e.what() << " (see kibitz " << command->name
              << " --help)\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << prefix << "internal error: " << e.what() << " (a bug: please report it)\n";
    return kExitInternal;
  } catch (...) {
    std::cout.flush();
    std::cerr << prefix << "internal error: unknown exception (a bug: please report it)\n";
    return kExitInternal;
  }
}
