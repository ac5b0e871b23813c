// kibitz and kibitz-torch (tools/torch_program.h): the kibitz program does
// not link LibTorch, and hands what needs it (training, exploit, networks on
// a CUDA device) to kibitz-torch next to it, or says plainly that it is
// missing.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "tests/tools/kibitz_run.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;
using testing::run_kibitz;

// The shared libraries a program asks the loader for (readelf -d's NEEDED).
std::string needed_libraries(const fs::path& program) {
  const std::string command = "readelf -d '" + program.string() + "' 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
  std::string out;
  char buffer[4096];
  while (pipe && std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr) {
    const std::string line = buffer;
    if (line.find("(NEEDED)") != std::string::npos) out += line;
  }
  return out;
}

TEST(TwoPrograms, KibitzDoesNotLinkLibTorchAndKibitzTorchDoes) {
  const fs::path kibitz = KIBITZ_BINARY;
  const std::string plain = needed_libraries(kibitz);
  const std::string torch = needed_libraries(kibitz.parent_path() / "kibitz-torch");
  ASSERT_NE(plain.find("libc.so"), std::string::npos) << "readelf gave nothing: " << plain;
  EXPECT_EQ(plain.find("torch"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("libc10"), std::string::npos) << plain;
  // The check sees LibTorch where it is linked.
  EXPECT_NE(torch.find("torch"), std::string::npos) << torch;
}

TEST(TwoPrograms, TrainingRunsInKibitzTorch) {
  for (const std::string command : {"train", "exploit"}) {
    const auto run = run_kibitz(command + " --help");
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("usage: kibitz " + command), std::string::npos) << run.out;
  }
  const auto bad = run_kibitz("train --game nosuch --algo ppo --out /nonexistent --steps 1");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("kibitz train: error:"), std::string::npos) << bad.err;
}

// kibitz cannot load a network on CUDA: it runs the whole command line
// again in kibitz-torch, whose answer (the arena's result with a GPU, its
// refusal without one) is what the user sees.
TEST(TwoPrograms, NetworksOnCudaRunInKibitzTorch) {
  const std::string model = std::string(KIBITZ_SOURCE_DIR) + "/training/models/leduc_poker/model.pt";
  const auto run = run_kibitz("arena --game leduc_poker --agents 'nn(model=" + model +
                              ",device=cuda),random' --games 2 --threads 1");
  EXPECT_EQ(run.err.find("does not load"), std::string::npos) << run.err;
  if (run.exit_code != 0) {
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("CUDA is not available"), std::string::npos) << run.err;
  }
}

TEST(TwoPrograms, KibitzAloneSaysKibitzTorchIsMissing) {
  const fs::path dir = fs::temp_directory_path() / ("kibitz_alone_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path alone = dir / "kibitz";
  fs::copy_file(KIBITZ_BINARY, alone, fs::copy_options::overwrite_existing);
  const std::string command = "'" + alone.string() + "' train --help >/dev/null 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  const std::string err = testing::read_whole_file(dir / "err");
  fs::remove_all(dir);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(err.find("kibitz-torch"), std::string::npos) << err;
}

}  // namespace
}  // namespace kibitz::tools
