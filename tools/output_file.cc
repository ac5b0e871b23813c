#include "tools/output_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

std::string temporary_path(const std::string& path) {
  // The same directory as the target, so the rename never crosses devices.
  return path + ".tmp." + std::to_string(::getpid());
}

}  // namespace

void check_writable(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    throw error("cannot write '", path, "': it is a directory");
  }
  const std::string temporary = temporary_path(path);
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  if (!out) throw error("cannot write '", path, "': ", std::strerror(errno));
  out.close();
  std::remove(temporary.c_str());
}

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
  const std::string temporary = temporary_path(path);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw error("cannot write '", path, "': ", std::strerror(errno));
    try {
      write(out);
    } catch (...) {
      out.close();
      std::remove(temporary.c_str());
      throw;
    }
    out.close();
    if (out.fail()) {
      std::remove(temporary.c_str());
      throw error("cannot write '", path, "': write failed");
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    std::remove(temporary.c_str());
    throw error("cannot write '", path, "': ", std::strerror(saved));
  }
}

}  // namespace kibitz::tools
