// write_file_atomically and check_writable: the target holds either the old
// bytes or all the new ones, no temporary file stays behind, and failures
// name the file.
#include "env/core/atomic_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "env/core/error.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

// Holds where `text` contains `part`; prints both where not.
::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

// A fresh, empty folder per test.
std::filesystem::path fresh_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int files_in(const std::filesystem::path& dir) {
  int count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++count;
  return count;
}

TEST(AtomicFile, WritesAndReplacesLeavingOnlyTheTarget) {
  const auto dir = fresh_dir("atomic_replace");
  const std::string path = (dir / "out.txt").string();
  write_file_atomically(path, std::string_view("first\n"));
  EXPECT_EQ(read(path), "first\n");
  write_file_atomically(path, [](std::ostream& out) { out << "second" << '\0' << "binary"; });
  EXPECT_EQ(read(path), std::string("second\0binary", 13));
  EXPECT_EQ(files_in(dir), 1);
}

TEST(AtomicFile, AThrowingWriterLeavesTheOldFileAndNoTemporary) {
  const auto dir = fresh_dir("atomic_throw");
  const std::string path = (dir / "out.txt").string();
  write_file_atomically(path, std::string_view("old"));
  EXPECT_THROW(write_file_atomically(path,
                                     [](std::ostream& out) {
                                       out << "half";
                                       throw std::runtime_error("interrupted");
                                     }),
               std::runtime_error);
  EXPECT_EQ(read(path), "old");
  EXPECT_EQ(files_in(dir), 1);
}

TEST(AtomicFile, FailuresNameTheFileAndWhatItIs) {
  const auto dir = fresh_dir("atomic_fail");
  const std::string missing = (dir / "no_such_dir" / "out.ckpt").string();
  EXPECT_TRUE(contains(
      error_of([&] { write_file_atomically(missing, std::string_view("x"), "checkpoint"); }),
      "cannot write checkpoint '" + missing + "': "));
  EXPECT_TRUE(contains(error_of([&] { write_file_atomically(missing, std::string_view("x")); }),
                       "cannot write '" + missing + "': "));
  // Renaming onto a folder fails after the temporary was written: it is
  // removed again.
  std::filesystem::create_directories(dir / "a_folder" / "inside");
  const std::string folder = (dir / "a_folder").string();
  EXPECT_TRUE(contains(error_of([&] { write_file_atomically(folder, std::string_view("x")); }),
                       "cannot write '" + folder + "'"));
  EXPECT_EQ(files_in(dir), 1);
}

TEST(AtomicFile, CheckWritableRefusesFoldersAndMissingParents) {
  const auto dir = fresh_dir("atomic_check");
  check_writable((dir / "fine.json").string());
  EXPECT_EQ(files_in(dir), 0);
  EXPECT_TRUE(contains(error_of([&] { check_writable(dir.string()); }), "it is a directory"));
  const std::string missing = (dir / "nope" / "x.json").string();
  EXPECT_TRUE(
      contains(error_of([&] { check_writable(missing); }), "cannot write '" + missing + "'"));
}

}  // namespace
}  // namespace kibitz
