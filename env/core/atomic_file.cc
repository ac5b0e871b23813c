#include "env/core/atomic_file.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "env/core/error.h"

namespace kibitz {
namespace {

// In the target's folder, so the rename never crosses file systems; the
// process id and a counter keep concurrent writers (other processes, other
// threads) off each other's temporary files.
std::string temporary_path(const std::string& path) {
  static std::atomic<std::uint64_t> counter{0};
  return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

std::string describe(std::string_view what, const std::string& path) {
  std::string text = "cannot write ";
  if (!what.empty()) text.append(what).append(" ");
  return text + "'" + path + "'";
}

void remove_quietly(const std::string& path) {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

}  // namespace

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                           std::string_view what) {
  const std::string temporary = temporary_path(path);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw error(describe(what, path), ": ",
                  std::error_code(errno, std::generic_category()).message());
    }
    try {
      write(out);
    } catch (...) {
      out.close();
      remove_quietly(temporary);
      throw;
    }
    out.close();
    if (out.fail()) {
      remove_quietly(temporary);
      throw error(describe(what, path), ": writing '", temporary, "' failed");
    }
  }
  std::error_code code;
  std::filesystem::rename(temporary, path, code);
  if (code) {
    remove_quietly(temporary);
    throw error(describe(what, path), ": ", code.message());
  }
}

void write_file_atomically(const std::string& path, std::string_view text, std::string_view what) {
  write_file_atomically(
      path,
      [text](std::ostream& out) {
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
      },
      what);
}

void check_writable(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    throw error(describe({}, path), ": it is a directory");
  }
  const std::string temporary = temporary_path(path);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw error(describe({}, path), ": ",
                  std::error_code(errno, std::generic_category()).message());
    }
  }
  remove_quietly(temporary);
}

}  // namespace kibitz
