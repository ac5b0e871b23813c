// check_regular_file and read_file_limited: directories, devices and missing
// files are refused by name, and a file read whole never exceeds its limit.
#include "env/core/input_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/error_of.h"

namespace kibitz {
namespace {

std::filesystem::path fresh_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

void write(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

TEST(InputFile, ReadsARegularFileWhole) {
  const auto path = fresh_dir("input_file_reads") / "a.txt";
  write(path, "hello\nworld");
  EXPECT_EQ(read_file_limited(path.string(), 100, "policy"), "hello\nworld");
  EXPECT_EQ(read_file_limited(path.string(), 11, "policy"), "hello\nworld");
}

TEST(InputFile, RefusesAFileOverItsLimitNamingBoth) {
  const auto path = fresh_dir("input_file_limit") / "big.txt";
  write(path, std::string(1000, 'x'));
  const std::string message = error_of([&] { read_file_limited(path.string(), 999, "policy"); });
  EXPECT_NE(message.find("cannot read policy '" + path.string() + "'"), std::string::npos)
      << message;
  EXPECT_NE(message.find("1000 bytes"), std::string::npos) << message;
  EXPECT_NE(message.find("999"), std::string::npos) << message;
}

TEST(InputFile, RefusesADirectory) {
  const auto dir = fresh_dir("input_file_dir");
  EXPECT_EQ(error_of([&] { check_regular_file(dir.string(), "checkpoint"); }),
            "cannot read checkpoint '" + dir.string() + "': is a directory");
  EXPECT_EQ(error_of([&] { read_file_limited(dir.string(), 10); }),
            "cannot read '" + dir.string() + "': is a directory");
}

TEST(InputFile, RefusesADeviceWithoutReadingIt) {
  // /dev/zero never ends: reading it whole would never finish.
  EXPECT_EQ(error_of([] { read_file_limited("/dev/zero", 1 << 20, "policy"); }),
            "cannot read policy '/dev/zero': not a regular file");
  EXPECT_EQ(error_of([] { open_regular_file("/dev/null", "replay"); }),
            "cannot read replay '/dev/null': not a regular file");
}

TEST(InputFile, RefusesAMissingFile) {
  const auto path = fresh_dir("input_file_missing") / "absent.pt";
  EXPECT_EQ(error_of([&] { check_regular_file(path.string(), "checkpoint"); }),
            "cannot read checkpoint '" + path.string() + "': no such file");
}

TEST(InputFile, OpensARegularFile) {
  const auto path = fresh_dir("input_file_open") / "a.bin";
  write(path, "abc");
  std::ifstream in = open_regular_file(path.string());
  std::string text;
  in >> text;
  EXPECT_EQ(text, "abc");
}

}  // namespace
}  // namespace kibitz
