#include "tools/streamed_file.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

// Beside the target, so the rename never crosses file systems; the pid and
// a counter keep processes (and files of one process) off each other's.
std::string temporary_beside(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

}  // namespace

StreamedFile::StreamedFile(std::string path, std::string what)
    : path_(std::move(path)), what_(std::move(what)), temporary_(temporary_beside(path_)) {
  out_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    throw error("cannot write ", what_, " '", path_, "': ", std::strerror(errno));
  }
}

StreamedFile::~StreamedFile() {
  if (committed_) return;
  out_.close();
  std::remove(temporary_.c_str());
}

void StreamedFile::commit() {
  KIBITZ_CHECK(!committed_, "StreamedFile committed twice");
  out_.flush();
  const bool written = static_cast<bool>(out_);
  out_.close();
  if (!written || out_.fail()) {
    std::remove(temporary_.c_str());
    committed_ = true;
    throw error("cannot write ", what_, " '", path_, "': writing '", temporary_, "' failed");
  }
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    const int code = errno;
    std::remove(temporary_.c_str());
    committed_ = true;
    throw error("cannot write ", what_, " '", path_, "': ", std::strerror(code));
  }
  committed_ = true;
}

}  // namespace kibitz::tools
