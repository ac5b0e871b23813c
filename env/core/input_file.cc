#include "env/core/input_file.h"

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "env/core/error.h"

namespace kibitz {
namespace {

std::string describe(std::string_view what, const std::string& path) {
  std::string text = "cannot read ";
  if (!what.empty()) text.append(what).append(" ");
  return text + "'" + path + "'";
}

}  // namespace

void check_regular_file(const std::string& path, std::string_view what) {
  std::error_code code;
  const std::filesystem::file_status status = std::filesystem::status(path, code);
  if (code || !std::filesystem::exists(status)) {
    if (code == std::errc::permission_denied) throw error(describe(what, path), ": permission denied");
    throw error(describe(what, path), ": no such file");
  }
  if (std::filesystem::is_directory(status)) throw error(describe(what, path), ": is a directory");
  if (!std::filesystem::is_regular_file(status)) {
    throw error(describe(what, path), ": not a regular file");
  }
}

std::ifstream open_regular_file(const std::string& path, std::string_view what) {
  check_regular_file(path, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw error(describe(what, path), ": ",
                std::error_code(errno, std::generic_category()).message());
  }
  return in;
}

std::string read_file_limited(const std::string& path, std::uintmax_t max_bytes,
                              std::string_view what) {
  check_regular_file(path, what);
  std::error_code code;
  const std::uintmax_t size = std::filesystem::file_size(path, code);
  if (!code && size > max_bytes) {
    throw error(describe(what, path), ": it is ", size, " bytes, more than the limit of ",
                max_bytes);
  }
  std::ifstream in = open_regular_file(path, what);
  std::string bytes;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > max_bytes) {
      throw error(describe(what, path), ": it grew past the limit of ", max_bytes,
                  " bytes while being read");
    }
  }
  if (in.bad()) throw error(describe(what, path), ": the read failed");
  return bytes;
}

}  // namespace kibitz
