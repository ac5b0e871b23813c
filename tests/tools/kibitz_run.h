// Runs the built kibitz binary once through the shell, as a user would, and
// keeps its exit status and both output streams (tests that must talk to a
// running kibitz use kibitz_child.h instead). Needs KIBITZ_BINARY.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace kibitz::tools::testing {

struct KibitzRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_whole_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

// `kibitz ARGS` (ARGS is shell text, so quote specs with parentheses) with
// `input` on standard input.
inline KibitzRun run_kibitz(const std::string& args, const std::string& input = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir =
      fs::temp_directory_path() / ("kibitz_run_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  std::ofstream(dir / "in") << input;
  const std::string command = std::string("'") + KIBITZ_BINARY + "' " + args + " <'" + (dir / "in").string() +
                              "' >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  KibitzRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_whole_file(dir / "out");
  run.err = read_whole_file(dir / "err");
  fs::remove_all(dir);
  return run;
}

}  // namespace kibitz::tools::testing
